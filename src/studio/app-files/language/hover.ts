// Hover in app files, editor-agnostic: a key's description from the schema (a screen's keys
// are its module's parameters), a module kind with its parameters, a navigate target, a
// table's columns (in SQL, `table:` values and seed rows), a `@key` string's value per locale,
// an icon glyph's picture (or, for a name the phone lacks, the names it has), and in an
// expression `row.x` (the screen's query's columns), `params.x` (what navigate hands the
// screen), `t.x` (the string) and the CEL variables.
import { isScalar } from 'yaml';
import type { SqlJsStatic } from 'sql.js';
import type { HoverInfo } from '../../../task/language/navigation';
import { nodeAt } from '../../../task/language/cursor';
import { describeType } from '../../../task/language/schema-nav';
import { offsetsOf } from '../../../task/yaml-source';
import { APP_SCHEMA } from '../parse-app-file';
import { OWN, paramsInto, readAppDocument, stringKeys, type AppDocument } from './app-document';
import { ICON_NAMES, iconImage } from '../icon-glyphs';
import { appKeysAt, isCelAt, isIconAt, screenModule } from './app-schema';
import { CEL_TEXT_FUNCTIONS, CEL_VARIABLES, moduleDoc, queryOf } from './completion';

export function appHoverAt(text: string, offset: number, sql?: SqlJsStatic): HoverInfo | undefined {
  const doc = readAppDocument(text, sql);
  const at = nodeAt(doc.src, offset);
  if (!at) return undefined;
  const range = offsetsOf(at.node)!;
  const last = at.path.at(-1);
  if (at.onKey) {
    const name = String(last);
    // A screen's name: which module it is.
    if (at.path.length === 2 && at.path[0] === 'screens') {
      const kind = screenModule(doc.root, name);
      return { markdown: `**screen \`${name}\`**${kind ? `\n\n${moduleDoc(kind)}` : ''}`, range };
    }
    // A table's key in the seed rows.
    if (at.path.length === 5 && at.path[1] === 'seed' && at.path[2] === 'rows') return tableHover(doc, name, range);
    const info = appKeysAt(doc.root, at.path.slice(0, -1)).find((k) => k.name === name);
    if (info) return { markdown: `**${name}** — \`${describeType(info.schema, APP_SCHEMA)}\`\n\n${info.description ?? ''}`, range };
    return undefined;
  }
  if (!isScalar(at.node) || typeof at.node.value !== 'string') return undefined;
  const value = at.node.value;
  if (last === 'module' && at.path[0] === 'screens' && at.path.length === 3) {
    const md = moduleDoc(value);
    return md ? { markdown: md, range } : undefined;
  }
  if (last === 'navigate') {
    const kind = screenModule(doc.root, value);
    return { markdown: doc.screens.includes(value) ? `**screen \`${value}\`**${kind ? ` — module \`${kind}\`` : ''}` : `no screen \`${value}\``, range };
  }
  if (last === 'table') return tableHover(doc, value, range);
  if (last === 'icon' && isIconAt(doc.root, at.path)) return { markdown: iconHover(value), range };
  const key = /^@([\w.-]+)$/.exec(value)?.[1];
  if (key) return { markdown: stringHover(doc, key), range };
  // The word under the cursor inside the value.
  const raw = doc.src.text.slice(range.start, range.end);
  const rel = offset - range.start;
  const word = /[A-Za-z_]\w*$/.exec(raw.slice(0, rel))?.[0] ?? '';
  const rest = /^\w*/.exec(raw.slice(rel))![0];
  const w = word + rest;
  const wordRange = { start: range.start + rel - word.length, end: range.start + rel + rest.length };
  // In an expression: `row.x`, `params.x`, `t.x`, and the variables themselves.
  const owner = /([A-Za-z_]\w*)\.$/.exec(raw.slice(0, rel - word.length))?.[1];
  const screen = at.path[0] === 'screens' && typeof at.path[1] === 'string' ? at.path[1] : undefined;
  if (w && owner === 't') return { markdown: stringHover(doc, w), range: wordRange };
  if (w && owner === 'row' && screen) {
    const query = queryOf(doc, screen);
    const columns = query && doc.catalog ? doc.catalog.checkSql(OWN, query).columns : undefined;
    if (columns) return { markdown: columns.includes(w) ? `**row.${w}** — a column of screen \`${screen}\`'s query (its columns: ${columns.join(', ')})` : `screen \`${screen}\`'s query returns no column \`${w}\` (its columns: ${columns.join(', ')})`, range: wordRange };
  }
  if (w && owner === 'params' && screen) {
    const given = paramsInto(doc, screen);
    return { markdown: given.includes(w) ? `**params.${w}** — handed to screen \`${screen}\` by a \`navigate\` action (it is given ${given.join(', ')})` : `no \`navigate\` to screen \`${screen}\` hands it \`${w}\`${given.length ? ` (it is given ${given.join(', ')})` : ''}`, range: wordRange };
  }
  if (w && !owner && raw.charAt(rel - word.length - 1) !== '.' && Object.hasOwn(CEL_VARIABLES, w) && (value.startsWith('=') || isCelAt(doc.root, at.path) || new RegExp(`\\b${w}\\.`).test(value))) {
    return { markdown: `**${w}** — ${CEL_VARIABLES[w]}`, range: wordRange };
  }
  // `.truncate(` in an expression: what it does.
  const fn = Object.hasOwn(CEL_TEXT_FUNCTIONS, w) && raw[rel - word.length - 1] === '.' && raw[rel + rest.length] === '(' ? CEL_TEXT_FUNCTIONS[w] : undefined;
  if (fn) return { markdown: `**CEL \`${w}\`**\n\n${fn.doc}`, range: wordRange };
  // A word inside SQL (or a text) that names one of the app's tables.
  if (w && doc.catalog?.tables(OWN).some((t) => t.name === w)) return tableHover(doc, w, wordRange);
  return undefined;
}

/** A `@key` / `t.key` string's text in each locale. */
function stringHover(doc: AppDocument, key: string): string {
  const byLocale = stringKeys(doc).get(key);
  const locales = Object.keys(doc.strings);
  const rows = locales.map((l) => `| ${l} | ${byLocale?.[l] !== undefined ? escapeCell(byLocale[l]) : '*(missing: en-US is shown)*'} |`);
  return byLocale ? `**string \`${key}\`**\n\n| locale | text |\n|---|---|\n${rows.join('\n')}` : `no string \`${key}\` in strings`;
}

/** A glyph's picture; for a name the phone lacks, every name it has. */
function iconHover(name: string): string {
  const image = iconImage(name, 48);
  if (image) return `**glyph \`${name}\`**\n\n${image}`;
  return `no glyph \`${name}\` (it draws nothing). The phone's glyphs:\n\n${ICON_NAMES.map((n) => `\`${n}\``).join(' ')}`;
}

function escapeCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function tableHover(doc: AppDocument, name: string, range: HoverInfo['range']): HoverInfo | undefined {
  const t = doc.catalog?.tables(OWN).find((x) => x.name === name);
  if (!t) return undefined;
  const cols = t.columns.map((c) => `| ${c.name} | ${c.type}${c.primaryKey ? ' (key)' : ''}${c.notNull ? ' not null' : ''} |`).join('\n');
  return { markdown: `**table \`${t.name}\`**\n\n| column | type |\n|---|---|\n${cols}`, range };
}
