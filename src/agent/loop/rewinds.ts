// Checkpoints and rewinds: a checkpoint before each step on a device that can snapshot (the
// device, the policy's state and the loop's progress), and going back to one — a step back
// (rewind), a restart frame (redecide) or the start of a fork. Episode owns one; the store
// (checkpoints.ts) bounds the memory.
import type { Device } from '../../device/device';
import { isSnapshottable } from '../../device/device';
import { isDeviceError } from '../../device/errors';
import type { Checkpoint, CheckpointStore } from '../checkpoints';
import { sizeOf } from '../checkpoints';
import type { EpisodeEvent, EpisodeState } from '../events';
import type { Policy } from '../policy';
import { message } from '../step-phases';
import type { CurrentStep, LoopProgress, RewindSignal, StepEntry } from './signals';

/** What rewinding needs from the episode. */
export interface RewindHost {
  readonly episodeId: string;
  readonly device: Device;
  readonly policy: Policy;
  goal(): string;
  state(): EpisodeState;
  ended(): boolean;
  current(): CurrentStep | undefined;
  /** The loop's progress: read to checkpoint it, replaced when a checkpoint is restored. */
  progress(): LoopProgress;
  setProgress(progress: LoopProgress): void;
  emit(event: EpisodeEvent): void;
}

type Cached = Partial<Pick<Checkpoint, 'observation' | 'decision' | 'policyBefore' | 'policyAfter'>>;

export class Rewinds {
  /** Buffers already counted in an earlier checkpoint's bytes (they are shared, not copied). */
  private readonly seenBytes = new WeakSet<object>();

  constructor(private readonly host: RewindHost, readonly store: CheckpointStore | undefined) {}

  /** Before step `step` observes: the device's snapshot and the loop's progress. */
  async take(step: number): Promise<Checkpoint | undefined> {
    const { store, host } = this;
    const device = host.device;
    if (!store || !isSnapshottable(device)) return undefined;
    const t0 = performance.now();
    let snap: unknown;
    try {
      snap = await device.snapshot();
    } catch (e) {
      if (isDeviceError(e, 'disconnected')) throw e;
      process.emitWarning(`checkpoint before step ${step} failed: ${message(e)}`);
      return undefined;
    }
    const { history, records, consecutiveErrors } = host.progress();
    const cp: Checkpoint = {
      step, device: snap, policyBefore: host.policy.snapshot?.(), history: history.slice(), records: records.slice(),
      consecutiveErrors, goal: host.goal(), ms: 0, bytes: 0,
    };
    cp.bytes = sizeOf(cp, this.seenBytes);
    cp.ms = performance.now() - t0;
    store.put(cp);
    host.emit({ type: 'checkpoint', episodeId: host.episodeId, step, ms: cp.ms, bytes: cp.bytes });
    return cp;
  }

  /** What the step has seen and decided since, so a step back shows it without asking again. */
  cache(cp: Checkpoint, what: Cached): void {
    Object.assign(cp, what);
    cp.bytes += sizeOf(what, this.seenBytes);
  }

  /** The device, the policy (to `policyState`) and the loop's progress as the checkpoint kept them: a fork and a rewind restore here. */
  async restore(cp: Checkpoint, policyState: unknown): Promise<void> {
    const device = this.host.device;
    if (!isSnapshottable(device)) throw new Error(`${device.id} cannot restore a snapshot`);
    await device.restore(cp.device);
    if (policyState !== undefined) this.host.policy.restore?.(policyState);
    this.host.setProgress({ history: cp.history.slice(), records: cp.records.slice(), consecutiveErrors: cp.consecutiveErrors });
  }

  /** Throws, saying why, unless the loop can go back to the checkpoint before `step` now. */
  checkRewindable(step: number): void {
    const { host, store } = this;
    if (host.state() === 'idle') throw new Error('the episode has not started');
    if (host.state() === 'done' || host.ended()) throw new Error('the episode has ended: fork(step) branches from one of its checkpoints instead');
    if (!store) {
      const d = host.device;
      throw new Error(isSnapshottable(d)
        ? 'checkpoints are off for this episode (EpisodeOptions.checkpoints): nothing to rewind to'
        : `stepping back needs a device that can snapshot its state (the mock phone); ${d.id} is a ${d.kind} device`);
    }
    if (!Number.isInteger(step) || step < 1) throw new RangeError(`rewind: step must be a positive integer, got ${step}`);
    const now = host.current()?.step ?? host.progress().records.length + 1;
    if (step > now) throw new RangeError(`cannot rewind forward: step ${step} is after the current step ${now}`);
    if (!store.get(step)) throw new Error(this.noCheckpointMessage(step, 'rewind'));
  }

  noCheckpointMessage(step: number, what: string): string {
    if (!this.store) return `${what}: ${this.host.device.id} keeps no checkpoints (it cannot snapshot, or checkpoints are off)`;
    const kept = this.store.steps();
    return `${what}: no checkpoint before step ${step} (kept: ${kept.length ? `steps ${kept[0]}–${kept.at(-1)}` : 'none'}; the last ${this.store.keep} are kept, see checkpoints.keep)`;
  }

  /** Carries out a rewind the loop unwound for; returns where the loop re-enters. */
  async apply(sig: RewindSignal): Promise<StepEntry> {
    const { host } = this;
    const cp = this.store?.get(sig.step);
    if (!cp) {
      // Restart frame without a checkpoint (a real phone, not yet acted): only the policy goes back.
      const cur = host.current();
      if (sig.mode !== 'redecide' || !cur?.observation || cur.step !== sig.step) throw new Error(this.noCheckpointMessage(sig.step, 'rewind'));
      if (cur.policyBefore !== undefined) host.policy.restore?.(cur.policyBefore);
      return { step: sig.step, observation: cur.observation };
    }
    await this.restore(cp, sig.mode === 'redecide' ? cp.policyBefore : cp.policyAfter ?? cp.policyBefore);
    this.store!.dropAfter(sig.step);
    if (sig.mode === 'redecide') {
      delete cp.decision;
      delete cp.policyAfter;
    }
    host.emit({ type: 'rewound', episodeId: host.episodeId, step: sig.step });
    return sig.mode === 'rewind'
      ? { step: sig.step, observation: cp.observation, decision: cp.decision, pauseOnEntry: true }
      : { step: sig.step, observation: cp.observation };
  }
}
