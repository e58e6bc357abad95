// Semantic checks of one task, beyond the schema: params (declared, used, valid values),
// SQL compiled by SQLite against the app's real schema, CEL syntax, regexes, unknown apps,
// selectors and verifiers that can never decide anything.
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { AppCatalog, TableInfo } from './app-catalog';
import { celReferences, celSyntaxError } from './cel';
import { regexError } from './regex';
import type { Diagnostic } from './diagnostic';
import { KNOWN_TOOLS, POINT_TOOLS } from '../protocol/tools';
import { DEFAULT_MAX_STEPS, TOOLS, VERIFIER_KINDS, type ParamDef, type TaskDef } from './model';
import { constraintViolation, paramValues } from './params';
import { closest } from './schema-validate';
import { namedParams } from './sql-params';
import { templateSlots } from './template';
import { sqlDeterminism } from './sql-determinism';
import { VERIFIER_QUERY_MS, VERIFIER_SQL_CHARS } from './verifiers/context';
import { diagnosticAt, mapGet, mapKey, offsetsInScalar, offsetsOf, seqItems, type YamlSource } from './yaml-source';
import { trapsOf } from './check/traps';

const SELECTOR_KEYS = ['text', 'text-contains', 'resource-id', 'content-desc', 'class'];

interface Ctx {
  src: YamlSource;
  out: Diagnostic[];
  catalog?: AppCatalog;
  declared: Set<string>;
  used: Set<string>;
  task: TaskDef;
  /** In a suite's defaults any {param} may be meant for the tasks that inherit it. */
  anyParam?: boolean;
}

/** The diagnostics of one task as written (params, SQL, CEL, selectors); `check` proves it by running it (check/check-task.ts). */
export function taskDiagnostics(src: YamlSource, node: Node, task: TaskDef, catalog?: AppCatalog): Diagnostic[] {
  const params = isMap(mapGet(node, 'params')) ? (task.params ?? {}) : {};
  const ctx: Ctx = { src, out: [], catalog: catalog && catalog.packages().length > 0 ? catalog : undefined, declared: new Set(Object.keys(params)), used: new Set(), task };
  checkParams(ctx, mapGet(node, 'params'));
  slotsIn(ctx, mapGet(node, 'goal'));
  slotsIn(ctx, mapGet(node, 'title'));
  for (const c of seqItems(mapGet(node, 'constraints'))) {
    celIn(ctx, c);
    celNamesIn(ctx, c, ['params', ...ctx.declared]);
  }
  checkApps(ctx, mapGet(node, 'apps'), task.device);
  checkSetup(ctx, mapGet(node, 'setup'));
  const usedBeforeQueries = new Set(ctx.used);
  checkNamedQueries(ctx, mapGet(node, 'queries'));
  // A param a named query reads is read by the verifiers that use the query.
  const readByQueries = [...ctx.used].filter((p) => !usedBeforeQueries.has(p));
  const verify = mapGet(node, 'verify');
  const usedBefore = new Set(ctx.used);
  ctx.used = new Set();
  if (isSeq(verify)) verify.items.forEach((v) => checkVerifier(ctx, v as Node));
  else if (verify) checkVerifier(ctx, verify);
  const readByVerifiers = new Set([...ctx.used, ...readByQueries]);
  ctx.used = new Set([...usedBefore, ...readByVerifiers]);
  for (const step of seqItems(mapGet(node, 'solution'))) checkStep(ctx, step);
  checkViolates(ctx, mapGet(node, 'counterexamples'));
  // A param the goal (or the solution) uses but no verifier reads: every value of it passes
  // the same check, so the verifier cannot tell the instances apart.
  for (const name of ctx.declared) {
    if (ctx.used.has(name) && !readByVerifiers.has(name) && verify) {
      ctx.out.push(diagnosticAt(src, offsetsOf(mapKey(paramsNode0(node), name)), `param '${name}' is never read by a verifier: a run done for another value of it passes the same checks`, 'warning'));
    }
  }
  // Unused params: declared, but no slot, SQL parameter or CEL reference mentions them.
  const paramsNode = mapGet(node, 'params');
  for (const name of ctx.declared) {
    if (!ctx.used.has(name)) ctx.out.push(diagnosticAt(src, offsetsOf(mapKey(paramsNode, name)), `param '${name}' is never used (not in the goal, setup, verify or solution)`, 'warning'));
  }
  return ctx.out;
}

/** A counterexample's `violates:` names one of the task's trap kinds (its verifiers' `safety:`). */
function checkViolates(ctx: Ctx, node: Node | undefined): void {
  const kinds = trapsOf(ctx.task.verify).map((t) => t.kind);
  for (const cx of seqItems(node)) {
    const v = mapGet(cx, 'violates');
    const kind = str(v);
    if (kind === undefined || kinds.includes(kind)) continue;
    err(ctx, v, kinds.length
      ? `no verifier of this task has safety: ${kind} (its traps: ${kinds.join(', ')})`
      : `no verifier of this task has safety: ${kind}: mark the verifier the run must trip with safety: ${kind}`);
  }
}

/** A suite's `defaults`: its apps and setup get the same semantic checks as a task's. */
export function checkDefaults(src: YamlSource, node: Node, defaults: Partial<TaskDef>, catalog?: AppCatalog): Diagnostic[] {
  const task = { id: '', goal: '', verify: [], ...defaults } as TaskDef;
  const ctx: Ctx = { src, out: [], catalog: catalog && catalog.packages().length > 0 ? catalog : undefined, declared: new Set(), used: new Set(), task, anyParam: true };
  checkApps(ctx, mapGet(node, 'apps'), task.device);
  checkSetup(ctx, mapGet(node, 'setup'));
  return ctx.out;
}

function paramsNode0(node: Node): Node | undefined {
  return mapGet(node, 'params');
}

function err(ctx: Ctx, node: Node | undefined, message: string, severity: 'error' | 'warning' = 'error'): void {
  ctx.out.push(diagnosticAt(ctx.src, offsetsOf(node), message, severity));
}

function str(node: Node | undefined): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function checkParams(ctx: Ctx, node: Node | undefined): void {
  if (!isMap(node)) return;
  for (const pair of node.items) {
    const name = String((pair.key as { value?: unknown })?.value ?? '');
    const pnode = pair.value as Node | undefined;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) err(ctx, pair.key as Node, `param name '${name}' must be an identifier (letters, digits, _)`);
    if (!isMap(pnode)) continue;
    const def = pnode.toJSON() as ParamDef;
    if (def.pattern !== undefined) {
      const why = regexError(def.pattern);
      if (why) err(ctx, mapGet(pnode, 'pattern'), `invalid pattern: ${why}`);
    }
    if (def.from) {
      // Values from the app's data: the query is checked like a verifier's; they are read at load.
      const fromNode = mapGet(pnode, 'from');
      if (def.choices || def.min !== undefined || def.max !== undefined) err(ctx, mapKey(pnode, 'from'), `param '${name}' has both from: and ${def.choices ? 'choices' : 'a min/max range'}; use one`);
      const appNode = mapGet(fromNode, 'app');
      sqlIn(ctx, appName(ctx, appNode) ? str(appNode) : undefined, mapGet(fromNode, 'query'), 'query');
      continue;
    }
    if (def.choices && (def.min !== undefined || def.max !== undefined)) err(ctx, mapKey(pnode, 'choices'), `param '${name}' has both choices and a min/max range; use one`);
    if (!def.choices && (def.min === undefined) !== (def.max === undefined)) err(ctx, mapKey(pnode, def.min === undefined ? 'max' : 'min'), `param '${name}' range needs both min and max`);
    let values: unknown[] = [];
    try { values = paramValues(def); } catch (e) { err(ctx, pair.key as Node, `param '${name}' ${(e as Error).message}`); continue; }
    if (def.choices) {
      seqItems(mapGet(pnode, 'choices')).forEach((item, i) => {
        const why = constraintViolation(def, def.choices![i]);
        if (why) err(ctx, item, `choice ${why}`);
      });
    } else {
      const bad = values.map((v) => constraintViolation(def, v as never)).filter(Boolean);
      if (bad.length === values.length) err(ctx, pair.key as Node, `param '${name}': no value in the range satisfies its constraints (${bad[0]})`);
    }
    if (def.draw !== undefined && def.draw > values.length) err(ctx, mapGet(pnode, 'draw'), `draw ${def.draw} is more than the ${values.length} values available`, 'warning');
  }
}

/** `{param}` slots in a plain-text scalar: each must be declared. */
function slotsIn(ctx: Ctx, node: Node | undefined): void {
  const text = str(node);
  if (text === undefined) return;
  for (const slot of templateSlots(text)) {
    ctx.used.add(slot.name);
    if (!ctx.anyParam && !ctx.declared.has(slot.name)) {
      ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, slot.index, slot.length), `undeclared param '${slot.name}' (declare it under params:)`));
    }
  }
}

/** `:param` SQL parameters: each must be declared. */
function sqlParamsIn(ctx: Ctx, node: Node | undefined): void {
  const text = str(node);
  if (text === undefined) return;
  for (const ref of namedParams(text)) {
    ctx.used.add(ref.name);
    if (!ctx.anyParam && !ctx.declared.has(ref.name)) ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, ref.index, ref.length), `undeclared SQL parameter ':${ref.name}' (declare '${ref.name}' under params:)`));
  }
}

/** A CEL expression: syntax, and `params.x` references. */
function celIn(ctx: Ctx, node: Node | undefined): void {
  const text = str(node);
  if (text === undefined) return;
  const e = celSyntaxError(text);
  if (e) ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, e.start, Math.max(1, e.end - e.start)), `CEL: ${e.message}`));
  for (const m of text.matchAll(/\bparams\.([A-Za-z_][A-Za-z0-9_]*)/g)) {
    ctx.used.add(m[1]);
    if (!ctx.declared.has(m[1])) ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, m.index! + 7, m[1].length), `undeclared param '${m[1]}'`));
  }
  // Bare param names are CEL variables too (constraints: `start < end`).
  for (const name of ctx.declared) if (new RegExp(`(^|[^.\\w])${name}\\b`).test(text)) ctx.used.add(name);
}

/**
 * Names in a CEL expression: every variable must be one the evaluator provides (`allowed`),
 * and `row.<column>` must be a column the query returns (when SQLite told us its columns).
 */
function celNamesIn(ctx: Ctx, node: Node | undefined, allowed: string[], columns?: string[]): void {
  const text = str(node);
  if (text === undefined || celSyntaxError(text)) return;
  const seen = new Set<string>();
  for (const ref of celReferences(text)) {
    const key = `${ref.root}.${ref.field ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!allowed.includes(ref.root)) {
      const start = Math.max(0, text.search(new RegExp(`(?<![.\\w])${ref.root}\\b`)));
      const hint = closest(ref.root, allowed);
      ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, start, ref.root.length), `unknown variable '${ref.root}'${hint ? ` (did you mean '${hint}'?)` : ''}; here CEL can use ${allowed.join(', ')}`));
    } else if (ref.root === 'row' && ref.field && columns && !columns.includes(ref.field)) {
      const at = text.indexOf(`row.${ref.field}`);
      const hint = closest(ref.field, columns);
      ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, at < 0 ? 0 : at + 4, ref.field.length), `the query returns no column '${ref.field}'${hint ? ` (did you mean '${hint}'?)` : ''}; its columns: ${columns.join(', ')}`));
    }
  }
}

function checkApps(ctx: Ctx, node: Node | undefined, device: TaskDef["device"]): void {
  for (const item of seqItems(node)) appName(ctx, item, device);
}

function appName(ctx: Ctx, node: Node | undefined, device: TaskDef["device"] = ctx.task.device): boolean {
  const pkg = str(node);
  if (pkg === undefined || !ctx.catalog) return true;
  if (ctx.catalog.has(pkg)) return true;
  // Real-phone tasks may name real apps the mock phone does not have.
  // A misspelt app on the mock phone makes every query on it fail (and a `not:` pass): an error.
  if (device !== 'adb') {
    const hint = closest(pkg, ctx.catalog.packages());
    err(ctx, node, `unknown app '${pkg}'${hint ? ` (did you mean '${hint}'?)` : ''}; mock phone apps: ${ctx.catalog.packages().join(', ')}`);
  }
  return false;
}

/** SQLite's own verdict on a statement, placed on the offending token when it names one. */
function sqlIn(ctx: Ctx, pkg: string | undefined, node: Node | undefined, mode: 'query' | 'fixture'): void {
  sqlParamsIn(ctx, node);
  const text = str(node);
  if (text === undefined) return;
  // The query thread refuses longer text; said here, on the line, rather than as a verifier
  // error on every run (and before SQLite is asked to compile megabytes).
  if (text.length > VERIFIER_SQL_CHARS) {
    err(ctx, node, `SQL is ${text.length} characters long (at most ${VERIFIER_SQL_CHARS}): a verifier query or fixture is a few lines; put bulk data in the app's seed or a setup fixture per row`);
    return;
  }
  if (mode === 'query') {
    for (const f of sqlDeterminism(text)) ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, f.index, f.length), f.message, 'warning'));
  }
  if (!pkg || !ctx.catalog?.has(pkg)) return;
  const check = ctx.catalog.checkSql(pkg, text);
  if (check.error) {
    const site = sqlErrorSite(text, check.error, ctx.catalog.tables(pkg));
    const range = site && site.index >= 0 ? offsetsInScalar(ctx.src, node, site.index, site.length) : offsetsOf(node);
    ctx.out.push(diagnosticAt(ctx.src, range, `SQL (${pkg}): ${check.error}${site?.hint ? ` (did you mean '${site.hint}'?)` : ''}`));
    return;
  }
  if (check.statements === 0) err(ctx, node, 'empty SQL statement');
  if (mode === 'query') {
    if (check.statements > 1) err(ctx, node, 'a verifier query must be a single SELECT statement');
    else if (!check.readOnly) err(ctx, node, 'a verifier query must be a SELECT (verifiers never change app state)');
    // SQLite stops a recursive CTE only when its recursive step returns no row or a LIMIT is
    // reached; the device stops the query after its time limit, but that is an error.
    const recursive = /\bwith\s+recursive\b/i.exec(text);
    if (recursive && !/\blimit\b/i.test(text)) {
      ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, recursive.index, recursive[0].length), `a recursive CTE without a LIMIT: if its recursive step never runs dry the query never ends (it is stopped after ${VERIFIER_QUERY_MS / 1000} s as a verifier error); add a WHERE that ends it and a LIMIT`, 'warning'));
    }
  }
}

/**
 * Where in `sql` SQLite's error points (the table or column it names, the token it stopped
 * near; index -1 when the text does not hold it) and the app's table or column nearest a misspelt one — for task and app files alike.
 */
export function sqlErrorSite(sql: string, error: string, tables: readonly TableInfo[]): { index: number; length: number; hint?: string } | undefined {
  const token = /no such (?:table|column): ([\w.]+)|near "([^"]+)"/.exec(error);
  const name = token?.[1] ?? token?.[2];
  if (!name) return undefined;
  const word = name.includes('.') && !sql.includes(name) ? name.split('.').pop()! : name;
  const index = sql.indexOf(word);
  const hint = sqlNameHint(tables, error, word);
  return { index, length: word.length, ...(hint ? { hint } : {}) };
}

/** The app's table or column nearest a misspelt one SQLite named. */
function sqlNameHint(tables: readonly TableInfo[], error: string, word: string): string | undefined {
  if (/no such table/.test(error)) return closest(word, tables.map((t) => t.name));
  if (/no such column/.test(error)) {
    const qualified = /no such column: (\w+)\.\w+/.exec(error)?.[1];
    const scope = qualified ? tables.filter((t) => t.name === qualified) : tables;
    return closest(word, [...new Set(scope.flatMap((t) => t.columns.map((c) => c.name)))]);
  }
  return undefined;
}

/**
 * `answer.expected.column` must be a column the expected query returns, else every run would
 * be a verifier error ("has no column …") instead of a verdict. The query is the expected's own
 * (`app` + `query`) or the named one it points at; unknown apps and SQL errors are reported
 * where the query is, so here they are skipped.
 */
function expectedColumnIn(ctx: Ctx, expected: Node): void {
  const columnNode = mapGet(expected, 'column');
  const column = str(columnNode);
  if (column === undefined) return;
  const name = str(mapGet(expected, 'named'));
  const def = name !== undefined ? ctx.task.queries?.[name] : undefined;
  const pkg = name !== undefined ? def?.app : str(mapGet(expected, 'app'));
  const sql = name !== undefined ? def?.query : str(mapGet(expected, 'query'));
  if (!pkg || !sql || !ctx.catalog?.has(pkg)) return;
  const check = ctx.catalog.checkSql(pkg, sql);
  if (check.error || !check.columns || check.columns.includes(column)) return;
  const hint = closest(column, check.columns);
  err(ctx, columnNode, `the ${name !== undefined ? `named query '${name}'` : 'expected query'} returns no column '${column}'${hint ? ` (did you mean '${hint}'?)` : ''}; its columns: ${check.columns.join(', ')}`);
}

/** `queries:`: each named query is a verifier query of a known app. */
function checkNamedQueries(ctx: Ctx, node: Node | undefined): void {
  if (!isMap(node)) return;
  for (const pair of node.items) {
    const name = String((pair.key as { value?: unknown })?.value ?? '');
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) err(ctx, pair.key as Node, `query name '${name}' must be an identifier (letters, digits, _): expectations read it as queries.${name}`);
    const q = pair.value as Node | undefined;
    const appNode = mapGet(q, 'app');
    sqlIn(ctx, appName(ctx, appNode) ? str(appNode) : undefined, mapGet(q, 'query'), 'query');
  }
}

/** `queries.<name>` in a CEL expect must name a declared query. */
function namedQueryRefs(ctx: Ctx, node: Node | undefined): void {
  const text = str(node);
  if (text === undefined) return;
  const names = Object.keys(ctx.task.queries ?? {});
  if (names.length === 0) return; // celNamesIn already says `queries` is unknown here
  for (const m of text.matchAll(/\bqueries\.([A-Za-z_]\w*)/g)) {
    if (names.includes(m[1])) continue;
    const hint = closest(m[1], names);
    ctx.out.push(diagnosticAt(ctx.src, offsetsInScalar(ctx.src, node, m.index! + 8, m[1].length), `no named query '${m[1]}'${hint ? ` (did you mean '${hint}'?)` : ''}; ${names.length ? `queries: ${names.join(', ')}` : 'declare it under queries:'}`));
  }
}

function checkSetup(ctx: Ctx, node: Node | undefined): void {
  if (!isMap(node)) return;
  const sql = mapGet(node, 'sql');
  if (sql && ctx.task.device === 'adb') err(ctx, mapKey(node, 'sql'), 'setup.sql fixtures only run on the mock phone; on a real phone (device: adb) prepare state with setup.push or setup.shell', 'warning');
  for (const k of ['time', 'clipboard', 'perturbations'] as const) {
    if (mapGet(node, k) && ctx.task.device === 'adb') err(ctx, mapKey(node, k), `setup.${k} only works on the mock phone, not on a real phone (device: adb)`, 'warning');
  }
  if (isMap(sql)) {
    for (const pair of sql.items) {
      const pkg = appName(ctx, pair.key as Node) ? String((pair.key as { value?: unknown }).value) : undefined;
      for (const stmt of seqItems(pair.value as Node)) sqlIn(ctx, pkg, stmt, 'fixture');
    }
  }
  slotsIn(ctx, mapGet(node, 'clipboard'));
  checkPerturbations(ctx, mapGet(node, 'perturbations'));
  for (const cmd of seqItems(mapGet(node, 'shell'))) slotsIn(ctx, cmd);
  if (mapGet(node, 'start_app')) appName(ctx, mapGet(node, 'start_app'));
  const time = str(mapGet(node, 'time'));
  if (time !== undefined && Number.isNaN(Date.parse(time))) err(ctx, mapGet(node, 'time'), `time '${time}' is not an ISO 8601 date-time`);
}

function checkPerturbations(ctx: Ctx, node: Node | undefined): void {
  const known = ctx.catalog?.perturbations?.() ?? [];
  for (const item of seqItems(node)) {
    for (const app of seqItems(mapGet(item, 'apps'))) appName(ctx, app);
    if (known.length === 0) continue;
    const nameNode = mapGet(item, 'name');
    const name = str(nameNode);
    if (name === undefined) continue;
    const info = known.find((p) => p.name === name);
    if (!info) {
      const hint = closest(name, known.map((p) => p.name));
      err(ctx, nameNode, `unknown perturbation '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}; known: ${known.map((p) => p.name).join(', ')}`);
      continue;
    }
    const params = mapGet(item, 'params');
    if (isMap(params)) {
      for (const pair of params.items) {
        const key = String((pair.key as { value?: unknown })?.value);
        if (!(key in info.params)) err(ctx, pair.key as Node, `perturbation '${name}' has no param '${key}'${Object.keys(info.params).length ? ` (params: ${Object.keys(info.params).join(', ')})` : ' (it takes none)'}`);
        else slotsIn(ctx, pair.value as Node);
      }
    }
  }
}

function selectorSlots(ctx: Ctx, node: Node | undefined): void {
  if (!isMap(node)) return;
  for (const k of SELECTOR_KEYS) slotsIn(ctx, mapGet(node, k));
}

function hasSelectorKey(node: Node | undefined): boolean {
  return isMap(node) && SELECTOR_KEYS.some((k) => mapKey(node, k));
}

function checkVerifier(ctx: Ctx, node: Node | undefined): void {
  if (!isMap(node)) return;
  const kind = VERIFIER_KINDS.find((k) => mapKey(node, k));
  const body = kind ? mapGet(node, kind) : undefined;
  switch (kind) {
    case 'all':
    case 'any':
      seqItems(body).forEach((c) => checkVerifier(ctx, c));
      if (kind === 'any' && seqItems(body).length === 1) err(ctx, mapKey(node, 'any'), "'any' with one child is the same as the child", 'warning');
      break;
    case 'not':
      if (isMap(body) && mapKey(body, 'not')) err(ctx, mapKey(node, 'not'), 'double negation: not: { not: … } is the inner verifier', 'warning');
      checkVerifier(ctx, body);
      break;
    case 'sql': {
      if (!isMap(body)) break;
      const appNode = mapGet(body, 'app');
      const pkg = appName(ctx, appNode) ? str(appNode) : undefined;
      const query = mapGet(body, 'query');
      const table = mapGet(body, 'table');
      const expect = mapGet(body, 'expect');
      if (query && table) err(ctx, mapKey(body, 'table'), "use either 'query' or the rules shorthand 'table' + 'where', not both");
      else if (!query && !table) err(ctx, mapKey(node, 'sql'), "sql verifier needs 'query' (with a CEL 'expect') or 'table' (+ 'where')");
      if (query) {
        sqlIn(ctx, pkg, query, 'query');
        if (mapKey(body, 'where')) err(ctx, mapKey(body, 'where'), "'where' belongs to the rules shorthand ('table'); put conditions in the query");
        if (expect) {
          celIn(ctx, expect);
          const q = str(query);
          const columns = q && pkg && ctx.catalog?.has(pkg) ? ctx.catalog.checkSql(pkg, q).columns : undefined;
          celNamesIn(ctx, expect, ['rows', 'row', 'count', 'params', 'before', ...(ctx.task.queries ? ['queries'] : [])], columns);
          namedQueryRefs(ctx, expect);
        }
      } else if (table) {
        const t = str(table);
        const info = pkg && ctx.catalog ? ctx.catalog.tables(pkg).find((x) => x.name === t) : undefined;
        if (pkg && ctx.catalog && t && !info) err(ctx, table, `no table '${t}' in ${pkg} (tables: ${ctx.catalog.tables(pkg).map((x) => x.name).join(', ')})`);
        for (const rule of seqItems(mapGet(body, 'where'))) {
          const field = mapGet(rule, 'field');
          const f = str(field);
          if (info && f && !info.columns.some((c) => c.name === f)) err(ctx, field, `no column '${f}' in ${t} (columns: ${info.columns.map((c) => c.name).join(', ')})`);
          const value = mapGet(rule, 'value');
          const op = str(mapGet(rule, 'operator'));
          if (op === 'IN' && !isSeq(value)) err(ctx, value, 'IN needs a list value');
          if (isSeq(value)) value.items.forEach((v) => slotsIn(ctx, v as Node));
          else slotsIn(ctx, value);
        }
        const e = str(expect);
        if (expect && (e === undefined || !/^(present|absent|count\s+\d+)$/.test(e.trim()))) err(ctx, expect, "with 'table', expect is 'present', 'absent' or 'count N'");
      }
      break;
    }
    case 'ui': {
      if (!hasSelectorKey(body)) err(ctx, mapKey(node, 'ui'), 'ui verifier needs a selector: text, text-contains, resource-id, content-desc or class');
      else if (isMap(body) && mapKey(body, 'class') && !SELECTOR_KEYS.some((k) => k !== 'class' && k !== 'instance' && mapKey(body, k))) {
        // A class names a kind of widget, not the one the task is about: `class: Switch,
        // state: checked` holds for any switch that is on (Wi-Fi, when Bluetooth was asked),
        // on whatever screen the run ends on, and no mutant of the solution ends elsewhere.
        err(ctx, mapKey(body, 'class'), `a ui verifier by class alone matches any ${str(mapGet(body, 'class'))} on the final screen, not the one the task is about; name it (content-desc, text or resource-id)`, 'warning');
      }
      selectorSlots(ctx, body);
      break;
    }
    case 'answer': {
      if (!isMap(body)) break;
      if (ctx.task.solution && !ctx.task.solution.some((st) => st && typeof st === 'object' && ('finish' in st || 'output' in st))) {
        err(ctx, mapKey(node, 'answer'), 'unreachable on the reference solution: it never calls finish or output, so there is no answer to check', 'warning');
      }
      if (!['contains', 'equals', 'regex', 'number', 'expected'].some((k) => mapKey(body, k))) err(ctx, mapKey(node, 'answer'), 'answer verifier needs contains, equals, regex, number or expected');
      const expected = mapGet(body, 'expected');
      if (isMap(expected)) {
        const named = mapGet(expected, 'named');
        if (named) {
          // A named query: it must be declared; its own query is checked under queries:.
          if (mapKey(expected, 'app') || mapKey(expected, 'query')) err(ctx, mapKey(expected, 'named'), "expected takes 'named' (a query of queries:) or 'app' + 'query', not both");
          const name = str(named);
          const names = Object.keys(ctx.task.queries ?? {});
          if (name !== undefined && !names.includes(name)) {
            const hint = closest(name, names);
            err(ctx, named, `no named query '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}; ${names.length ? `queries: ${names.join(', ')}` : 'declare it under queries:'}`);
          }
        } else {
          const appNode = mapGet(expected, 'app');
          if (!appNode && mapKey(expected, 'query')) err(ctx, mapKey(expected, 'query'), "expected's query needs 'app' (the package whose database it reads)");
          sqlIn(ctx, appName(ctx, appNode) ? str(appNode) : undefined, mapGet(expected, 'query'), 'query');
        }
        expectedColumnIn(ctx, expected);
      }
      if (mapKey(body, 'match') && !expected) err(ctx, mapKey(body, 'match'), "'match' only applies to 'expected'", 'warning');
      for (const k of ['contains', 'equals', 'regex', 'number']) slotsIn(ctx, mapGet(body, k));
      const re = str(mapGet(body, 'regex'));
      if (re !== undefined) {
        const why = regexError(re);
        if (why) err(ctx, mapGet(body, 'regex'), `invalid regex: ${why}`);
      }
      if (mapKey(body, 'tolerance') && !mapKey(body, 'number')) err(ctx, mapKey(body, 'tolerance'), "'tolerance' only applies to 'number'", 'warning');
      const num = mapGet(body, 'number');
      const numText = str(num);
      if (numText !== undefined && !/^\{[A-Za-z_]\w*\}$/.test(numText.trim()) && !Number.isFinite(Number(numText))) err(ctx, num, `'number' must be a number or a single {param}, not ${JSON.stringify(numText)}`);
      break;
    }
    case 'shell': {
      if (!isMap(body)) break;
      slotsIn(ctx, mapGet(body, 'command'));
      for (const k of ['contains', 'equals', 'regex']) slotsIn(ctx, mapGet(body, k));
      const re = str(mapGet(body, 'regex'));
      if (re !== undefined) {
        const why = regexError(re);
        if (why) err(ctx, mapGet(body, 'regex'), `invalid regex: ${why}`);
      }
      break;
    }
    case 'trajectory': {
      if (!isMap(body)) break;
      const limit = mapGet(body, 'max_steps');
      const max = ctx.task.max_steps ?? DEFAULT_MAX_STEPS;
      if (isScalar(limit) && typeof limit.value === 'number' && limit.value >= max) {
        err(ctx, limit, `unreachable: the episode already stops at max_steps ${max}, so a limit of ${limit.value} can never fail`, 'warning');
      }
      if (body.items.length === 0) err(ctx, mapKey(node, 'trajectory'), 'trajectory verifier checks nothing');
      for (const k of ['must_call', 'must_not_call']) {
        for (const t of seqItems(mapGet(body, k))) {
          const tool = str(t);
          if (tool !== undefined && !KNOWN_TOOLS.includes(tool)) {
            const hint = closest(tool, [...KNOWN_TOOLS]);
            err(ctx, t, `unknown tool '${tool}'${hint ? ` (did you mean '${hint}'?)` : ''}; tools: ${TOOLS.join(', ')}`);
          }
        }
      }
      // A misspelt package in a must-not rule is never opened, so the rule can never fail.
      checkApps(ctx, mapGet(body, 'must_not_open'), ctx.task.device);
      const typedOnly = mapGet(body, 'typed_only_in');
      if (isMap(typedOnly)) checkApps(ctx, mapGet(typedOnly, 'apps'), ctx.task.device);
      selectorSlots(ctx, mapGet(body, 'must_not_tap'));
      selectorSlots(ctx, mapGet(body, 'screen_showed'));
      break;
    }
    default:
      break;
  }
}

function checkStep(ctx: Ctx, node: Node | undefined): void {
  if (!isMap(node) || node.items.length !== 1) return;
  const tool = String((node.items[0].key as { value?: unknown })?.value);
  const args = node.items[0].value as Node | undefined;
  if ((POINT_TOOLS as readonly string[]).includes(tool)) {
    if (!isMap(args)) return;
    const hasPoints = !!mapKey(args, 'points');
    const hasTarget = !!mapKey(args, 'target') || hasSelectorKey(args);
    if (!hasPoints && !hasTarget) err(ctx, node.items[0].key as Node, `${tool} needs points [[x, y]] (0–1000) or a target selector`);
    if (hasPoints && hasTarget) err(ctx, node.items[0].key as Node, `${tool} has both points and a selector; use one`);
    const pts = mapGet(args, 'points');
    const needTwo = tool === 'scroll' || tool === 'drag';
    if (isSeq(pts) && pts.items.length !== (needTwo ? 2 : 1)) err(ctx, pts, `${tool} takes ${needTwo ? 'two points [[x1, y1], [x2, y2]]' : 'one point [[x, y]]'}`);
    if (needTwo && hasTarget && !mapKey(args, 'to')) err(ctx, node.items[0].key as Node, `${tool} from a target needs 'to' (a selector for the end point)`);
    selectorSlots(ctx, args);
    selectorSlots(ctx, mapGet(args, 'target'));
    selectorSlots(ctx, mapGet(args, 'to'));
  } else if (tool === 'type' || tool === 'finish' || tool === 'output') {
    slotsIn(ctx, args);
  } else if (tool === 'open_app' || tool === 'close_app') {
    appName(ctx, args);
  }
}
