// Proves a task's verifiers on the mock phone (`phonebuddy check`, the editor's "Check
// verifiers"): the reference solution from a fresh reset must pass; the untouched initial
// state must fail (else the verifier is vacuous); the solution without its last effective
// step must fail. A step is "effective" when removing it changes what the verifiers observe.
import type { Device } from '../../device/device';
import type { EpisodeOutcome, TaskContext, TaskInstance, VerifierResult, VerifyReport } from '../runnable';
import { flattenResults } from '../verifiers/evaluate';

export interface EpisodeRun {
  outcome: EpisodeOutcome;
  report: VerifyReport;
}

/**
 * Runs one episode of `instance` with its reference solution as the policy: setup, replay,
 * verify. The CLI injects the agent loop's runner; tests inject a small one.
 */
export type EpisodeRunner = (device: Device, instance: TaskInstance, context: TaskContext) => Promise<EpisodeRun>;

export interface CheckDeps {
  /** A fresh device for each run (the mock phone, reset). */
  createDevice(instance: TaskInstance): Promise<Device>;
  runEpisode: EpisodeRunner;
  context?: TaskContext;
}

export type CheckKind = 'solution-fails' | 'vacuous' | 'passes-without-last-step' | 'no-effective-step' | 'no-solution' | 'error';

export interface CheckProblem {
  kind: CheckKind;
  message: string;
  /** Verifier results of the run that shows the problem. */
  results?: VerifierResult[];
}

export interface InstanceCheck {
  instanceId: string;
  taskId: string;
  file?: string;
  ok: boolean;
  problems: CheckProblem[];
  /** 0-based index of the solution's last effective step, when found. */
  lastEffectiveStep?: number;
  runs: number;
  ms: number;
}

function failing(report: VerifyReport): string {
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

async function withDevice<T>(deps: CheckDeps, instance: TaskInstance, fn: (d: Device) => Promise<T>): Promise<T> {
  const device = await deps.createDevice(instance);
  try {
    return await fn(device);
  } finally {
    await device.close().catch(() => {});
  }
}

export async function checkInstance(instance: TaskInstance, deps: CheckDeps): Promise<InstanceCheck> {
  const started = performance.now();
  const context: TaskContext = deps.context ?? { trusted: true };
  const result: InstanceCheck = { instanceId: instance.instanceId, taskId: instance.taskId, ...(instance.file ? { file: instance.file } : {}), ok: false, problems: [], runs: 0, ms: 0 };
  const problem = (kind: CheckKind, message: string, report?: VerifyReport) => result.problems.push({ kind, message, ...(report ? { results: report.results } : {}) });
  const run = (inst: TaskInstance) => withDevice(deps, inst, async (d) => { result.runs++; return deps.runEpisode(d, inst, context); });
  try {
    // 1. The untouched initial state must fail.
    const initial = await withDevice(deps, instance, async (d) => {
      result.runs++;
      await instance.setup(d, context);
      return instance.verify(d, { steps: [], terminatedBy: 'aborted' }, context);
    });
    if (initial.passed) problem('vacuous', `verifiers pass on the untouched initial state (vacuous): ${passing(initial)}`, initial);

    const steps = instance.solution ?? [];
    if (steps.length === 0) {
      problem('no-solution', 'the task has no reference solution, so its verifiers cannot be proven');
      return result;
    }
    // 2. The reference solution must pass.
    const full = await run(instance);
    if (!full.report.passed) {
      problem('solution-fails', `the reference solution fails: ${failing(full.report)}`, full.report);
      return result;
    }
    // 3. Without its last effective step it must fail.
    const fullKey = observationKey(full.report);
    for (let k = steps.length - 1; k >= 0; k--) {
      // A wait is not an action: dropping one only shifts virtual-clock timestamps.
      if (steps[k].tool === 'wait') continue;
      const without: TaskInstance = { ...instance, solution: steps.filter((_, i) => i !== k) };
      const r = await run(without);
      if (observationKey(r.report) === fullKey) continue;
      result.lastEffectiveStep = k;
      if (r.report.passed) problem('passes-without-last-step', `verifiers still pass without the last effective step (step ${k + 1}: ${steps[k].tool}); they do not check what it did`, r.report);
      break;
    }
    if (result.lastEffectiveStep === undefined) problem('no-effective-step', 'removing any single solution step changes nothing the verifiers observe');
  } catch (e) {
    problem('error', e instanceof Error ? e.message : String(e));
  } finally {
    result.ok = result.problems.length === 0;
    result.ms = Math.round(performance.now() - started);
  }
  return result;
}
