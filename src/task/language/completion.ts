// Completion in task files, editor-agnostic (the VS Code adapter only converts the entries):
// keys from the schema, enum values, app packages, tables and columns inside SQL and rule
// fields, tool names, selector keys, and param names in `{…}` slots and `:name` SQL params.
import { isMap, isScalar, type Node, type YAMLMap } from 'yaml';
import type { AppCatalog } from '../app-catalog';
import { resolveRef } from '../schema';
import { mapGet, parseYamlSource, type YamlSource } from '../yaml-source';
import { lineContext, nodeAt, type PathSegment } from './cursor';
import { defaultTaskId, scaffoldTask } from './scaffold';
import { describeType, keysAt, schemasAt } from './schema-nav';
import { trapsOf } from '../check/traps';

export type CompletionKind = 'key' | 'value' | 'app' | 'table' | 'column' | 'param' | 'keyword';

export interface CompletionEntry {
  label: string;
  kind: CompletionKind;
  detail?: string;
  documentation?: string;
  /** Text to insert when it differs from the label (e.g. `key: `). */
  insertText?: string;
}

const APP_KEYS = new Set(['app', 'open_app', 'close_app', 'start_app']);
export const READ_KEYWORDS = ['SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'NOT', 'LIKE', 'IN', 'IS NULL', 'COUNT(*)', 'ORDER BY', 'LIMIT', 'JOIN', 'GROUP BY'];
/** Only where SQL may change state (setup fixtures); a verifier's query is read-only. */
const WRITE_KEYWORDS = ['INSERT INTO', 'VALUES', 'UPDATE', 'SET', 'DELETE FROM'];
/** The word before the cursor names a table: only tables fit there. */
export const TABLE_POSITION = /\b(FROM|JOIN|INTO|UPDATE)\s+[A-Za-z_]*$/i;
/** `apps: [com.x, com.y|` — a flow list of packages, finished or not (an open `[` is a YAML error). */
const FLOW_APPS = /^\s*(?:-\s+)?apps:\s*\[[^\]]*$/;

export function isSuiteFile(src: YamlSource): boolean {
  return isMap(src.doc.contents) && mapGet(src.doc.contents, 'tasks') !== undefined;
}

/** The task mapping that encloses the cursor (the root, or an item of `tasks`). */
export function enclosingTask(src: YamlSource, offset: number): YAMLMap | undefined {
  const root = src.doc.contents;
  if (!isMap(root)) return undefined;
  if (!isSuiteFile(src)) return root;
  const at = nodeAt(src, offset);
  if (at && at.path[0] === 'tasks' && typeof at.path[1] === 'number') {
    const t = at.parents[2] ?? (at.path.length === 2 ? at.node : undefined);
    if (isMap(t)) return t;
  }
  return undefined;
}

export function paramNames(task: YAMLMap | undefined): string[] {
  const params = mapGet(task, 'params');
  return isMap(params) ? params.items.map((p) => String((p.key as { value?: unknown }).value)) : [];
}

function paramEntries(task: YAMLMap | undefined, prefix = ''): CompletionEntry[] {
  const params = mapGet(task, 'params');
  return paramNames(task).filter((n) => n.startsWith(prefix)).map((name) => {
    const def = isMap(params) ? mapGet(params, name) : undefined;
    return { label: name, kind: 'param' as const, detail: 'param', ...(def ? { documentation: JSON.stringify(def.toJSON()) } : {}) };
  });
}

function appEntries(catalog: AppCatalog | undefined): CompletionEntry[] {
  return (catalog?.packages() ?? []).map((p) => ({ label: p, kind: 'app' as const, detail: catalog?.label(p) ?? 'app' }));
}

export function tableEntries(catalog: AppCatalog | undefined, app: string | undefined): CompletionEntry[] {
  if (!catalog) return [];
  const apps = app && catalog.has(app) ? [app] : catalog.packages();
  return apps.flatMap((a) => catalog.tables(a).map((t) => ({ label: t.name, kind: 'table' as const, detail: `table in ${a}`, documentation: t.columns.map((c) => `${c.name} ${c.type}`).join(', ') })));
}

export function columnEntries(catalog: AppCatalog | undefined, app: string | undefined, table?: string): CompletionEntry[] {
  if (!catalog) return [];
  const apps = app && catalog.has(app) ? [app] : catalog.packages();
  const seen = new Set<string>();
  const out: CompletionEntry[] = [];
  for (const a of apps) {
    for (const t of catalog.tables(a)) {
      if (table && t.name !== table) continue;
      for (const c of t.columns) {
        const key = `${t.name}.${c.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ label: c.name, kind: 'column', detail: `${t.name}.${c.name} ${c.type}` });
      }
    }
  }
  return out;
}

/** The app a SQL scalar talks to: the sibling `app:` of a verifier, or the key of setup.sql. */
function sqlAppOf(path: readonly PathSegment[], parents: readonly Node[]): string | undefined {
  const i = path.lastIndexOf('sql');
  if (i < 0) return undefined;
  if (path[i - 1] === 'setup' && typeof path[i + 1] === 'string') return path[i + 1] as string;
  const sqlMap = parents[i + 1];
  const app = isMap(sqlMap) ? mapGet(sqlMap, 'app') : undefined;
  return isScalar(app) ? String(app.value) : undefined;
}

function isSqlPath(path: readonly PathSegment[]): boolean {
  const i = path.lastIndexOf('sql');
  if (i < 0) return false;
  if (path[i - 1] === 'setup') return path.length === i + 3;
  return path[i + 1] === 'query' && path.length === i + 2;
}

/** setup.sql fixtures may write; every other SQL (verifier queries) is read-only. */
function isFixturePath(path: readonly PathSegment[]): boolean {
  const i = path.lastIndexOf('sql');
  return i > 0 && path[i - 1] === 'setup';
}

export function completeAt(text: string, offset: number, catalog?: AppCatalog, src: YamlSource = parseYamlSource(text, 'completion')): CompletionEntry[] {
  // An empty file: a whole task to start from, one per app.
  if (/^\s*(?:t|ta|tas|task)?\s*$/.test(text)) {
    const apps = catalog?.packages() ?? [];
    return (apps.length ? apps : ['com.phonebuddy.notes']).map((app) => ({
      label: `task on ${catalog?.label(app) ?? app}`, kind: 'value' as const, detail: `new task scaffold (${app})`,
      documentation: 'A task with a goal, params, a verifier and a reference solution to fill in.',
      insertText: scaffoldTask({ id: defaultTaskId(app), app, catalog }),
    }));
  }
  const task = enclosingTask(src, offset);
  const before = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  // `{par|` in any text: param names.
  const slot = /\{([A-Za-z_][A-Za-z0-9_]*)?$/.exec(before);
  if (slot && !/\{\{$/.test(before)) return paramEntries(task, slot[1] ?? '');
  // A plain scalar's range stops before trailing spaces ("FROM |"): probe from the last word.
  let probe = offset;
  while (probe > 0 && text[probe - 1] === ' ') probe--;
  const atOffset = nodeAt(src, offset);
  const at = atOffset && isScalar(atOffset.node) ? atOffset : (nodeAt(src, probe) ?? atOffset);
  const inScalar = at && isScalar(at.node) && at.node.range && probe <= at.node.range[1] && probe > at.node.range[0];
  if (at && inScalar && !at.onKey && isScalar(at.node) && typeof at.node.value === 'string' && isSqlPath(at.path)) {
    const app = sqlAppOf(at.path, at.parents);
    const sqlParam = /:([A-Za-z_][A-Za-z0-9_]*)?$/.exec(before);
    if (sqlParam) return paramEntries(task, sqlParam[1] ?? '');
    const dotted = /([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_]*)$/.exec(before);
    if (dotted) return columnEntries(catalog, app, dotted[1]);
    if (TABLE_POSITION.test(before)) return tableEntries(catalog, app);
    const keywords = isFixturePath(at.path) ? [...READ_KEYWORDS, ...WRITE_KEYWORDS] : READ_KEYWORDS;
    return [...tableEntries(catalog, app), ...columnEntries(catalog, app), ...keywords.map((k) => ({ label: k, kind: 'keyword' as const }))];
  }
  if (FLOW_APPS.test(before)) return appEntries(catalog);
  const ctx = lineContext(text, offset);
  const fileIsSuite = isSuiteFile(src);
  if (ctx.position === 'key') {
    // setup.sql is keyed by app package.
    if (ctx.path.at(-1) === 'sql' && ctx.path.at(-2) === 'setup') return appEntries(catalog).map((e) => ({ ...e, insertText: `${e.label}:` }));
    const keys = keysAt(ctx.path, fileIsSuite);
    // A list item of scalars (`apps:` → `- `) is a value position, not a key.
    if (keys.length > 0) {
      return keys.map((k) => ({
        label: k.name, kind: 'key' as const, detail: describeType(k.schema), ...(k.description ? { documentation: k.description } : {}), insertText: `${k.name}: `,
      }));
    }
  }
  // Values.
  const key = ctx.key ?? (typeof ctx.path.at(-2) === 'string' ? (ctx.path.at(-2) as string) : undefined);
  const valuePath = ctx.key ? [...ctx.path, ctx.key] : ctx.path;
  if ((key && APP_KEYS.has(key)) || ctx.path.at(-2) === 'apps' || (ctx.key === undefined && ctx.path.at(-1) === 'apps')) return appEntries(catalog);
  const parentMap = at && isMap(at.parents.at(-1)) ? (at.parents.at(-1) as YAMLMap) : undefined;
  const appNode = parentMap ? mapGet(parentMap, 'app') : undefined;
  const app = isScalar(appNode) ? String(appNode.value) : undefined;
  if (key === 'table') return tableEntries(catalog, app);
  if (key === 'name' && ctx.path.includes('perturbations')) {
    return (catalog?.perturbations?.() ?? []).map((p) => ({ label: p.name, kind: 'value' as const, detail: 'perturbation', documentation: Object.entries(p.params).map(([k, d]) => `- \`${k}\`: ${d}`).join('\n') || 'no params' }));
  }
  if (key === 'field') return columnEntries(catalog, undefined);
  // A counterexample's `violates:` names one of the task's traps (its verifiers' `safety:`).
  if (key === 'violates' && ctx.path.includes('counterexamples')) {
    return trapsOf(mapGet(task, 'verify')?.toJSON()).map((t) => ({ label: t.kind, kind: 'value' as const, detail: 'trap', documentation: `the verifier at ${t.path} has safety: ${t.kind}` }));
  }
  const values: CompletionEntry[] = [];
  for (const s of schemasAt(valuePath, fileIsSuite)) {
    const r = resolveRef(s);
    for (const e of r.enum ?? []) values.push({ label: String(e), kind: 'value', ...(r.description ? { documentation: r.description } : {}) });
    if (r.type === 'boolean') values.push({ label: 'true', kind: 'value' }, { label: 'false', kind: 'value' });
  }
  return values;
}
