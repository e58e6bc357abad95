// What a run left behind, for telling a wrong run from an equivalent one: every app
// database's rows (timestamps left out: dropping a step shifts the virtual clock, which is
// not a different outcome), the answer when an answer verifier reads it, and the final
// screen when a ui verifier reads it.
import type { Device, SqlRow } from '../../device/device';
import type { AppCatalog } from '../app-catalog';
import { parseUiTree } from '../../device/ui-tree';

export interface EndState {
  tables: Map<string, string>;
  /**
   * Per table, each row's times (timestamp columns), in the order of its masked rows: a time
   * is the outcome when it moves by more than the clock drift of a shorter run (an event on
   * another day), and noise when it moves by seconds (created_at after a dropped step).
   */
  times?: Map<string, [string, number][][]>;
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

/** More than this apart (15 minutes in ms, or in s for second-valued columns), a time is an outcome. */
const TIME_TOLERANCE_MS = 15 * 60_000;

function masked(r: SqlRow): string {
  return JSON.stringify(Object.entries(r).filter(([k]) => !TIME_COLUMN.test(k) && !LOOK_COLUMN.test(k)).map(([k, v]) => [k, v instanceof Uint8Array ? `<${v.length} bytes>` : v]));
}

function normalizeRows(rows: SqlRow[]): { rows: string; times: [string, number][][] } {
  const keyed = rows.map((r) => ({ m: masked(r), t: Object.entries(r).filter(([k, v]) => TIME_COLUMN.test(k) && !LOOK_COLUMN.test(k) && typeof v === 'number') as [string, number][] }));
  keyed.sort((a, b) => (a.m < b.m ? -1 : a.m > b.m ? 1 : JSON.stringify(a.t) < JSON.stringify(b.t) ? -1 : 1));
  return { rows: keyed.map((k) => k.m).join('\n'), times: keyed.map((k) => k.t) };
}

export async function captureEndState(device: Device, catalog: AppCatalog, options: EndStateOptions): Promise<EndState> {
  const tables = new Map<string, string>();
  const times = new Map<string, [string, number][][]>();
  if (device.queryApp) {
    for (const pkg of catalog.packages()) {
      for (const t of catalog.tables(pkg)) {
        if (LOG_TABLE.test(t.name)) continue;
        try {
          const n = normalizeRows(await device.queryApp(pkg, `SELECT * FROM "${t.name.replace(/"/g, '""')}"`));
          tables.set(`${pkg}/${t.name}`, n.rows);
          if (n.times.some((r) => r.length > 0)) times.set(`${pkg}/${t.name}`, n.times);
        } catch {
          // An app without its database on this device: nothing to compare.
        }
      }
    }
  }
  const state: EndState = { tables, times };
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
  for (const [key, rows] of a.times ?? []) {
    const other = b.times?.get(key) ?? [];
    for (const [i, row] of rows.entries()) {
      for (const [col, v] of row) {
        const w = other[i]?.find(([c]) => c === col)?.[1];
        if (w === undefined) continue;
        const tolerance = Math.max(Math.abs(v), Math.abs(w)) > 1e11 ? TIME_TOLERANCE_MS : TIME_TOLERANCE_MS / 1000;
        if (Math.abs(v - w) > tolerance) return `a different ${col} in ${key.split('/').pop()} (by ${describeSpan(Math.abs(v - w), tolerance === TIME_TOLERANCE_MS ? 1 : 1000)})`;
      }
    }
  }
  if (a.answer !== b.answer) return `answer ${JSON.stringify(b.answer)} instead of ${JSON.stringify(a.answer)}`;
  if (a.screen !== b.screen) return 'a different final screen';
  return undefined;
}

/** Rows of a table's masked rows, counted (a multiset: two equal rows are two). */
function counted(rows: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows ? rows.split('\n') : []) out.set(r, (out.get(r) ?? 0) + 1);
  return out;
}

/**
 * Whether a run edited other things beside the task's own: where the solution only edits rows
 * that exist (no table grows: starring, renaming, deleting), the rows it left as they were must
 * be left so by the run too. Returns the tables where the run changed or deleted such rows, in
 * a few words; undefined when it did not, or when the solution adds rows (a task that creates
 * things: doing it for another value too is the "done twice" question, loose-counts.ts).
 */
export function editedBeside(initial: EndState, solution: EndState, run: EndState): string | undefined {
  const size = (rows: string | undefined): number => (rows ? rows.split('\n').length : 0);
  for (const [key, rows] of solution.tables) if (size(rows) > size(initial.tables.get(key))) return undefined;
  const out: string[] = [];
  for (const [key, rows] of solution.tables) {
    const before = counted(initial.tables.get(key));
    const after = counted(rows);
    const got = counted(run.tables.get(key));
    let edited = 0;
    for (const [row, n] of before) {
      const untouched = Math.min(n, after.get(row) ?? 0);
      edited += Math.max(0, untouched - (got.get(row) ?? 0));
    }
    if (edited > 0) out.push(`${edited} other row${edited === 1 ? '' : 's'} of ${key.split('/').pop()} changed or deleted`);
  }
  return out.length ? out.join(', ') : undefined;
}

function describeSpan(units: number, msPerUnit: number): string {
  const min = (units * msPerUnit) / 60_000;
  if (min >= 2 * 1440) return `${Math.round(min / 1440)} days`;
  if (min >= 1440) return '1 day';
  if (min >= 120) return `${Math.round(min / 60)} hours`;
  return `${Math.round(min)} minutes`;
}
