// Checkpoints of an episode, one per step, taken before the step observes: the device's
// snapshot, the loop's own state (history, records, error count, goal) and the policy's state
// before and after it decided. Once the step has observed and decided, its observation and
// decision are kept too, so stepping back shows them again without re-asking the model.
// Memory is bounded: only the last `keep` checkpoints are held (older ones are dropped first).
import type { HistoryStep } from '../protocol/history';
import type { Decision, Observation, StepRecord } from './events';

export interface Checkpoint {
  step: number;
  /** The device's snapshot (opaque; the mock phone's is JSON state plus database bytes). */
  device: unknown;
  /** Policy state before it decided this step (restart frame re-decides from here). */
  policyBefore?: unknown;
  /** Policy state after it decided (stepping back to this step's pending action). */
  policyAfter?: unknown;
  history: HistoryStep[];
  records: StepRecord[];
  consecutiveErrors: number;
  goal: string;
  observation?: Observation;
  decision?: Decision;
  /** Time to take it (device snapshot + copies), ms. */
  ms: number;
  /** Bytes this checkpoint added beyond what the previous one already holds (shared buffers count once). */
  bytes: number;
}

export interface CheckpointInfo {
  step: number;
  ms: number;
  bytes: number;
  hasDecision: boolean;
}

export const DEFAULT_CHECKPOINTS_KEPT = 32;

export class CheckpointStore {
  private readonly byStep = new Map<number, Checkpoint>();

  constructor(readonly keep: number = DEFAULT_CHECKPOINTS_KEPT) {
    if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`checkpoints.keep must be a positive integer, got ${keep}`);
  }

  put(cp: Checkpoint): void {
    this.byStep.delete(cp.step);
    this.byStep.set(cp.step, cp);
    while (this.byStep.size > this.keep) this.byStep.delete(this.oldestStep()!);
  }

  get(step: number): Checkpoint | undefined {
    return this.byStep.get(step);
  }

  /** A rewind to `step` makes later checkpoints a future that will not happen. */
  dropAfter(step: number): void {
    for (const s of [...this.byStep.keys()]) if (s > step) this.byStep.delete(s);
  }

  steps(): number[] {
    return [...this.byStep.keys()].sort((a, b) => a - b);
  }

  info(): CheckpointInfo[] {
    return this.steps().map((s) => {
      const cp = this.byStep.get(s)!;
      return { step: s, ms: cp.ms, bytes: cp.bytes, hasDecision: cp.decision !== undefined };
    });
  }

  /** Total bytes held, counting a buffer shared by several checkpoints once. */
  totalBytes(): number {
    const seen = new WeakSet<object>();
    let total = 0;
    for (const s of this.steps()) total += sizeOf(this.byStep.get(s)!, seen);
    return total;
  }

  private oldestStep(): number | undefined {
    return this.steps()[0];
  }
}

/**
 * An estimate of the memory a value holds: binary buffers by their byte length, strings at two
 * bytes a character, numbers at eight. Objects and buffers already in `seen` count nothing, so
 * a shared database image or a record kept by several checkpoints is counted once.
 */
export function sizeOf(value: unknown, seen: WeakSet<object>, depth = 0): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return value.length * 2;
  if (typeof value === 'number' || typeof value === 'boolean') return 8;
  if (typeof value !== 'object' || depth > 64) return 0;
  if (ArrayBuffer.isView(value)) {
    if (seen.has(value.buffer)) return 0;
    seen.add(value.buffer);
    return value.byteLength;
  }
  if (seen.has(value)) return 0;
  seen.add(value);
  let n = 0;
  if (Array.isArray(value)) for (const v of value) n += sizeOf(v, seen, depth + 1);
  else for (const [k, v] of Object.entries(value)) n += k.length * 2 + sizeOf(v, seen, depth + 1);
  return n;
}
