// What a run left behind, for telling a wrong run from an equivalent one: every app
// database's rows (timestamps left out: dropping a step shifts the virtual clock, which is
// not a different outcome), the answer when an answer verifier reads it, and the final
// screen when a ui verifier reads it.
import type { Device, SqlRow } from '../../device/device';
import type { AppCatalog } from '../app-catalog';
import { parseUiTree } from '../../device/ui-tree';

export interface EndState {
  tables: Map<string, string>;
  answer?: string;
  screen?: string;
}

export interface EndStateOptions {
  answer?: string;
  includeAnswer: boolean;
  includeScreen: boolean;
}

const TIME_COLUMN = /(^|_)(at|ts|time|timestamp|date|created|updated|modified|seen|read_at|last_\w+)$/i;
// Read/seen flags change by looking (opening a conversation marks it read): a side effect
// of navigating, not an outcome a task asks for.
// Logs and histories record the route (what was typed into a search box), not the outcome.
const LOG_TABLE = /(^|_)(log|logs|history|searches|recents?)$/i;
// What a search box holds is the route too: the outcome is what was picked from the results.
const LOOK_COLUMN = /^(read|is_read|seen|unread|unread_count|opened|views?|view_count|visits|keyword|query|search_text|search_query|term)$/i;

function normalizeRows(rows: SqlRow[]): string {
  const norm = rows.map((r) => JSON.stringify(Object.entries(r).filter(([k]) => !TIME_COLUMN.test(k) && !LOOK_COLUMN.test(k)).map(([k, v]) => [k, v instanceof Uint8Array ? `<${v.length} bytes>` : v])));
  return norm.sort().join('\n');
}

export async function captureEndState(device: Device, catalog: AppCatalog, options: EndStateOptions): Promise<EndState> {
  const tables = new Map<string, string>();
  if (device.queryApp) {
    for (const pkg of catalog.packages()) {
      for (const t of catalog.tables(pkg)) {
        if (LOG_TABLE.test(t.name)) continue;
        try {
          tables.set(`${pkg}/${t.name}`, normalizeRows(await device.queryApp(pkg, `SELECT * FROM "${t.name.replace(/"/g, '""')}"`)));
        } catch {
          // An app without its database on this device: nothing to compare.
        }
      }
    }
  }
  const state: EndState = { tables };
  if (options.includeAnswer) state.answer = (options.answer ?? '').trim();
  if (options.includeScreen) {
    try {
      const tree = parseUiTree(await device.uiTree());
      state.screen = tree.nodes.filter((n) => n.text || n.contentDesc).map((n) => `${n.text}|${n.contentDesc}|${n.checked ? 1 : 0}${n.selected ? 1 : 0}`).join('\n');
    } catch {
      state.screen = '';
    }
  }
  return state;
}

/** How `b` differs from `a`, in a few words; undefined when they are the same outcome. */
export function describeDifference(a: EndState, b: EndState): string | undefined {
  for (const [key, rows] of a.tables) {
    const other = b.tables.get(key) ?? '';
    if (other === rows) continue;
    const na = rows ? rows.split('\n').length : 0;
    const nb = other ? other.split('\n').length : 0;
    const table = key.split('/').pop();
    return nb === na ? `different rows in ${table}` : `${Math.abs(nb - na)} ${nb > na ? 'more' : 'fewer'} row${Math.abs(nb - na) === 1 ? '' : 's'} in ${table}`;
  }
  if (a.answer !== b.answer) return `answer ${JSON.stringify(b.answer)} instead of ${JSON.stringify(a.answer)}`;
  if (a.screen !== b.screen) return 'a different final screen';
  return undefined;
}
