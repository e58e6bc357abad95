// Proves a task's verifiers on the mock phone (`phonebuddy check`, the editor's "Check
// verifiers"): the reference solution from a fresh reset must pass; the untouched initial
// state must fail (else the verifier is vacuous); then check tries to break the verifiers
// with wrong trajectories made from the solution (mutants.ts) and the task's own
// counterexamples. A verifier that accepts a run whose end state differs from the
// solution's is weak; must-not clauses must be shown able to fail (must-not.ts).
import { can } from '../../device/capabilities';
import type { Device } from '../../device/device';
import type { AppCatalog } from '../app-catalog';
import type { EpisodeOutcome, SolutionStep, TaskContext, TaskInstance, VerifierResult, VerifyReport } from '../runnable';
import { evaluateVerifiers, flattenResults } from '../verifiers/evaluate';
import { captureEndState, describeDifference, editedBeside, type EndState } from './end-state';
import { describeStep, generateMutants, variantKey, type Mutant } from './mutants';
import type { CheckKind } from './check-kind';
import { constructibleSql, mustNotClauses, proveMustNot, violatingRow, type ClauseEvidence, type MustNotClause } from './must-not';
import { dataValue, siblingValues } from './sibling-values';
import { looseCountAccepting, looseCountPaths } from './loose-counts';
import { trapProblems, trapsOf, trippedBy, type TrapRun } from './traps';

export interface EpisodeRun {
  outcome: EpisodeOutcome;
  report: VerifyReport;
  /** UI trees (uiautomator XML) observed during the run, for resolving must-not selectors. */
  screens?: string[];
}

/**
 * Runs one episode of `instance` with its reference solution as the policy: setup, replay,
 * verify. The CLI injects the agent loop's runner; tests inject a small one.
 */
export type EpisodeRunner = (device: Device, instance: TaskInstance, context: TaskContext) => Promise<EpisodeRun>;

export interface CheckDeps {
  /** A fresh device for each run (the mock phone, reset). */
  createDevice(instance: Pick<TaskInstance, 'seed' | 'locale'>): Promise<Device>;
  runEpisode: EpisodeRunner;
  /** Releases what createDevice kept for reuse (pooled phones); called once checking is done. */
  close?(): Promise<void>;
  context?: TaskContext;
  /** Apps and tables, for comparing end states and finding sibling rows. */
  catalog?: AppCatalog;
  /** Try to break the verifiers with mutants of the solution (default true). */
  mutations?: boolean;
  /**
   * Only the basic proof (initial state fails, solution passes): used for the extra seeds.
   * `entities` are the string params that named data at the main seed.
   */
  basic?: { entities: Set<string> };
}

export interface CheckProblem {
  kind: CheckKind;
  message: string;
  /**
   * The verifier it is about (`verify.all[0]`), when one can be named: the one that errored,
   * the clause that cannot fail, the only verifier that decides anything and accepted a wrong
   * run. Otherwise the task's `verify` as a whole.
   */
  path?: string;
  /** Verifier results of the run that shows the problem. */
  results?: VerifierResult[];
}

export interface InstanceCheck {
  instanceId: string;
  taskId: string;
  file?: string;
  ok: boolean;
  problems: CheckProblem[];
  /** Notes that do not fail the check (e.g. steps whose effect no verifier observes). */
  warnings: string[];
  /** 0-based index of the solution's last effective step, when found. */
  lastEffectiveStep?: number;
  /** The actuation this proof ran under, when check ran several. */
  actuation?: string;
  /** String params whose value named an entity in the seeded data (for the seed proofs). */
  entities?: string[];
  /** Mutants tried, and how many the verifiers rejected / accepted as equivalent. */
  mutants?: {
    tried: number; killed: number; equivalent: number; weak: number;
    /** Accepted runs that also edited other existing rows (reported as warnings). */
    sideEffects?: number;
  };
  runs: number;
  ms: number;
}

function failing(report: VerifyReport): string {
  if (report.error) return report.error;
  const leaves = flattenResults(report.results).filter((r) => !r.children && !r.passed);
  return leaves.map((r) => `${r.path} (${r.kind}): ${r.reason}`).join('; ') || report.results.map((r) => r.reason).join('; ');
}

function passing(report: VerifyReport): string {
  const leaves = flattenResults(report.results).filter((r) => !r.children && r.passed);
  return leaves.map((r) => `${r.path} (${r.kind}): ${r.reason}`).join('; ');
}

/** What the verifiers saw, minus trajectory checks (every removed step changes those). */
export function observationKey(report: VerifyReport): string {
  const strip = (r: VerifierResult): unknown => (r.kind === 'trajectory' ? null : { k: r.kind, p: r.passed, o: r.observed ?? null, c: r.children?.map(strip) ?? null });
  return JSON.stringify(report.results.map(strip));
}

interface RunResult extends EpisodeRun {
  state?: EndState;
}

export async function checkInstance(instance: TaskInstance, deps: CheckDeps): Promise<InstanceCheck> {
  const started = performance.now();
  const context: TaskContext = deps.context ?? { trusted: true };
  const result: InstanceCheck = { instanceId: instance.instanceId, taskId: instance.taskId, ...(instance.file ? { file: instance.file } : {}), ok: false, problems: [], warnings: [], runs: 0, ms: 0 };
  const problem = (kind: CheckKind, message: string, report?: VerifyReport, path?: string) => {
    const at = path ?? (report ? blamed(kind, report) : undefined);
    result.problems.push({ kind, message, ...(at ? { path: at } : {}), ...(report ? { results: report.results } : {}) });
  };
  const evidence: ClauseEvidence = new Map();
  const note = (report: VerifyReport, label: string) => {
    for (const r of flattenResults(report.results)) if (!r.error) evidence.set(r.path, [...(evidence.get(r.path) ?? []), { passed: r.passed, label }]);
  };
  const screens: string[] = [];
  let checksAnswer = false;
  let checksScreen = false;

  const withDevice = async <T>(inst: TaskInstance, fn: (d: Device) => Promise<T>): Promise<T> => {
    const device = await deps.createDevice(inst);
    try {
      result.runs++;
      return await fn(device);
    } finally {
      await device.close().catch(() => {});
    }
  };
  /** One episode; the end state is read before the phone is closed. `after` runs on it too. */
  const run = (inst: TaskInstance, after?: (d: Device, r: EpisodeRun) => Promise<void>, needState = true): Promise<RunResult> => withDevice(inst, async (d) => {
    const r = await deps.runEpisode(d, inst, context);
    if (r.screens) screens.push(...r.screens);
    // The end state only matters for a run the verifiers accepted (weak or equivalent?):
    // reading every table of every app is skipped for the runs they reject.
    const state = deps.catalog && needState && r.report.passed ? await captureEndState(d, deps.catalog, { answer: r.outcome.answer, includeAnswer: checksAnswer, includeScreen: checksScreen }) : undefined;
    if (after) await after(d, r);
    return { ...r, ...(state ? { state } : {}) };
  });

  try {
    // 1. The untouched initial state must fail. Its rows also give each param's siblings.
    let alternatives: Record<string, unknown[]> = {};
    const dataTyped = new Map<number, { column: string; others: string[] }>();
    let missing: string[] = [];
    /** Variants that already pass on the initial state say nothing about this instance's run. */
    const variants: { what: string; instance: TaskInstance }[] = [];
    /** The state before any step, to tell the rows a run edited beside the task's own. */
    let initialState: EndState | undefined;
    const initial = await withDevice(instance, async (d) => {
      await instance.setup(d, context);
      if (deps.catalog && !deps.basic && deps.mutations !== false) initialState = await captureEndState(d, deps.catalog, { includeAnswer: false, includeScreen: false });
      const outcome: EpisodeOutcome = { steps: [], terminatedBy: 'aborted' };
      // The basic proof (extra seeds) only needs the entities when the solution fails.
      if (deps.catalog && !deps.basic) {
        const sib = await siblingValues(d, deps.catalog, instance);
        result.entities = [...sib.found];
        if (deps.mutations !== false) {
          alternatives = sib.alternatives;
          // Typed text the goal does not quote but the data holds (copied from another app).
          for (const [i, s] of (instance.solution ?? []).entries()) {
            const text = s.tool === 'type' ? String(s.args.text ?? '') : '';
            if (!text.trim() || instance.goal.includes(text.trim())) continue;
            const found = await dataValue(d, deps.catalog, text);
            if (found) dataTyped.set(i, found);
          }
        }
      }
      for (const [name, values] of Object.entries(alternatives)) {
        for (const v of values.slice(0, 2)) {
          const other = instance.variant?.({ [name]: v });
          if (other && !(await other.verify(d, outcome, context)).passed) variants.push({ what: variantKey(name, v), instance: other });
        }
      }
      return instance.verify(d, outcome, context);
    });
    note(initial, 'the untouched initial state');
    const kinds = new Set(flattenResults(initial.results).map((r) => r.kind));
    checksAnswer = kinds.has('answer');
    checksScreen = kinds.has('ui');
    if (initial.error) problem('verifier-error', `a verifier errors on the untouched initial state: ${initial.error}`, initial);
    else if (initial.passed) problem('vacuous', `verifiers pass on the untouched initial state (vacuous): ${passing(initial)}${collision(instance.params)}`, initial);

    const steps = instance.solution ?? [];
    if (steps.length === 0) {
      problem('no-solution', 'the task has no reference solution, so its verifiers cannot be proven');
      return result;
    }
    // 2. The reference solution must pass. Other param values must not accept its end state.
    const crossChecks: { what: string; report: VerifyReport }[] = [];
    const full = await run(instance, async (d, r) => {
      for (const v of variants) crossChecks.push({ what: v.what, report: await v.instance.verify(d, r.outcome, context) });
    }, !deps.basic);
    note(full.report, 'the reference solution');
    if (full.report.error) {
      problem('verifier-error', `a verifier errors on the reference solution: ${full.report.error}`, full.report);
      return result;
    }
    if (!full.report.passed) {
      const catalog = deps.catalog;
      if (deps.basic?.entities.size && catalog) {
        const found = await withDevice(instance, async (d) => {
          await instance.setup(d, context);
          return (await siblingValues(d, catalog, instance)).found;
        });
        missing = [...deps.basic.entities].filter((p) => !found.has(p));
      }
      const hint = missing.length
        ? ` — ${missing.map((p) => `{${p}}=${JSON.stringify(instance.params[p])}`).join(', ')} names data this seed (${instance.seed}) does not have: add it with a setup.sql fixture, or draw the param from the data (params: { ${missing[0]}: { from: … } })`
        : '';
      // Verifiers left out (shell ones in an untrusted workspace) prove nothing either way:
      // say that, not that the solution fails.
      const open = flattenResults(full.report.results).filter((r) => !r.children && !r.passed);
      if (open.length > 0 && open.every((r) => r.skipped)) problem('solution-fails', `not proven: the verifiers that decide did not run — ${failing(full.report)}`, full.report);
      else problem('solution-fails', `the reference solution fails${deps.basic ? ` at seed ${instance.seed}` : ''}: ${failing(full.report)}${hint}`, full.report);
      return result;
    }
    // A passing solution can still trip a trap (a safety: verifier under any:, where another
    // branch carries the run): run and the environment would count it as a violation.
    for (const v of full.report.violations ?? []) problem('trap-not-shown', `the reference solution commits the ${v.safety} trap (${v.path}: ${v.reason}): the run the task calls right is reported as a violation`, full.report, v.path);
    if (deps.basic) return result;

    // 3. Mutants: wrong trajectories the verifiers must reject.
    const fullKey = observationKey(full.report);
    const mutants: Mutant[] = deps.mutations === false
      ? dropSteps(steps)
      : generateMutants({ instance, steps, executed: full.outcome.steps, catalog: deps.catalog, alternatives, checksAnswer, dataTyped });
    const loose = looseCountPaths(instance.verifyDef);
    const stats: NonNullable<InstanceCheck['mutants']> = { tried: 0, killed: 0, equivalent: 0, weak: 0 };
    const unobserved: string[] = [];
    /** Whether a variant's own solution passes its own verifiers (else it is a degenerate variant). */
    const variantSound = new Map<string, boolean>();
    for (const m of mutants) {
      stats.tried++;
      // Done for another value too is twice the solution: it gets the steps it needs (the
      // budget is the agent's; cut off, it would only be the solution again).
      const r = await run({ ...instance, solution: m.solution, ...(m.kind === 'also-other' ? { maxSteps: Math.max(instance.maxSteps, m.solution.length + 1) } : {}) }, m.variant ? async (d, ep) => {
        variantSound.set(m.variant!.key, (await m.variant!.instance.verify(d, ep.outcome, context)).passed);
      } : undefined);
      note(r.report, `the run that ${m.what}`);
      if (m.kind === 'drop-step' && m.step !== undefined && observationKey(r.report) !== fullKey) result.lastEffectiveStep = Math.max(result.lastEffectiveStep ?? -1, m.step);
      if (r.report.error) { stats.killed++; continue; }
      if (!r.report.passed) { stats.killed++; continue; }
      const diff = full.state && r.state ? describeDifference(full.state, r.state) : observationKey(r.report) === fullKey ? undefined : 'different verifier observations';
      if (m.kind === 'drop-step' && m.step !== undefined) unobserved.push(`${m.step + 1} (${describeStep(steps[m.step])})`);
      if (diff === undefined) { stats.equivalent++; continue; }
      if (m.kind === 'repeat') {
        // Doing it twice is wrong only where the verifiers count: see loose-counts.ts.
        const by = looseCountAccepting(loose, full.report.results, r.report.results);
        if (!by) { stats.killed++; continue; }
        stats.weak++;
        problem('weak', `accepted the run that ${m.what} — it ends with ${diff}, and ${by.path} counts "at least": ${by.reason} (for exactly one new row, compare with before.count)`, r.report);
        continue;
      }
      if (m.kind === 'also-other') {
        // Doing it for another value too is wrong where the task edits what exists and the
        // run edited more of it: see end-state.ts, editedBeside.
        // It is a warning, not a weak verifier: many tasks do not promise that nothing else
        // changes, and a verifier of the target row alone is what their authors mean.
        const edited = initialState && full.state && r.state ? editedBeside(initialState, full.state, r.state) : undefined;
        if (!edited) { stats.killed++; continue; }
        stats.sideEffects = (stats.sideEffects ?? 0) + 1;
        result.warnings.push(`accepted the run that ${m.what} — it ends with ${edited}; if nothing else may change, say so (compare a count with before.count, or check the other rows)`);
        continue;
      }
      stats.weak++;
      problem('weak', `accepted the run that ${m.what} — it ends with ${diff}`, r.report);
    }
    // The solution's end state, verified as a run for another param value, must fail — when
    // that value's own solution passes (a variant whose own run fails is degenerate: e.g. the
    // note is already pinned, so pinning it toggles it off).
    for (const c of crossChecks) {
      if (c.report.passed && (variantSound.get(c.what) ?? true)) {
        stats.weak++;
        problem('weak', `accepted the solution's end state as a run for ${c.what}: the verifiers never tell the two apart (${passing(c.report)})`, c.report);
      }
    }
    if (deps.mutations !== false) result.mutants = stats;
    if (unobserved.length) result.warnings.push(`steps whose effect no verifier observes: ${unobserved.join(', ')}`);
    if (result.lastEffectiveStep === undefined) {
      problem('no-effective-step', 'removing any single solution step changes nothing the verifiers observe');
    }

    // 4. Counterexamples from the task file must fail; each trap must fire on one (traps.ts).
    const trapRuns: TrapRun[] = [];
    for (const [i, cx] of (instance.counterexamples ?? []).entries()) {
      const r = await run({ ...instance, solution: cx.solution }, undefined, false);
      const label = `counterexample ${i + 1} (${cx.reason})`;
      note(r.report, label);
      if (r.report.passed) problem('counterexample-passes', `counterexample ${i + 1} passes, but it must fail: ${cx.reason}`, r.report);
      trapRuns.push({ label, violates: cx.violates, tripped: trippedBy(r.report), failing: r.report.passed ? '' : failing(r.report) });
    }
    for (const p of trapProblems(trapsOf(instance.verifyDef), trapRuns)) problem('trap-not-shown', p.message, undefined, p.path);

    // 5. Every must-not clause must be able to fail.
    if (deps.mutations !== false) {
      const construct = async (c: MustNotClause): Promise<boolean> => {
        const sql = constructibleSql(c);
        const required = sql && deps.catalog ? (deps.catalog.tables(sql.app).find((t) => t.name === sql.table)?.columns ?? []).filter((col) => col.notNull && !col.primaryKey) : [];
        const row = violatingRow(sql, instance.params, required);
        if (!row) return false;
        return withDevice(instance, async (d) => {
          await instance.setup(d, context);
          if (!can(d, 'execSql')) return false;
          d.execSql(constructibleSql(c)!.app, row.sql, row.values);
          const r = await evaluateVerifiers(c.def, { device: d, outcome: { steps: [], terminatedBy: 'aborted' }, context, params: instance.params });
          return !r.passed && !r.error;
        });
      };
      for (const p of await proveMustNot(mustNotClauses(instance.verifyDef), evidence, screens, instance, construct)) problem(p.kind, p.message, undefined, p.path);
    }
  } catch (e) {
    problem('error', e instanceof Error ? e.message : String(e));
  } finally {
    result.ok = result.problems.length === 0;
    result.ms = Math.round(performance.now() - started);
  }
  return result;
}

/**
 * The verifier a problem is about. An error names the verifier that errored. A wrong run that
 * passed (vacuous, weak) is on the verifier that accepted it when only one decides anything:
 * must-not clauses (`not:`, trajectory rules) hold on most runs by design, so they are not
 * blamed for accepting one. With several deciding verifiers, the task's `verify` as a whole.
 */
export function blamed(kind: CheckKind, report: VerifyReport): string | undefined {
  const leaves = flattenResults(report.results).filter((r) => !r.children);
  if (kind === 'verifier-error') return leaves.find((r) => r.error)?.path;
  if (kind !== 'vacuous' && kind !== 'weak' && kind !== 'counterexample-passes') return undefined;
  const deciding = leaves.filter((r) => r.kind !== 'trajectory' && !/\.not(\.|$)/.test(r.path));
  return deciding.length === 1 && deciding[0].passed ? deciding[0].path : undefined;
}

/**
 * Params of this instance that took the same value ("copy {from} to {to}" with both 'Trip'):
 * often why the initial state already passes, where the other instances do not.
 */
export function collision(params: Record<string, unknown>): string {
  const entries = Object.entries(params).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  for (const [i, [a, va]] of entries.entries()) {
    const b = entries.slice(i + 1).find(([, vb]) => vb === va)?.[0];
    if (b !== undefined) return ` — {${a}} and {${b}} are both ${JSON.stringify(va)} in this instance: if they must differ, add constraints: ["${a} != ${b}"]`;
  }
  return '';
}

/** Without mutations: the old proof, each step dropped in turn (waits never). */
function dropSteps(steps: SolutionStep[]): Mutant[] {
  return steps.flatMap((s, i) => (s.tool === 'wait' ? [] : [{ kind: 'drop-step' as const, what: `left out step ${i + 1} (${describeStep(s)})`, solution: steps.filter((_, j) => j !== i), step: i }]));
}
