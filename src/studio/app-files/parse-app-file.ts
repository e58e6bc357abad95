// An app file (*.app.yaml) → its AppSpec + diagnostics at exact positions, the way task files
// are read: YAML with positions (task/yaml-source.ts: size, depth and alias bounds), the JSON
// Schema (schemas/app.schema.json) with each screen checked against its module's parameters,
// then meaning: the home screen and navigate targets exist, every expression is CEL that
// compiles, `@key` strings exist, icon glyphs are the phone's (icon-glyphs.ts), and — given
// sql.js — the schema loads and every query, table and column is one of the app's own. Pure;
// nothing throws on bad input. Loads no screen code.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import type { SqlJsStatic } from 'sql.js';
import schemaJson from '../../../schemas/app.schema.json';
import { expandMounts } from '../../mockphone/apps/modules/mount';
import { matchedSql, matchSite } from '../../mockphone/apps/modules/match';
import type { AppSpec, QuerySpec, ScreenSpec } from '../../mockphone/apps/modules/spec';
import { SOCIAL_CEL_KEYS, SOCIAL_MODULES, socialTables } from './social-modules';
import { createAppCatalog, type AppCatalog } from '../../task/app-catalog';
import { celReferences, celSyntaxError, truncateProblems } from '../../task/cel';
import type { Diagnostic } from '../../task/diagnostic';
import type { JsonSchema } from '../../task/schema';
import { closest, validateAgainstSchema } from '../../task/schema-validate';
import { sqlErrorSite } from '../../task/task-checks';
import { COMMERCE_MODULES, isCommerceCel, commerceTables } from './commerce-checks';
import { iconDiagnostics } from './icon-glyphs';
import { PERSON_MODULES, personCelNodes, personTables } from './person-checks';
import { STORE_MODULES, storeCelNodes } from './store-checks';
import { diagnosticAt, firstLineOf, mapGet, offsetsInScalar, offsetsOf, parseYamlSource, type YamlSource } from '../../task/yaml-source';

export const APP_SCHEMA = schemaJson as unknown as JsonSchema;
const MODULES = ['list', 'form', 'detail', 'settings', 'people', 'thread', 'calendar', 'tabs', 'booking', ...SOCIAL_MODULES, ...COMMERCE_MODULES, ...PERSON_MODULES, ...STORE_MODULES];
const MOUNT_PREFIX = /^[a-z][a-z0-9_]*_$/;

export interface ParsedAppFile {
  file: string;
  /** Absent when the file has errors that leave no app to run. */
  spec?: AppSpec;
  diagnostics: Diagnostic[];
  /** The YAML with positions (the editor places its own findings with it). */
  source: YamlSource;
}

export function parseAppFile(text: string, file: string, sql?: SqlJsStatic): ParsedAppFile {
  const src = parseYamlSource(text, file);
  const out: ParsedAppFile = { file, diagnostics: [...src.diagnostics], source: src };
  try {
    collect(src, out, sql);
  } catch (e) {
    out.diagnostics.push(diagnosticAt(src, undefined, `internal error while checking the app: ${e instanceof Error ? e.message : String(e)}`));
    delete out.spec;
  }
  out.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return out;
}

function lineOf(src: YamlSource, node: Node | undefined): string {
  const o = offsetsOf(node);
  return `${src.file}:${o ? src.lineCounter.linePos(o.start).line : 1}`;
}

function collect(src: YamlSource, out: ParsedAppFile, sql: SqlJsStatic | undefined): void {
  if (src.unusable) return;
  const root = src.doc.contents as Node | null;
  if (!isMap(root)) {
    out.diagnostics.push(diagnosticAt(src, firstLineOf(src, root ?? undefined), 'an app file must be a mapping: package, label, home, screens (see schemas/app.schema.json)'));
    return;
  }
  const d = out.diagnostics;
  d.push(...validateAgainstSchema(src, root, APP_SCHEMA, '', APP_SCHEMA));
  const screensNode = mapGet(root, 'screens');
  const mountsNode = mapGet(root, 'mounts');
  const mounts = mountsOf(mountsNode);
  // The app's screens by name: its own, then each mount's under its prefix.
  const screenNames = [...(isMap(screensNode) ? screensNode.items.map((p) => String(isScalar(p.key) ? p.key.value : '')) : []), ...mounts.flatMap((m) => m.names.map((n) => `${m.prefix}${n}`))];
  const moduleParams = (screens: Node | undefined, where: string) => {
    for (const pair of isMap(screens) ? screens.items : []) {
      const name = String(isScalar(pair.key) ? pair.key.value : '');
      const node = pair.value as Node | undefined;
      const mod = mapGet(node, 'module');
      const m = isScalar(mod) ? String(mod.value) : undefined;
      if (m && MODULES.includes(m)) d.push(...validateAgainstSchema(src, node, APP_SCHEMA.definitions![`module.${m}`], `${where}.${name}`, APP_SCHEMA));
    }
  };
  moduleParams(screensNode, 'screens');
  for (const m of mounts) {
    if (!MOUNT_PREFIX.test(m.prefix)) d.push(diagnosticAt(src, offsetsOf(m.key), `mount prefix '${m.prefix}' must be lower-case letters, digits and _, ending in _ (e.g. hotel_)`));
    moduleParams(m.screens, `mounts.${m.prefix}.screens`);
  }
  const dup = screenNames.find((n, i) => screenNames.indexOf(n) !== i);
  if (dup) d.push(diagnosticAt(src, offsetsOf(mountsNode), `two screens are named '${dup}' (a mount's prefix + screen name is also a screen name)`));
  if (d.some((x) => x.severity === 'error')) return;

  const spec = src.doc.toJS({ maxAliasCount: 100 }) as AppSpec;
  spec.file = src.file;
  if (!screenNames.includes(spec.home)) d.push(diagnosticAt(src, offsetsOf(mapGet(root, 'home')), `home screen '${spec.home}' is not one of the screens (${screenNames.join(', ')})`));
  for (const pair of (screensNode as YAMLMap).items) {
    const name = String((pair.key as { value: unknown }).value);
    spec.screens[name].at = lineOf(src, pair.key as Node);
  }
  for (const m of mounts) for (const pair of (m.screens as YAMLMap).items) spec.mounts![m.prefix].screens[String((pair.key as { value: unknown }).value)].at = lineOf(src, pair.key as Node);
  const seedNode = mapGet(mapGet(root, 'database'), 'seed');
  if (spec.database?.seed) {
    const rowsNode = mapGet(seedNode, 'rows');
    spec.database.seed.rowsAt = Object.fromEntries(['en-US', 'zh-CN'].filter((l) => isMap(mapGet(rowsNode, l))).map((l) => [l,
      Object.fromEntries((mapGet(rowsNode, l) as YAMLMap).items.map((p) => [String((p.key as { value: unknown }).value), isSeq(p.value) ? (p.value.items as Node[]).map((r) => lineOf(src, r)) : []]))]));
    const gen = mapGet(seedNode, 'generate');
    if (isSeq(gen)) (gen.items as Node[]).forEach((g, i) => { spec.database!.seed!.generate![i].at = lineOf(src, g); });
  }

  // Mounts expanded: their screens under the prefix, their tables in the schema.
  const full = expandMounts(spec);
  const catalog = sql ? schemaCatalog(src, root, full, sql, d) : undefined;
  checkMeaning(src, root, full, screenNames, catalog, d, mounts);
  d.push(...iconDiagnostics(src, root));
  if (full.miniProgram) checkMiniProgram(src, root, full, catalog, d);
  if (!d.some((x) => x.severity === 'error')) out.spec = full;
}

/** A query node's `match`, when it has a well-formed one (the schema said what is wrong otherwise). */
function matchOf(query: Node | undefined): QuerySpec['match'] {
  const m = mapGet(query, 'match');
  const words = mapGet(m, 'words');
  const columns = mapGet(m, 'columns');
  if (!isScalar(words) || !isSeq(columns)) return undefined;
  return { words: String(words.value), columns: (columns.items as Node[]).map((c) => String(isScalar(c) ? c.value : '')) };
}

/**
 * A mini-program runs with its tables renamed `mp_<key>_<table>` in its host's database
 * (modules/table-prefix.ts renames every identifier naming a table), so no column may be named
 * like one of its tables; and its host opens it at `home`, so no other screen may take that name.
 */
function checkMiniProgram(src: YamlSource, root: YAMLMap, spec: AppSpec, catalog: AppCatalog | undefined, d: Diagnostic[]): void {
  const screens = mapGet(root, 'screens');
  if (spec.home !== 'home' && 'home' in spec.screens) {
    const node = isMap(screens) ? screens.items.find((p) => isScalar(p.key) && p.key.value === 'home')?.key as Node | undefined : undefined;
    d.push(diagnosticAt(src, offsetsOf(node), `a mini-program is opened at 'home': this screen is named home but the home screen is '${spec.home}' (rename one)`));
  }
  if (!catalog) return;
  const tables = catalog.tables(spec.package);
  const names = new Set(tables.map((t) => t.name.toLowerCase()));
  for (const t of tables) {
    for (const c of t.columns) {
      if (names.has(c.name.toLowerCase())) d.push(diagnosticAt(src, offsetsOf(mapGet(mapGet(root, 'database'), 'schema')), `column '${c.name}' of table '${t.name}' is named like a table: a mini-program's tables are renamed mp_<key>_<table> in its host, and the column would be too (rename the column)`));
    }
  }
}

interface MountNodes { prefix: string; key: Node; screens: Node; names: string[] }

/** The mounts' prefixes and screen nodes (those the schema let through). */
function mountsOf(mountsNode: Node | undefined): MountNodes[] {
  if (!isMap(mountsNode)) return [];
  return mountsNode.items.flatMap((p) => {
    const screens = mapGet(p.value as Node, 'screens');
    if (!isScalar(p.key) || !isMap(screens)) return [];
    return [{ prefix: String(p.key.value), key: p.key as Node, screens, names: screens.items.map((s) => String(isScalar(s.key) ? s.key.value : '')) }];
  });
}

/** The app's own schema loaded in SQLite, or a diagnostic on `database.schema`. */
function schemaCatalog(src: YamlSource, root: YAMLMap, spec: AppSpec, sql: SqlJsStatic, d: Diagnostic[]): AppCatalog | undefined {
  const schema = spec.database?.schema ?? '';
  const db = new sql.Database();
  try {
    db.exec(schema);
  } catch (e) {
    d.push(diagnosticAt(src, offsetsOf(mapGet(mapGet(root, 'database'), 'schema')), `database.schema does not load in SQLite: ${e instanceof Error ? e.message : String(e)}`));
    return undefined;
  } finally {
    db.close();
  }
  return createAppCatalog(sql, [{ packageName: spec.package, schemaSql: schema }]);
}

/** Params a module sets itself: a form's save puts the id of the row it wrote in params.id (its `after` actions hand it on). */
const MODULE_PARAMS: Record<string, string[]> = { form: ['id'] };
/** Screens whose text fields are their `fields` list's keys (other modules' fields are their own: search, composer). */
const FORM_MODULES = new Set(['form', 'personForm']);
const CEL_MAP_KEYS = new Set(['params', 'values', 'set', 'where']);
const CEL_KEYS = new Set(['when', 'value', 'letters', ...SOCIAL_CEL_KEYS.anywhere]);
const ITEM_CEL_KEYS = new Set(['title', 'body', 'desc', 'name', 'start', 'end', 'place', 'color', 'bell', 'subtitle', 'price']);
const MESSAGE_CEL_KEYS = new Set(['body', 'mine', 'time']);

function checkMeaning(src: YamlSource, root: YAMLMap, spec: AppSpec, allScreens: string[], catalog: AppCatalog | undefined, d: Diagnostic[], mounts: MountNodes[] = []): void {
  // Navigate targets of the screens being walked: the app's, and inside a mount its own (unprefixed) first.
  let screens = allScreens;
  let resolve = (name: string) => name;
  const at = (node: Node | undefined) => offsetsOf(node);
  const locales = Object.keys(spec.strings ?? {});
  const columns = (table: string) => catalog?.tables(spec.package).find((t) => t.name === table)?.columns.map((c) => c.name);
  // "(did you mean 'x'?)" sits on the misspelt word itself: the editor's quick fix writes x over it.
  const mean = (word: string, among: string[]) => {
    const hint = closest(word, among);
    return hint ? ` (did you mean '${hint}'?)` : '';
  };
  const checkTable = (node: Node | undefined, table: string, cols: string[], colNodes: (Node | undefined)[] = []) => {
    if (!catalog) return;
    const have = columns(table);
    if (!have) {
      const tables = catalog.tables(spec.package).map((t) => t.name);
      d.push(diagnosticAt(src, at(node), `table '${table}' is not in the app's database schema${tables.length ? ` (it has ${tables.join(', ')})` : ''}${mean(table, tables)}`));
      return;
    }
    cols.forEach((c, i) => { if (!have.includes(c)) d.push(diagnosticAt(src, at(colNodes[i] ?? node), `column '${c}' is not in table '${table}' (it has ${have.join(', ')})${mean(c, have)}`)); });
  };
  const keysOf = (m: Node | undefined): [string, Node][] => (isMap(m) ? m.items.map((p) => [String((p.key as { value: unknown }).value), p.key as Node]) : []);

  // Every string under the screens, with the key it sits under.
  const walk = (node: Node | undefined, key: string, parentKey: string): void => {
    if (isMap(node)) {
      for (const p of node.items) walk(p.value as Node, String((p.key as { value: unknown }).value), key);
      // Tables and columns written by actions and modules.
      if (key === 'insert' || key === 'update' || key === 'delete') {
        const table = mapGet(node, 'table');
        if (isScalar(table)) {
          const cols = [...keysOf(mapGet(node, 'values')), ...keysOf(mapGet(node, 'set')), ...keysOf(mapGet(node, 'where'))];
          checkTable(table, String(table.value), cols.map((c) => c[0]), cols.map((c) => c[1]));
        }
      }
      const nav = mapGet(node, 'navigate');
      if (isScalar(nav)) {
        const given = paramsGiven.get(resolve(String(nav.value))) ?? new Set<string>();
        for (const [k] of keysOf(mapGet(node, 'params'))) given.add(k);
        paramsGiven.set(resolve(String(nav.value)), given);
        const typed = fieldsGiven.get(resolve(String(nav.value))) ?? new Set<string>();
        for (const [k] of keysOf(mapGet(node, 'fields'))) typed.add(k);
        fieldsGiven.set(resolve(String(nav.value)), typed);
      }
      if (isScalar(nav) && !screens.includes(String(nav.value))) d.push(diagnosticAt(src, at(nav), `navigate: no screen '${String(nav.value)}' (the screens are ${screens.join(', ')})${mean(String(nav.value), screens)}`));
      // A tab shows another screen of the app (not a tabs screen: tabs do not nest).
      const tab = key === 'tabs[]' ? mapGet(node, 'screen') : undefined;
      if (isScalar(tab)) {
        const target = String(tab.value);
        const s = spec.screens[resolve(target)];
        if (!screens.includes(target)) d.push(diagnosticAt(src, at(tab), `tabs: no screen '${target}' (the screens are ${screens.join(', ')})`));
        else if (s?.module === 'tabs') d.push(diagnosticAt(src, at(tab), `tabs: '${target}' is itself a tabs screen (tabs do not nest)`));
      }
      const q = mapGet(node, 'sql');
      const match = key === 'query' && isScalar(q) ? matchOf(node) : undefined;
      const badMark = match && isScalar(q) ? matchSite(String(q.value)) : undefined;
      if (badMark && 'error' in badMark) d.push(diagnosticAt(src, at(mapGet(node, 'match')), `match: ${badMark.error}`));
      else if (key === 'query' && isScalar(q) && catalog) {
        // With a match, SQLite checks the SQL as it runs for one word (its columns included).
        const text = match ? matchedSql({ sql: String(q.value), match }, 1) : String(q.value);
        const r = catalog.checkSql(spec.package, text);
        const site = r.error && !match ? sqlErrorSite(text, r.error, catalog.tables(spec.package)) : undefined;
        if (r.error) d.push(diagnosticAt(src, site && site.index >= 0 ? offsetsInScalar(src, q, site.index, site.length) : at(q), `SQL: ${r.error}${site?.hint ? ` (did you mean '${site.hint}'?)` : ''}`));
        else if (!r.readOnly) d.push(diagnosticAt(src, at(q), 'a query must only read (SELECT or WITH); write with the insert, update and delete actions'));
      }
      return;
    }
    if (isSeq(node)) {
      for (const item of node.items as Node[]) walk(item, `${key}[]`, parentKey);
      return;
    }
    if (!isScalar(node) || typeof node.value !== 'string') return;
    const v = node.value;
    // Expressions: values of params/fields/values/set/where maps, when/value, query args, an item's title/body/desc.
    const cel = CEL_MAP_KEYS.has(parentKey) || parentKey === 'fields' || (parentKey === 'match' && key === 'words') || (CEL_KEYS.has(key) && parentKey !== 'options[]') || key === 'args[]' || (parentKey === 'item' && ITEM_CEL_KEYS.has(key))
      || (parentKey === 'message' && MESSAGE_CEL_KEYS.has(key)) || SOCIAL_CEL_KEYS.under[parentKey]?.includes(key) === true || isCommerceCel(key, parentKey);
    if (cel) checkCel(v, node, 0);
    else if (v.startsWith('=')) checkCel(v.slice(1), node, 1);
    else if (v.startsWith('@') && v.length > 1) {
      const k = v.slice(1);
      const missing = locales.filter((l) => spec.strings?.[l as 'en-US']?.[k] === undefined);
      const keyAt = offsetsInScalar(src, node, 1, k.length);
      const known = [...new Set(locales.flatMap((l) => Object.keys(spec.strings?.[l as 'en-US'] ?? {})))];
      if (locales.length === 0 || missing.length === locales.length) d.push(diagnosticAt(src, keyAt, `no string '${k}' in strings${locales.length ? ` (${locales.join(', ')})` : ''}${mean(k, known)}`));
      else if (missing.length) d.push(diagnosticAt(src, keyAt, `string '${k}' is missing in ${missing.join(', ')} (en-US is shown there)`, 'warning'));
    }
  };
  /** The columns `row` holds on the screen being walked (its query's), when SQLite told them. */
  let rowColumns: string[] | undefined;
  /** The screen being walked; the params navigate actions hand each screen; `params.x` read on a screen, checked once every navigate is known. */
  let screenName: string | undefined;
  const paramsGiven = new Map<string, Set<string>>();
  const paramsRead: { screen: string; field: string; at: ReturnType<typeof offsetsOf> }[] = [];
  /** Likewise `fields.x` on a form (its text fields are its `fields` keys, and those navigate types in). */
  const fieldsGiven = new Map<string, Set<string>>();
  const fieldsRead: { screen: string; field: string; at: ReturnType<typeof offsetsOf> }[] = [];
  const checkCel = (expr: string, node: Node, shift: number) => {
    const e = celSyntaxError(expr);
    if (e) {
      d.push(diagnosticAt(src, offsetsInScalar(src, node, shift + e.start, Math.max(1, e.end - e.start)), `CEL: ${e.message}`));
      return;
    }
    for (const p of truncateProblems(expr)) d.push(diagnosticAt(src, offsetsInScalar(src, node, shift + p.start, Math.max(1, p.end - p.start)), `CEL: ${p.message}`));
    // `row.x` where the screen's query returns no x, or `t.x` with no string x, fails when the
    // screen renders: said here.
    const refs = celReferences(expr);
    const keys = [...new Set(locales.flatMap((l) => Object.keys(spec.strings?.[l as 'en-US'] ?? {})))];
    for (const ref of refs) {
      if (ref.root !== 't' || !ref.field || keys.includes(ref.field)) continue;
      const i = expr.indexOf(`t.${ref.field}`);
      d.push(diagnosticAt(src, offsetsInScalar(src, node, shift + (i < 0 ? 0 : i + 2), ref.field.length), `no string '${ref.field}' in strings${mean(ref.field, keys)}`, 'warning'));
    }
    for (const ref of refs) {
      if (ref.root !== 'params' || !ref.field || !screenName) continue;
      const i = expr.indexOf(`params.${ref.field}`);
      paramsRead.push({ screen: screenName, field: ref.field, at: offsetsInScalar(src, node, shift + (i < 0 ? 0 : i + 7), ref.field.length) });
    }
    for (const ref of refs) {
      if (ref.root !== 'fields' || !ref.field || !screenName || !FORM_MODULES.has(spec.screens[screenName]?.module)) continue;
      const i = expr.indexOf(`fields.${ref.field}`);
      fieldsRead.push({ screen: screenName, field: ref.field, at: offsetsInScalar(src, node, shift + (i < 0 ? 0 : i + 7), ref.field.length) });
    }
    if (!rowColumns) return;
    for (const ref of refs) {
      if (ref.root !== 'row' || !ref.field || rowColumns.includes(ref.field)) continue;
      const i = expr.indexOf(`row.${ref.field}`);
      d.push(diagnosticAt(src, offsetsInScalar(src, node, shift + (i < 0 ? 0 : i + 4), ref.field.length), `the screen's query returns no column '${ref.field}'${mean(ref.field, rowColumns)}; its columns: ${rowColumns.join(', ')}`, 'warning'));
    }
  };
  const screensNode = mapGet(root, 'screens') as YAMLMap;
  const screenNodes: [string, Node][] = screensNode.items.map((p) => [String((p.key as { value: unknown }).value), p.value as Node]);
  for (const m of mounts) for (const p of (m.screens as YAMLMap).items) screenNodes.push([`${m.prefix}${String((p.key as { value: unknown }).value)}`, p.value as Node]);
  for (const [name, node] of screenNodes) {
    const mount = mounts.find((m) => name.startsWith(m.prefix) && m.names.includes(name.slice(m.prefix.length)));
    screens = mount ? [...mount.names, ...allScreens] : allScreens;
    resolve = mount ? (n) => (mount.names.includes(n) ? `${mount.prefix}${n}` : n) : (n) => n;
    const query = mapGet(mapGet(node, 'query'), 'sql');
    const match = matchOf(mapGet(node, 'query'));
    rowColumns = catalog && isScalar(query) ? catalog.checkSql(spec.package, match ? matchedSql({ sql: String(query.value), match }, 1) : String(query.value)).columns : undefined;
    screenName = name;
    walk(node, name, 'screens');
    const s = spec.screens[name] as ScreenSpec;
    if (s.module === 'form') {
      checkTable(mapGet(node, 'table'), s.table, [...s.fields.map((f) => f.key), ...Object.keys(s.stamps?.insert ?? {}), ...Object.keys(s.stamps?.update ?? {}), ...(s.footer ? [s.footer.time] : []), 'id'],
        [...(mapGet(node, 'fields') as { items: Node[] }).items.map((f) => mapGet(f, 'key')), ...keysOf(mapGet(mapGet(node, 'stamps'), 'insert')).map((c) => c[1]), ...keysOf(mapGet(mapGet(node, 'stamps'), 'update')).map((c) => c[1]), mapGet(mapGet(node, 'footer'), 'time')]);
      for (const f of (mapGet(node, 'fields') as { items: Node[] }).items) {
        const pat = mapGet(f, 'pattern');
        if (isScalar(pat)) {
          try { new RegExp(String(pat.value), 'u'); } catch (e) { d.push(diagnosticAt(src, at(pat), `pattern: ${e instanceof Error ? e.message : String(e)}`)); }
        }
      }
    }
    if (s.module === 'settings') checkTable(mapGet(node, 'table'), s.table, ['key', 'value']);
    for (const [tableNode, table, cols, colNodes] of socialTables(s, node)) checkTable(tableNode, table, cols, colNodes);
    for (const [tableNode, table, cols, colNodes] of commerceTables(s, node)) checkTable(tableNode, table, cols, colNodes);
    for (const [tableNode, table, cols, colNodes] of personTables(s, node)) checkTable(tableNode, table, cols, colNodes);
    for (const n of [...personCelNodes(s, node), ...storeCelNodes(s, node)]) checkCel(String((n as { value: unknown }).value), n, 0);
  }
  screenName = undefined;
  // `params.x` on a screen no navigate hands an x: always absent (a screen's params come only from navigate).
  for (const r of paramsRead) {
    const given = [...(paramsGiven.get(r.screen) ?? []), ...(MODULE_PARAMS[spec.screens[r.screen]?.module] ?? [])];
    if (given.includes(r.field)) continue;
    d.push(diagnosticAt(src, r.at, `params.${r.field}: no navigate to screen '${r.screen}' hands it '${r.field}' (${given.length ? `they give ${given.join(', ')}` : 'none gives it params'})${mean(r.field, given)}`, 'warning'));
  }
  for (const r of fieldsRead) {
    const s = spec.screens[r.screen] as { fields?: { key?: string }[] };
    const keys = [...new Set([...(s.fields ?? []).flatMap((f) => (typeof f.key === 'string' ? [f.key] : [])), ...(fieldsGiven.get(r.screen) ?? [])])];
    if (!keys.includes(r.field)) d.push(diagnosticAt(src, r.at, `fields.${r.field}: screen '${r.screen}' has no text field '${r.field}' (its fields: ${keys.join(', ') || 'none'})${mean(r.field, keys)}`, 'warning'));
  }
  // Seed rows and generators write the app's own tables.
  const seedNode = mapGet(mapGet(root, 'database'), 'seed');
  for (const [, byTable] of isMap(mapGet(seedNode, 'rows')) ? (mapGet(seedNode, 'rows') as YAMLMap).items.map((p) => [p.key, p.value] as const) : []) {
    for (const tp of isMap(byTable) ? byTable.items : []) {
      const table = String((tp.key as { value: unknown }).value);
      const cols = new Map<string, Node>();
      for (const r of isSeq(tp.value) ? (tp.value.items as Node[]) : []) for (const [c, n] of keysOf(r)) if (!cols.has(c)) cols.set(c, n);
      checkTable(tp.key as Node, table, [...cols.keys()], [...cols.values()]);
    }
  }
  for (const g of isSeq(mapGet(seedNode, 'generate')) ? ((mapGet(seedNode, 'generate') as { items: Node[] }).items) : []) {
    const table = mapGet(g, 'table');
    const cols = keysOf(mapGet(g, 'values'));
    if (isScalar(table)) checkTable(table, String(table.value), cols.map((c) => c[0]), cols.map((c) => c[1]));
  }
  const label = mapGet(root, 'label');
  if (isMap(label) && mapGet(label, 'en-US') === undefined) d.push(diagnosticAt(src, at(label), 'label has no en-US name (the launcher falls back to another locale\'s)', 'warning'));
  // Every screen is reachable: from home through navigate actions (an agent cannot reach the rest).
  const targets = new Map<string, Set<string>>();
  const collectTargets = (v: unknown, into: Set<string>): void => {
    if (Array.isArray(v)) for (const x of v) collectTargets(x, into);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'navigate' || k === 'screen') && typeof x === 'string') into.add(x); // a tab's screen is reached through the tab
        else collectTargets(x, into);
      }
    }
  };
  for (const name of allScreens) collectTargets(spec.screens[name], targets.set(name, new Set()).get(name)!);
  const reached = new Set<string>([spec.home]);
  for (let grew = true; grew;) {
    grew = false;
    for (const from of [...reached]) for (const to of targets.get(from) ?? []) if (!reached.has(to)) { reached.add(to); grew = true; }
  }
  const keyNodes = [...screensNode.items.map((p) => [String((p.key as { value: unknown }).value), p.key as Node] as const),
    ...mounts.flatMap((m) => (m.screens as YAMLMap).items.map((p) => [`${m.prefix}${String((p.key as { value: unknown }).value)}`, p.key as Node] as const))];
  for (const [name, key] of keyNodes) {
    if (!reached.has(name)) d.push(diagnosticAt(src, at(key), `screen '${name}' cannot be reached: no navigate action leads to it from home ('${spec.home}')`, 'warning'));
  }
}
