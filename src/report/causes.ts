// Why an episode failed, as one cause per failed episode (the first rule that applies, in the
// order below) and a group inside the cause (the verifier and its reason, the error text), so a
// report can say "31 failed because the SQL verifier found no row" rather than "31 failed".
import type { ResultRecord, TrajectoryStep } from '../agent/runner/results';
import type { CauseKind } from '../webview-protocol/run-report';
import { isTerminalTool } from '../protocol/tools';

/** A screen seen this many times in one episode that ran out of steps is a loop. */
export const LOOP_SCREENS = 3;

export interface CauseRule {
  kind: CauseKind;
  label: string;
  rule: string;
}

/** The causes in the order they are tried (and shown). */
export const CAUSES: readonly CauseRule[] = [
  { kind: 'device-error', label: 'Device error', rule: 'the device disconnected, setup failed, or the runner could not run the task' },
  { kind: 'verifier-error', label: 'Verifier error', rule: 'the verifier itself failed (score null): the task needs fixing, not the agent' },
  { kind: 'model-error', label: 'Model error', rule: 'the episode stopped after failed steps and the last one had no model output (request failed, policy error)' },
  { kind: 'unparsable-output', label: 'Unparsable output', rule: 'the episode stopped after failed steps and the last one was model output that did not parse into an action' },
  { kind: 'action-failed', label: 'Action failed', rule: 'the episode stopped after failed steps and the last one was an action the device could not perform' },
  { kind: 'loop', label: 'Stuck in a loop', rule: `the step budget ran out and one screen was seen ${LOOP_SCREENS} or more times (recorded episodes only)` },
  { kind: 'step-budget', label: 'Step budget exhausted', rule: 'the step budget ran out' },
  { kind: 'wrong-app', label: 'Wrong app', rule: 'the agent finished while in an app the task does not name' },
  { kind: 'verifier', label: 'Verifier said no', rule: 'the agent finished and a verifier clause failed (grouped by clause and reason)' },
  { kind: 'other', label: 'Other', rule: 'anything else (grouped by how the episode ended)' },
];

export interface Cause {
  kind: CauseKind;
  /** The group inside the cause: a verifier clause and its reason, an error text. */
  group: string;
}

const DEVICE_ENDS = new Set(['device-disconnected', 'setup-failed', 'unsupported-device', 'runner-error']);
/** Packages an agent passes through on the way between apps: never "the wrong app". */
const SYSTEM_APP = /launcher|systemui|^android$|resolver|permissioncontroller|packageinstaller/i;

/**
 * Reason text with its particulars (quoted values, numbers) blanked, so "expected 'Ana', got
 * 'Bo'" and "expected 'Li', got ''" fall in one group.
 */
export function reasonPattern(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|“[^”]*”/g, '…')
    .replace(/\b\d+(?:[.,]\d+)*\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** What went wrong at a failed step, from its record alone. */
export function stepFailure(s: TrajectoryStep): 'unparsable-output' | 'model-error' | 'action-failed' {
  if (s.error?.startsWith('unparsable model output')) return 'unparsable-output';
  // An action was named but never ran (no pixels): the output named no usable tool/arguments.
  if (s.action !== undefined && s.pixels === undefined) return 'unparsable-output';
  if (s.action === undefined) return s.raw !== undefined ? 'unparsable-output' : 'model-error';
  return 'action-failed';
}

/** The most times one screen (by screenshot hash) was seen in an episode. */
export function mostRepeatedScreen(hashes: readonly (string | undefined)[]): number {
  const n = new Map<string, number>();
  let most = 0;
  for (const h of hashes) {
    if (!h) continue;
    const c = (n.get(h) ?? 0) + 1;
    n.set(h, c);
    most = Math.max(most, c);
  }
  return most;
}

/**
 * The cause of a failed episode (undefined for a passed one). `screens` are the recorded
 * screenshots' hashes in step order, when the episode was recorded.
 */
export function causeOf(r: ResultRecord, screens?: readonly (string | undefined)[]): Cause | undefined {
  if (r.success) return undefined;
  const errorText = (t: string | null | undefined): string => reasonPattern(t ?? r.reason);
  if (DEVICE_ENDS.has(r.terminated_by)) return { kind: 'device-error', group: `${r.terminated_by}: ${errorText(r.error)}` };
  if (r.score === null) return { kind: 'verifier-error', group: errorText(r.error) };
  if (r.terminated_by === 'errors' || r.terminated_by === 'policy-exhausted') {
    const failed = [...r.trajectory].reverse().find((s) => s.status === 'failed');
    if (r.terminated_by === 'policy-exhausted' || !failed) return { kind: 'model-error', group: errorText(r.reason) };
    const kind = stepFailure(failed);
    return { kind, group: reasonPattern(failed.error ?? r.reason) };
  }
  if (r.terminated_by === 'max-steps') {
    const most = screens ? mostRepeatedScreen(screens) : 0;
    if (most >= LOOP_SCREENS) return { kind: 'loop', group: `one screen seen ${most} times` };
    return { kind: 'step-budget', group: errorText(r.reason) };
  }
  const last = r.trajectory.at(-1);
  const app = last?.foreground_app;
  if (r.apps?.length && app && !r.apps.includes(app) && !SYSTEM_APP.test(app)) {
    return { kind: 'wrong-app', group: `ended in ${app} (task: ${r.apps.join(', ')})` };
  }
  const clause = r.failed_verifiers?.[0];
  if (clause) return { kind: 'verifier', group: `${clause.kind} ${clause.path}: ${reasonPattern(clause.reason)}` };
  if (isTerminalTool(r.terminated_by)) {
    return { kind: 'verifier', group: 'verifier failed (no clause recorded: a run from before failed_verifiers)' };
  }
  return { kind: 'other', group: `${r.terminated_by}: ${errorText(r.reason)}` };
}
