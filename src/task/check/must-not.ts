// Must-not clauses (`not:`, `expect: absent`, `state: absent`, `must_not_call`,
// `must_not_tap`) must be able to fail: a clause that no run can violate proves nothing and
// makes every trap task pass. A clause is shown violable by a run where it failed (the
// initial state, a mutant, a counterexample) or by a constructed violation: a must_not_tap
// selector that matches an element some observed screen showed (tapping it violates), a
// must_not_call of a real tool (calling it violates). Otherwise check says it cannot fail.
import type { TaskInstance } from '../runnable';
import type { SqlValue } from '../../device/device';
import { verifierRoot, type SqlVerifierDef, type TrajectoryVerifierDef, type VerifierDef } from '../model';
import { toSqlValue } from '../sql-params';
import { fillValue } from '../template';
import { toSelector } from '../selector';
import { describeSelector, findNodes, parseUiTree, type UiTree } from '../../device/ui-tree';
import type { CheckKind } from './check-kind';

/** Per verifier path: how it came out in each run that reached it. */
export type ClauseEvidence = Map<string, { passed: boolean; label: string }[]>;

export interface MustNotClause {
  path: string;
  what: string;
  def: VerifierDef;
}

/** The must-not clauses of a verify tree, with the same paths as the report's results. */
export function mustNotClauses(verify: unknown): MustNotClause[] {
  const out: MustNotClause[] = [];
  const walk = (v: VerifierDef | undefined, path: string): void => {
    if (!v || typeof v !== 'object') return;
    if (v.all) v.all.forEach((c, i) => walk(c, `${path}.all[${i}]`));
    else if (v.any) v.any.forEach((c, i) => walk(c, `${path}.any[${i}]`));
    else if (v.not) {
      out.push({ path, what: '`not:`', def: v });
      walk(v.not, `${path}.not`);
    } else if (v.sql && v.sql.table && (v.sql.expect ?? '').trim() === 'absent') out.push({ path, what: '`expect: absent`', def: v });
    else if (v.ui && v.ui.state === 'absent') out.push({ path, what: '`state: absent`', def: v });
    else if (v.trajectory && (v.trajectory.must_not_call?.length || v.trajectory.must_not_tap || v.trajectory.must_not_open?.length || v.trajectory.typed_only_in)) {
      out.push({ path, what: v.trajectory.must_not_tap ? '`must_not_tap`' : v.trajectory.must_not_call?.length ? '`must_not_call`' : v.trajectory.must_not_open?.length ? '`must_not_open`' : '`typed_only_in`', def: v });
    }
  };
  walk(verifierRoot(verify), 'verify');
  return out;
}

export interface MustNotProblem {
  kind: CheckKind;
  message: string;
  /** The clause's verifier path (verify.all[1]), where the editor and the CLI place it. */
  path: string;
}

/** Builds a row the rules shorthand would match: the constructed state that violates `absent`. */
export function violatingRow(def: SqlVerifierDef | undefined, params: Record<string, unknown>, required: { name: string; type: string }[] = []): { table: string; sql: string; values: SqlValue[] } | undefined {
  if (!def?.table) return undefined;
  const cols: string[] = [];
  const values: SqlValue[] = [];
  for (const r of def.where ?? []) {
    let v = fillValue(r.value, params);
    if (r.operator === 'IN') v = Array.isArray(v) ? v[0] : v;
    else if (r.operator === 'LIKE') v = String(v).replace(/%/g, '').replace(/_/g, 'x');
    else if (r.operator === '!=') v = typeof v === 'number' ? v + 1 : `${String(v)}-other`;
    else if (r.operator === '>' && typeof v === 'number') v = v + 1;
    else if (r.operator === '<' && typeof v === 'number') v = v - 1;
    if (cols.includes(r.field)) return undefined; // two rules on one column: no single value to construct
    cols.push(r.field);
    values.push(toSqlValue(v));
  }
  // NOT NULL columns the rules leave open get a plain value of their type.
  for (const c of required) {
    if (cols.includes(c.name)) continue;
    cols.push(c.name);
    values.push(/INT|REAL|NUM|FLOA|DOUB/i.test(c.type) ? 1 : 'x');
  }
  const q = (s: string): string => `"${s.replace(/"/g, '""')}"`;
  const sql = cols.length ? `INSERT INTO ${q(def.table)} (${cols.map(q).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})` : `INSERT INTO ${q(def.table)} DEFAULT VALUES`;
  return { table: def.table, sql, values };
}

/** The sql rules clause a constructed row would flip: `absent` itself, or the child of a `not:`. */
export function constructibleSql(c: MustNotClause): SqlVerifierDef | undefined {
  if (c.def.sql?.table) return c.def.sql;
  const inner = c.def.not;
  if (inner?.sql?.table && (inner.sql.expect ?? 'present').trim() === 'present') return inner.sql;
  return undefined;
}

/** Tries to build a state that violates a clause; true when the clause then fails. */
export type ConstructViolation = (clause: MustNotClause) => Promise<boolean>;

export async function proveMustNot(clauses: MustNotClause[], evidence: ClauseEvidence, screens: string[], instance: TaskInstance, construct?: ConstructViolation): Promise<MustNotProblem[]> {
  const problems: MustNotProblem[] = [];
  let trees: UiTree[] | undefined;
  const parsed = (): UiTree[] => (trees ??= [...new Set(screens)].flatMap((x) => { try { return [parseUiTree(x)]; } catch { return []; } }));
  for (const c of clauses) {
    const runs = evidence.get(c.path) ?? [];
    const traj: TrajectoryVerifierDef | undefined = c.def.trajectory;
    if (traj?.must_not_tap) {
      // Resolved against what the app showed: a selector that matches nothing can never fail.
      const sel = toSelector(traj.must_not_tap, instance.params);
      const shown = parsed().some((t) => findNodes(t, sel).length > 0);
      if (!shown) {
        problems.push({ kind: 'selector-matches-nothing', path: c.path, message: `${c.path}: must_not_tap ${describeSelector(sel)} matches no element on any of the ${parsed().length} screens the solution and its mutants showed, so it can never fail (check the text or resource-id)` });
      }
      continue;
    }
    if (runs.some((r) => !r.passed)) continue;
    if (traj?.must_not_call?.length || traj?.must_not_open?.length) continue; // calling the tool / opening the app violates it
    if (construct && (await construct(c).catch(() => false))) continue;
    problems.push({ kind: 'cannot-fail', path: c.path, message: `${c.path}: ${c.what} cannot be shown to fail — it held on all ${runs.length} runs (initial state, solution, mutants, counterexamples); add a counterexample that violates it, or fix the clause` });
  }
  return problems;
}
