// Completion in app files, editor-agnostic (the VS Code adapter only converts the entries, as
// for task files): keys from the schema (a screen's are its module's parameters, an action's
// the action kinds), module kinds, navigate targets, `@string` keys, tables and columns inside
// SQL (only tables after FROM/JOIN), and CEL variables with `row.` / `t.` / `params.` fields.
import { isScalar } from 'yaml';
import type { SqlJsStatic } from 'sql.js';
import { resolveRef } from '../../../task/schema';
import { columnEntries, READ_KEYWORDS, TABLE_POSITION, tableEntries, type CompletionEntry } from '../../../task/language/completion';
import { lineContext, nodeAt, type PathSegment } from '../../../task/language/cursor';
import { describeType } from '../../../task/language/schema-nav';
import { matchedSql } from '../../../mockphone/apps/modules/match';
import type { QuerySpec } from '../../../mockphone/apps/modules/spec';
import { APP_SCHEMA } from '../parse-app-file';
import { OWN, paramsInto, readAppDocument, stringKeys, type AppDocument } from './app-document';
import { ICON_NAMES, iconImage } from '../icon-glyphs';
import { appKeysAt, appSchemasAt, isCelAt, isIconAt, moduleKinds } from './app-schema';
import { scaffoldApp } from './scaffold';

/** What CEL sees in an app's bindings (docs/authoring-apps.md, "Texts and expressions"). */
export const CEL_VARIABLES: Record<string, string> = {
  row: 'the row in hand (a list item, the detail\'s row, a menu\'s row): the columns of the screen\'s query',
  params: 'the screen\'s params (given by `navigate` with `params:`)',
  fields: 'the screen\'s text fields',
  search: 'the list\'s search text',
  now: 'the virtual clock, ms',
  t: 'the locale\'s strings (`t.title`)',
  locale: '`en-US` or `zh-CN`',
};

/** The functions apps' CEL has beyond the standard ones (src/task/cel.ts), for completion after a field and hover. */
export const CEL_TEXT_FUNCTIONS: Record<string, { insert: string; doc: string }> = {
  truncate: {
    insert: 'truncate(30)',
    doc: '`s.truncate(n)`: the first n characters of the text (all of it when shorter) — a preview or content-desc cut to a length: `row.title != \'\' ? row.title : row.body.truncate(30)`.',
  },
};

export function completeAppAt(text: string, offset: number, sql?: SqlJsStatic): CompletionEntry[] {
  // An empty file: a whole app to start from.
  if (/^\s*(?:a|ap|app)?\s*$/.test(text)) {
    return [{
      label: 'app', kind: 'value', detail: 'new mock app (list, detail and form screens)',
      documentation: 'An app that loads as it is: a table with seed rows, strings in both locales, a list, a detail and a form. Change the package first.',
      insertText: scaffoldApp({ package: 'com.example.myapp', label: 'My App' }),
    }];
  }
  const doc = readAppDocument(text, sql);
  const before = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  // A plain scalar's range stops before trailing spaces ("FROM |"): probe from the last word.
  let probe = offset;
  while (probe > 0 && text[probe - 1] === ' ') probe--;
  const atOffset = nodeAt(doc.src, offset);
  const at = atOffset && isScalar(atOffset.node) ? atOffset : (nodeAt(doc.src, probe) ?? atOffset);
  const inScalar = at && isScalar(at.node) && at.node.range && probe <= at.node.range[1] && probe > at.node.range[0];
  if (at && inScalar && !at.onKey && isScalar(at.node) && typeof at.node.value === 'string') {
    const valueBefore = text.slice(at.node.range![0], offset).replace(/^["']/, '');
    const found = valueEntries(doc, at.path, valueBefore);
    if (found) return found;
  }
  const ctx = lineContext(text, offset);
  if (ctx.position === 'key') {
    const keys = appKeysAt(doc.root, ctx.path);
    if (keys.length > 0) {
      return keys.map((k) => ({
        label: k.name, kind: 'key' as const, detail: describeType(k.schema, APP_SCHEMA), ...(k.description ? { documentation: k.description } : {}), insertText: `${k.name}: `,
      }));
    }
  }
  // A value being typed after `key:` (the parser may not have placed it yet).
  const key = ctx.key ?? (typeof ctx.path.at(-2) === 'string' ? (ctx.path.at(-2) as string) : undefined);
  const valuePath: PathSegment[] = ctx.key ? [...ctx.path, ctx.key] : ctx.path;
  const typed = ctx.position === 'value' ? before.replace(/^.*?:\s*/, '').replace(/^["'[{]\s*/, '') : '';
  if (key) {
    const found = valueEntries(doc, valuePath, typed);
    if (found) return found;
  }
  const values: CompletionEntry[] = [];
  for (const s of appSchemasAt(doc.root, valuePath)) {
    const r = resolveRef(s, APP_SCHEMA);
    for (const e of r.enum ?? []) values.push({ label: String(e), kind: 'value', ...(r.description ? { documentation: r.description } : {}) });
    if (r.type === 'boolean') values.push({ label: 'true', kind: 'value' }, { label: 'false', kind: 'value' });
  }
  return values;
}

/** Entries for a value at `path` of which `typed` is written so far; undefined: nothing special here. */
function valueEntries(doc: AppDocument, path: readonly PathSegment[], typed: string): CompletionEntry[] | undefined {
  const last = path.at(-1);
  if (last === 'module' && path[0] === 'screens' && path.length === 3) return moduleEntries();
  if (last === 'navigate') return doc.screens.map((s) => ({ label: s, kind: 'value' as const, detail: 'screen' }));
  if (last === 'sql' && path.includes('query')) return sqlEntries(doc, typed);
  if (last === 'table') return tableEntries(doc.catalog, OWN).map((e) => ({ ...e, detail: 'table' }));
  // `@key` in a text: the strings.
  const at = /^@([\w.-]*)$/.exec(typed);
  if (at) {
    return [...stringKeys(doc)].map(([k, byLocale]) => ({
      label: k, kind: 'value' as const, detail: Object.values(byLocale)[0] ?? '',
      documentation: Object.entries(byLocale).map(([l, v]) => `- ${l}: ${v}`).join('\n'),
    }));
  }
  if (isIconAt(doc.root, path)) return iconEntries();
  const cel = typed.startsWith('=') || isCelAt(doc.root, path);
  if (cel) return celEntries(doc, path, typed);
  return undefined;
}

/** The phone's glyphs, each with its picture. */
function iconEntries(): CompletionEntry[] {
  return ICON_NAMES.map((name) => ({ label: name, kind: 'value' as const, detail: 'icon glyph', documentation: iconImage(name, 48)! }));
}

function moduleEntries(): CompletionEntry[] {
  return moduleKinds().map((m) => ({
    label: m.name, kind: 'value' as const, detail: 'module',
    ...(m.description || m.schema ? { documentation: moduleDoc(m.name) } : {}),
  }));
}

/** A module's description and its parameters (markdown): completion documentation and hover. */
export function moduleDoc(name: string): string {
  const m = moduleKinds().find((k) => k.name === name);
  if (!m) return '';
  const required = new Set(m.schema?.required ?? []);
  const params = Object.entries(m.schema?.properties ?? {}).filter(([k]) => k !== 'module')
    .map(([k, p]) => `- \`${k}\`${required.has(k) ? ' (required)' : ''}${resolveRef(p, APP_SCHEMA).description ? ` — ${resolveRef(p, APP_SCHEMA).description}` : ''}`);
  return [`**module \`${name}\`**`, m.description ?? '', params.length ? `Parameters:\n${params.join('\n')}` : ''].filter(Boolean).join('\n\n');
}

function sqlEntries(doc: AppDocument, typed: string): CompletionEntry[] {
  const dotted = /([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_]*)$/.exec(typed);
  if (dotted) return columnEntries(doc.catalog, OWN, dotted[1]);
  const tables = tableEntries(doc.catalog, OWN).map((e) => ({ ...e, detail: 'table' }));
  if (TABLE_POSITION.test(typed)) return tables;
  return [...tables, ...columnEntries(doc.catalog, OWN), ...READ_KEYWORDS.map((k) => ({ label: k, kind: 'keyword' as const }))];
}

function celEntries(doc: AppDocument, path: readonly PathSegment[], typed: string): CompletionEntry[] {
  const field = /\b([A-Za-z_]\w*)\.(\w*)$/.exec(typed);
  const screen = path[0] === 'screens' && typeof path[1] === 'string' ? path[1] : undefined;
  if (field?.[1] === 'row') {
    const query = screen ? queryOf(doc, screen) : undefined;
    const columns = query && doc.catalog ? doc.catalog.checkSql(OWN, query).columns ?? [] : [];
    return columns.map((c) => ({ label: c, kind: 'column' as const, detail: 'a column of the screen\'s query' }));
  }
  if (field?.[1] === 't') return [...stringKeys(doc)].map(([k, v]) => ({ label: k, kind: 'value' as const, detail: Object.values(v)[0] ?? '' }));
  if (field?.[1] === 'params') return screen ? paramsInto(doc, screen).map((p) => ({ label: p, kind: 'param' as const, detail: `given by navigate: ${screen}` })) : [];
  // After a field (`row.body.`): the text functions.
  if (field && /\b[A-Za-z_]\w*\.[A-Za-z_]\w*\.\w*$/.test(typed)) {
    return Object.entries(CEL_TEXT_FUNCTIONS).map(([name, f]) => ({ label: name, kind: 'value' as const, detail: 'CEL text function', documentation: f.doc, insertText: f.insert }));
  }
  if (field) return [];
  return Object.entries(CEL_VARIABLES).map(([name, what]) => ({ label: name, kind: 'param' as const, detail: 'CEL variable', documentation: what }));
}

/** The SQL of a screen's query as SQLite can check it (hover reads its columns too). */
export function queryOf(doc: AppDocument, screen: string): string | undefined {
  const s = doc.src.doc.toJS({ maxAliasCount: 100 }) as { screens?: Record<string, { query?: { sql?: unknown; match?: QuerySpec['match'] } }> } | null;
  const q = s?.screens?.[screen]?.query;
  if (typeof q?.sql !== 'string') return undefined;
  // A match's {match} as it runs for one word, so SQLite can tell the columns.
  return Array.isArray(q.match?.columns) ? matchedSql({ sql: q.sql, match: q.match }, 1) : q.sql;
}
