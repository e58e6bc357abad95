// The records the headless runner writes: one line of results.jsonl per task (the reference
// runner's fields — task, goal, score, success, steps, terminated_by, error, trajectory — plus
// ours), and summary.json with success rates overall, per family and per tag.
import type { EpisodeSummary, StepRecord, StepStatus } from '../events';
import type { TaskInstance, VerifierResult } from '../../task/runnable';
import { stepTimings } from '../../protocol/step-timings';
import { anything, arr, bool, nullable, num, obj, oneOf, optional, record, str, type Infer } from '../../protocol/validate';

// Declared as schemas because records cross a thread boundary (worker → runner, checked on
// receipt in thread-messages.ts); the types below are inferred from them.
const text = str({ max: 10_000_000 });
const name = str({ max: 4096 });
const args = record(anything, { maxKeys: 256 });

const trajectoryStep = obj({
  step: num({ min: 0, int: true }),
  /** Tool name as emitted (lower-cased); absent when nothing could be parsed. */
  action: optional(name),
  args: optional(args),
  /** Paths in args the model wrote as float literals (so a replay's history is exact). */
  floats: optional(arr(name)),
  thought: text,
  status: oneOf(['ok', 'failed', 'skipped'] as const satisfies readonly StepStatus[]),
  error: optional(text),
  pixels: optional(arr(obj({ x: num(), y: num() }))),
  target_node: optional(record(text, { maxKeys: 256 })),
  foreground_app: optional(name),
  /** Raw model output (clipped to 4,000 characters). */
  raw: optional(text),
  timings: stepTimings,
  /** Set when someone replaced the policy's action (`action`/`args` are what ran). */
  corrected_by: optional(name),
  /** The policy's own call, kept beside the correction (absent when its output had none). */
  original: optional(obj({ action: name, args })),
});
export type TrajectoryStep = Infer<typeof trajectoryStep>;

export const resultRecord = obj({
  task: name,
  task_id: optional(name),
  goal: text,
  family: optional(name),
  tags: arr(name),
  /** The task's locale and apps (its `locale:` and `apps:`), for reports by locale and app. */
  locale: optional(name),
  apps: optional(arr(name, { max: 64 })),
  /** null when the verifier itself failed (then `error` says why): no score for the agent. */
  score: nullable(num()),
  /** Safety/privacy traps the agent fell into (the `safety:` labels of failed clauses). */
  violations: optional(arr(name)),
  /** The verifier clauses that failed (leaves only), so a report can say why without a recording. */
  failed_verifiers: optional(arr(obj({ path: name, kind: name, reason: text }), { max: 500 })),
  success: bool,
  steps: num({ min: 0, int: true }),
  terminated_by: name,
  reason: text,
  error: nullable(text),
  answer: optional(text),
  device: name,
  policy: name,
  duration_ms: num({ min: 0 }),
  trajectory: arr(trajectoryStep, { max: 1_000_000 }),
  /** The episode folder with screenshots and UI trees, when the run was recorded. */
  trajectory_dir: optional(name),
});
export type ResultRecord = Infer<typeof resultRecord>;

export function toResultRecord(s: EpisodeSummary, taskKey: string, device: string, policy: string): ResultRecord {
  return {
    task: taskKey, task_id: s.taskId, goal: s.goal, family: s.family, tags: s.tags, score: s.verify?.error ? null : s.score, success: s.success,
    ...(s.verify?.violations?.length ? { violations: [...new Set(s.verify.violations.map((v) => v.safety))] } : {}),
    ...(s.verify && !s.verify.passed ? { failed_verifiers: failedLeaves(s.verify.results) } : {}),
    steps: s.steps.length, terminated_by: s.terminatedBy, reason: s.reason, error: s.error ?? null, answer: s.answer,
    device, policy, duration_ms: Math.round(s.durationMs),
    trajectory: s.steps.map((r) => ({
      step: r.step, action: r.call?.name, args: r.call?.args, floats: r.call?.floats, thought: r.thought, status: r.status, error: r.error,
      pixels: r.pixels, target_node: r.targetNode, foreground_app: r.foregroundApp,
      raw: r.raw !== undefined ? r.raw.slice(0, 4000) : undefined,
      timings: roundTimings(r.timings),
      ...(r.correction ? { corrected_by: r.correction.by } : {}),
      ...(r.correction?.originalCall ? { original: { action: r.correction.originalCall.name, args: r.correction.originalCall.args } } : {}),
    })),
  };
}

/** What a report groups by that the episode itself does not know: the task's locale and apps. */
export function taskFacts(task: Pick<TaskInstance, 'locale' | 'apps'>): Pick<ResultRecord, 'locale' | 'apps'> {
  return { ...(task.locale ? { locale: task.locale } : {}), ...(task.apps?.length ? { apps: task.apps } : {}) };
}

/** The failed clauses of a verify tree, leaves only (an `all:` fails because a child did). */
function failedLeaves(results: readonly VerifierResult[]): { path: string; kind: string; reason: string }[] {
  const out: { path: string; kind: string; reason: string }[] = [];
  const walk = (rs: readonly VerifierResult[]): void => {
    for (const r of rs) {
      if (r.passed) continue;
      if (r.children?.length) walk(r.children);
      else out.push({ path: r.path, kind: r.kind, reason: r.reason.slice(0, 2000) });
    }
  };
  walk(results);
  return out.slice(0, 500);
}

function roundTimings(t: StepRecord['timings']): StepRecord['timings'] {
  const r = (x: number): number => Math.round(x * 100) / 100;
  return { screenshot: r(t.screenshot), uiTree: r(t.uiTree), model: r(t.model), parse: r(t.parse), action: r(t.action), total: r(t.total) };
}

export interface Rate {
  total: number;
  success: number;
  success_rate: number;
  /** Episodes that fell into a safety/privacy trap, and their share (beside the success rate). */
  violations: number;
  violation_rate: number;
  /** Violations per trap label. */
  per_safety?: Record<string, number>;
}

export interface RunSummary extends Rate {
  errors: number;
  /** Episodes whose verifier could not decide (score null): the task needs fixing, not the agent. */
  verifier_errors: number;
  mean_steps: number;
  per_family: Record<string, Rate>;
  per_tag: Record<string, Rate>;
  terminated_by: Record<string, number>;
  per_task: Record<string, { score: number | null; success: boolean; steps: number; error: string | null }>;
  policy?: string;
  device?: string;
  seed?: number;
  max_steps?: number;
  shard?: string;
  elapsed_sec?: number;
  /** false when the run stopped early (Ctrl-C): `not_run` tasks have no record yet; `--resume` runs them. */
  complete?: boolean;
  not_run?: number;
  /** Episodes in flight when the run was interrupted (not recorded, not counted). */
  interrupted?: string[];
}

/** Reporting names for families (the PhoneBuddy paper's columns). */
export const FAMILY_LABELS: Record<string, string> = { 'single-app': 'Single-App', 'cross-app': 'Cross-App', 'mini-app': 'Mini-App', custom: 'Custom' };

/** The reporting name of a record's family (per_family's keys). */
export function familyLabel(r: Pick<ResultRecord, 'family'>): string {
  return FAMILY_LABELS[r.family ?? ''] ?? r.family ?? 'Unknown';
}

/** Success and violation counts and shares of some records (a run, a family, a tag). */
export function rate(rs: readonly ResultRecord[]): Rate {
  const success = rs.filter((r) => r.success).length;
  const violated = rs.filter((r) => r.violations?.length);
  const perSafety: Record<string, number> = {};
  for (const r of violated) for (const v of r.violations!) perSafety[v] = (perSafety[v] ?? 0) + 1;
  return {
    total: rs.length, success, success_rate: rs.length ? success / rs.length : 0,
    violations: violated.length, violation_rate: rs.length ? violated.length / rs.length : 0,
    ...(violated.length ? { per_safety: perSafety } : {}),
  };
}

export function summarize(records: ResultRecord[], extra: Partial<RunSummary> = {}): RunSummary {
  const byFamily = new Map<string, ResultRecord[]>();
  const byTag = new Map<string, ResultRecord[]>();
  const term: Record<string, number> = {};
  for (const r of records) {
    const fam = familyLabel(r);
    byFamily.set(fam, [...(byFamily.get(fam) ?? []), r]);
    for (const t of r.tags) byTag.set(t, [...(byTag.get(t) ?? []), r]);
    term[r.terminated_by] = (term[r.terminated_by] ?? 0) + 1;
  }
  const sortObj = <T>(m: Map<string, T>): Record<string, T> => Object.fromEntries([...m.entries()].sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...rate(records),
    errors: records.filter((r) => r.error).length,
    verifier_errors: records.filter((r) => r.score === null).length,
    mean_steps: records.length ? records.reduce((a, r) => a + r.steps, 0) / records.length : 0,
    per_family: sortObj(new Map([...byFamily].map(([k, v]) => [k, rate(v)]))),
    per_tag: sortObj(new Map([...byTag].map(([k, v]) => [k, rate(v)]))),
    terminated_by: term,
    per_task: Object.fromEntries(records.map((r) => [r.task, { score: r.score, success: r.success, steps: r.steps, error: r.error }])),
    ...extra,
  };
}

/** Reads results.jsonl, skipping (and counting) lines that are not valid records. */
export function parseResultsJsonl(text: string): { records: ResultRecord[]; bad: number } {
  const records: ResultRecord[] = [];
  let bad = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as ResultRecord;
      if (typeof r.task === 'string' && Array.isArray(r.trajectory)) records.push(r);
      else bad++;
    } catch {
      bad++; // a line cut short by a crash mid-write
    }
  }
  return { records, bad };
}
