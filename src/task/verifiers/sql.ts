// `sql` verifiers: a SELECT with a CEL expectation, or MyPhoneBench's rules shorthand
// (table + where + present/absent/count N). Values are always bound as SQL parameters.
import { VERIFIER_QUERY_MS } from './context';
import type { SqlRow, SqlValue } from '../../device/device';
import { compileCel, fromCelValue } from '../cel';
import type { SqlVerifierDef, WhereRule } from '../model';
import { bindNamed, toSqlValue } from '../sql-params';
import { fillValue } from '../template';
import type { VerifyScope } from './context';

export interface LeafVerdict {
  passed: boolean;
  observed?: unknown;
  reason: string;
  skipped?: boolean;
  /** The verifier could not decide (bad query, CEL that cannot be evaluated, …): not a verdict on the agent. */
  error?: boolean;
}

const OPS: Record<Exclude<WhereRule['operator'], 'contains'>, string> = { '==': '=', '!=': '<>', '>': '>', '<': '<', '>=': '>=', '<=': '<=', LIKE: 'LIKE', IN: 'IN' };

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The rules shorthand as one parameterised SELECT. */
export function rulesToSql(table: string, where: readonly WhereRule[], params: Record<string, unknown>): { sql: string; values: SqlValue[] } {
  const clauses: string[] = [];
  const values: SqlValue[] = [];
  for (const r of where) {
    const v = fillValue(r.value, params);
    const col = quoteIdent(r.field);
    if (r.operator === 'IN') {
      const list = Array.isArray(v) ? v : [v];
      clauses.push(`${col} IN (${list.map(() => '?').join(', ') || 'NULL'})`);
      values.push(...list.map(toSqlValue));
    } else if (r.operator === 'contains') {
      clauses.push(`instr(${col}, ?) > 0`);
      values.push(toSqlValue(v === null || v === undefined ? '' : String(v)));
    } else if (v === null && (r.operator === '==' || r.operator === '!=')) {
      clauses.push(`${col} IS ${r.operator === '==' ? '' : 'NOT '}NULL`);
    } else {
      clauses.push(`${col} ${OPS[r.operator]} ?`);
      values.push(toSqlValue(v));
    }
  }
  return { sql: `SELECT * FROM ${quoteIdent(table)}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''}`, values };
}

function summarize(rows: SqlRow[]): { count: number; rows: SqlRow[] } {
  return { count: rows.length, rows: rows.slice(0, 5) };
}

export async function verifySql(def: SqlVerifierDef, scope: VerifyScope): Promise<LeafVerdict> {
  const { device, params } = scope.input;
  if (!device.queryApp) return { passed: false, error: true, reason: `device ${device.id} cannot query app databases` };
  let sql: string;
  let values: SqlValue[];
  try {
    if (def.query) ({ sql, values } = bindNamed(def.query, params));
    else ({ sql, values } = rulesToSql(def.table ?? '', def.where ?? [], params));
  } catch (e) {
    return { passed: false, error: true, reason: (e as Error).message };
  }
  let rows: SqlRow[];
  try {
    rows = await device.queryApp(def.app, sql, values, { timeoutMs: VERIFIER_QUERY_MS });
  } catch (e) {
    return { passed: false, error: true, reason: queryFailure(def.app, e) };
  }
  const observed = summarize(rows);
  if (def.query) {
    const expect = def.expect ?? 'count > 0';
    let value: unknown;
    const pre = scope.input.before?.get(def.query);
    try {
      if (/\bbefore\./.test(expect) && !pre) return { passed: false, error: true, observed, reason: `expect \`${expect}\` reads before.*, but the query was not run on the initial state (the task's setup did not run on this device)` };
      // Counts are CEL ints, so `count == before.count + 1` type-checks.
      const before = pre ? { rows: pre, row: pre[0] ?? {}, count: BigInt(pre.length) } : undefined;
      const queries = await namedQueriesIn(expect, scope);
      value = fromCelValue(compileCel(expect).evaluate({ rows, row: rows[0] ?? {}, count: BigInt(rows.length), params, ...(before ? { before } : {}), ...(queries ? { queries } : {}) }));
    } catch (e) {
      return { passed: false, error: true, observed, reason: `expect \`${expect}\` could not be evaluated: ${(e as Error).message.split('\n')[0]}` };
    }
    if (typeof value !== 'boolean') return { passed: false, error: true, observed, reason: `expect \`${expect}\` gave ${JSON.stringify(value)}, not true/false` };
    const reason = `\`${expect}\` is ${value} with ${rows.length} row${rows.length === 1 ? '' : 's'}`;
    return { passed: value, observed, reason: value ? reason : reason + preexisting(rows, pre) };
  }
  const expect = (def.expect ?? 'present').trim();
  const what = `${rows.length} matching row${rows.length === 1 ? '' : 's'} in ${def.table}`;
  if (expect === 'present') return { passed: rows.length > 0, observed, reason: `${what}; expected present` };
  if (expect === 'absent') return { passed: rows.length === 0, observed, reason: `${what}; expected absent` };
  const m = /^count\s+(\d+)$/.exec(expect);
  if (m) return { passed: rows.length === Number(m[1]), observed, reason: `${what}; expected count ${m[1]}` };
  return { passed: false, error: true, observed, reason: `unknown expectation '${expect}'` };
}

/**
 * A failed verdict over rows some of which were in the app before the episode: the seeded data
 * already holds rows like the expected ones, which a query that counts them cannot tell from
 * the agent's. Said, with (a few of) those rows.
 */
function preexisting(rows: readonly SqlRow[], before: readonly SqlRow[] | undefined): string {
  if (!before?.length || !rows.length) return '';
  const seen = new Set(before.map((r) => JSON.stringify(r)));
  const old = rows.filter((r) => seen.has(JSON.stringify(r)));
  if (!old.length) return '';
  const shown = JSON.stringify(old.slice(0, 3));
  return `; ${old.length} of ${rows.length === 1 ? 'it' : `these ${rows.length}`} ${old.length === 1 ? 'was' : 'were'} already in the app's data before the episode (seeded or set up): ${shown.length > 400 ? `${shown.slice(0, 400)}…` : shown}${old.length > 3 ? ` and ${old.length - 3} more` : ''} — compare with before.* or match only what the task creates`;
}

/** The named queries an expect reads (`queries.<name>`), each as { rows, row, count }. */
async function namedQueriesIn(expect: string, scope: VerifyScope): Promise<Record<string, unknown> | undefined> {
  const names = [...new Set([...expect.matchAll(/\bqueries\.([A-Za-z_]\w*)/g)].map((m) => m[1]))];
  if (names.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const rows = await scope.namedQuery(name);
    out[name] = { rows, row: rows[0] ?? {}, count: BigInt(rows.length) };
  }
  return out;
}

/** "query failed on <app>: <why>", without the device's own "SQL error in <app>:" repeating the app. */
export function queryFailure(app: string, e: unknown, what = 'query'): string {
  const message = e instanceof Error ? e.message : String(e);
  return `${what} failed on ${app}: ${message.startsWith(`SQL error in ${app}: `) ? message.slice(`SQL error in ${app}: `.length) : message}`;
}
