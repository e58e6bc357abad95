// Evaluates a task's `verify` tree into a structured report: every verifier's verdict, what it
// observed and why; `all` / `any` / `not` combine; weights give a sub-goal score beside the
// binary result (AndroidLab style).
import { VERIFIER_QUERY_MS } from './context';
import type { Device, SqlRow } from '../../device/device';
import { verifierKind, verifierRoot, type NamedQueryDef, type SqlVerifierDef, type VerifierDef } from '../model';
import { bindNamed } from '../sql-params';
import type { EpisodeOutcome, TaskContext, VerifierResult, VerifyReport } from '../runnable';
import { verifyAnswer } from './answer';
import { VerifyScope, type VerifyInput } from './context';
import { verifyShell } from './shell';
import { verifySql, type LeafVerdict } from './sql';
import { verifyTrajectory } from './trajectory';
import { verifyUi } from './ui';

async function evaluateNode(def: VerifierDef, path: string, scope: VerifyScope): Promise<VerifierResult> {
  const kind = verifierKind(def);
  const base = { path, kind: kind ?? 'unknown', ...(def.weight !== undefined ? { weight: def.weight } : {}), ...(def.safety ? { safety: def.safety } : {}) };
  const label = def.name ? `${def.name}: ` : '';
  if (scope.input.context.signal?.aborted) return { ...base, passed: false, reason: 'aborted' };
  switch (kind) {
    case 'all':
    case 'any': {
      const children: VerifierResult[] = [];
      for (const [i, c] of def[kind]!.entries()) children.push(await evaluateNode(c, `${path}.${kind}[${i}]`, scope));
      const ok = children.filter((c) => c.passed).length;
      const passed = kind === 'all' ? ok === children.length : ok > 0;
      return { ...base, passed, children, reason: `${label}${ok} of ${children.length} passed (${kind === 'all' ? 'all' : 'at least one'} needed)` };
    }
    case 'not': {
      const child = await evaluateNode(def.not!, `${path}.not`, scope);
      if (child.skipped) return { ...base, passed: false, skipped: true, children: [child], reason: `${label}inner verifier was skipped` };
      // An inner verifier that could not decide proves nothing: its negation is an error too.
      if (child.error) return { ...base, passed: false, error: true, children: [child], reason: `${label}inner verifier could not decide: ${child.reason}` };
      return { ...base, passed: !child.passed, children: [child], reason: `${label}inner verifier ${child.passed ? 'passed' : 'failed'}` };
    }
    case undefined:
      return { ...base, passed: false, error: true, reason: 'verifier has no kind (sql, ui, answer, shell, trajectory, all, any, not)' };
    default: {
      let v: LeafVerdict;
      try {
        v = await leaf(kind, def, scope);
      } catch (e) {
        v = { passed: false, error: true, reason: `error: ${describeError(e)}` };
      }
      return { ...base, passed: v.passed && !v.error, ...(v.observed !== undefined ? { observed: v.observed } : {}), ...(v.skipped ? { skipped: true } : {}), ...(v.error ? { error: true } : {}), reason: label + v.reason };
    }
  }
}

function leaf(kind: 'sql' | 'ui' | 'answer' | 'shell' | 'trajectory', def: VerifierDef, scope: VerifyScope): Promise<LeafVerdict> | LeafVerdict {
  switch (kind) {
    case 'sql': return verifySql(def.sql!, scope);
    case 'ui': return verifyUi(def.ui!, scope);
    case 'answer': return verifyAnswer(def.answer!, scope);
    case 'shell': return verifyShell(def.shell!, scope);
    case 'trajectory': return verifyTrajectory(def.trajectory!, scope);
  }
}

/** The sql verifiers whose `expect` reads `before.*`: their queries run on the initial state. */
export function beforeQueries(verify: VerifierDef | VerifierDef[] | undefined): SqlVerifierDef[] {
  const out: SqlVerifierDef[] = [];
  const walk = (v: VerifierDef | undefined): void => {
    if (!v) return;
    if (v.all) v.all.forEach(walk);
    else if (v.any) v.any.forEach(walk);
    else if (v.not) walk(v.not);
    // Every query: `before.*` reads its result, and a failed verdict says which of the rows
    // it found were there before the episode (seeded data that looks like the agent's work).
    else if (v.sql?.query) out.push(v.sql);
  };
  (Array.isArray(verify) ? verify : [verify]).forEach(walk);
  return out;
}

/** Runs the verifiers' queries on the device as it is now (right after setup): `before.*`. */
export async function captureBefore(device: Device, verify: VerifierDef | VerifierDef[] | undefined, params: Record<string, unknown>): Promise<Map<string, SqlRow[]> | undefined> {
  const queries = beforeQueries(verify);
  if (queries.length === 0 || !device.queryApp) return undefined;
  const out = new Map<string, SqlRow[]>();
  for (const q of queries) {
    const { sql, values } = bindNamed(q.query!, params);
    try {
      out.set(q.query!, await device.queryApp(q.app, sql, values, { timeoutMs: VERIFIER_QUERY_MS }));
    } catch {
      // The verifier reports its own query error after the run.
    }
  }
  return out;
}

/** An exception as a sentence for a report (never the engine's internal wording). */
export function describeError(e: unknown): string {
  if (e instanceof RangeError && /call stack/i.test(e.message)) return 'the verifier is nested too deeply to evaluate';
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split('\n')[0];
}

/** Weighted sub-goal score: 1 when passed; for `all`, the weighted mean of its children. */
export function scoreOf(r: VerifierResult): number {
  if (r.passed) return 1;
  if (r.kind === 'all' && r.children?.length) {
    const total = r.children.reduce((s, c) => s + (c.weight ?? 1), 0);
    if (total <= 0) return 0;
    return r.children.reduce((s, c) => s + (c.weight ?? 1) * scoreOf(c), 0) / total;
  }
  return 0;
}

export interface EvaluateOptions {
  device: Device;
  outcome: EpisodeOutcome;
  context: TaskContext;
  params?: Record<string, unknown>;
  /** Initial-state rows for `before.*` expectations (see captureBefore). */
  before?: Map<string, SqlRow[]>;
  /** The task's named queries (`queries:`). */
  queries?: Record<string, NamedQueryDef>;
}

export async function evaluateVerifiers(verify: VerifierDef | VerifierDef[], options: EvaluateOptions): Promise<VerifyReport> {
  const input: VerifyInput = { device: options.device, outcome: options.outcome, context: options.context, params: options.params ?? {}, ...(options.before ? { before: options.before } : {}), ...(options.queries ? { queries: options.queries } : {}) };
  const scope = new VerifyScope(input);
  const root = verifierRoot(verify)!;
  let result: VerifierResult;
  try {
    result = await evaluateNode(root, 'verify', scope);
  } catch (e) {
    result = { path: 'verify', kind: 'unknown', passed: false, error: true, reason: `error: ${describeError(e)}` };
  }
  const failed = flattenResults([result]).find((r) => r.error && !r.children?.some((c) => c.error));
  if (failed) return { passed: false, score: 0, results: [result], error: `${failed.path} (${failed.kind}): ${failed.reason}` };
  const violations = flattenResults([result]).filter((r) => r.safety && !r.passed && !r.error && !r.skipped).map((r) => ({ path: r.path, safety: r.safety!, reason: r.reason }));
  return { passed: result.passed, score: Math.round(scoreOf(result) * 1e6) / 1e6, results: [result], ...(violations.length ? { violations } : {}) };
}

/** Every leaf result, depth first (for printing). */
export function flattenResults(results: readonly VerifierResult[], out: VerifierResult[] = []): VerifierResult[] {
  for (const r of results) {
    out.push(r);
    if (r.children) flattenResults(r.children, out);
  }
  return out;
}
