// The agent loop as an explicit state machine, one `Episode` per run. Its states (EpisodeState,
// each change emitted as a 'state' event):
//   idle → setting-up → [ step-start → observing → inferring → acting → recording → step-end ] × N
//   → verifying → done, and `paused` at any loop point (hooks.ts: step-start, before-decision,
//   before-action, failure, step-end, verifier, episode-end) until resumed.
// It is a plain typed event emitter: every consumer (debugger, panel, recorder, Test Explorer,
// CLI progress) watches the same EpisodeEvent stream and none of them owns the loop. Hooks
// (hooks.ts) attach at the named points, in a defined order, and may pause the loop there or
// replace the pending action. On a device that can snapshot, a checkpoint is taken before each
// step, so the loop can `rewind(step)` exactly and `fork(step, action)` a new episode.
// Its parts live in loop/: the pause gate (pause-gate.ts), checkpoints and rewinds
// (rewinds.ts), one step (run-step.ts); Episode owns the state they share and its changes.
import { randomUUID } from 'node:crypto';
import type { Device } from '../device/device';
import { isSnapshottable } from '../device/device';
import { isDeviceError } from '../device/errors';
import type { Action } from '../protocol/action';
import { DEFAULT_MAX_STEPS } from '../task/model';
import type { HistoryStep } from '../protocol/history';
import type { EpisodeOutcome, TaskContext, TaskInstance, VerifierResult, VerifyReport } from '../task/runnable';
import { CheckpointStore, DEFAULT_CHECKPOINTS_KEPT, type Checkpoint, type CheckpointInfo } from './checkpoints';
import { TypedEmitter } from './emitter';
import type { Decision, EpisodeEvent, EpisodeParent, EpisodeState, LoopPoint, EpisodeSummary, Observation, PauseInfo, StepRecord } from './events';
import type { Actuation } from './execute';
import { acceptsAction, HookChain, type LoopHook } from './hooks';
import type { Policy } from './policy';
import { verifierView, type EpisodeEnding } from './verifier-view';
import { letEventsIn, message } from './step-phases';
import { PauseGate } from './loop/pause-gate';
import { Rewinds } from './loop/rewinds';
import { runStep, type StepHost } from './loop/run-step';
import { EpisodeEnd, RewindSignal, type CurrentStep, type LoopProgress, type StepEntry } from './loop/signals';

export interface PendingAction {
  step: number;
  action: Action;
  decision: Decision;
  observation: Observation;
}

/** Called before each action; may return a replacement. Kept for callers of the one-hook API. */
export type BeforeActionHook = (pending: PendingAction) => Promise<Action | void> | Action | void;

export interface EpisodeOptions {
  device: Device;
  policy: Policy;
  task?: TaskInstance;
  /** Defaults to task.goal. */
  goal?: string;
  /** Defaults to task.maxSteps, else DEFAULT_MAX_STEPS (20, as a task file that sets none). */
  maxSteps?: number;
  /** Stop after this many failed steps in a row (parse failure, unusable call, failed action). Default 3. */
  maxConsecutiveErrors?: number;
  signal?: AbortSignal;
  /** A single before-action hook (runs first, order 0); prefer `hooks` / `use()`. */
  beforeAction?: BeforeActionHook;
  /** Hooks attached from the start (more can be attached with `use()`). */
  hooks?: LoopHook[];
  /**
   * Checkpoint before each step on a device that can snapshot (the mock phone), keeping the
   * last `keep` (default 32). Off by default: the headless runner has nothing to rewind.
   */
  checkpoints?: boolean | { keep?: number };
  /** What to observe each step; both default to true. */
  observe?: { screenshot?: boolean; uiTree?: boolean };
  /**
   * Let the screen settle this long before each observation (default 0). The mock phone
   * advances its virtual clock; real devices wait in real time (the reference waits 3 s).
   */
  settleMs?: number;
  /** Passed to the task's setup and verify (false in an untrusted workspace). Default true. */
  trusted?: boolean;
  /** How `type` is carried out: text only (default) or text + Enter, as AndroidWorld does. */
  actuation?: Actuation;
  /** Skip task.setup (the caller already prepared the device). */
  skipSetup?: boolean;
  episodeId?: string;
}

export interface ForkOptions {
  /** Where the branch runs; defaults to the parent's device (fine once the parent has ended). */
  device?: Device;
  /** A policy for the branch (restored to the checkpoint's state); defaults to the parent's. */
  policy?: Policy;
  episodeId?: string;
  signal?: AbortSignal;
  hooks?: LoopHook[];
}

interface ForkSeed {
  parent: EpisodeParent;
  checkpoint: Checkpoint;
  action?: Action;
}

export class Episode extends TypedEmitter<EpisodeEvent> {
  readonly id: string;
  readonly parent?: EpisodeParent;
  /** A throwing hook is reported here and skipped; the loop goes on. */
  onHookError: (error: unknown, hook: LoopHook, point: LoopPoint) => void = (error, hook) => {
    process.emitWarning(`episode hook ${hook.name} failed: ${message(error)}`);
  };
  private stateValue: EpisodeState = 'idle';
  /** Aborted by stop(), the caller's signal or a disconnect: cancels inference and waits. */
  private readonly abort = new AbortController();
  /** Aborted only by stop() and the caller's signal: a disconnected episode may still pause to be looked at. */
  private readonly halt = new AbortController();
  private readonly hooks = new HookChain();
  private readonly gate: PauseGate;
  private readonly rewinds: Rewinds;
  private progress: LoopProgress = { history: [], records: [], consecutiveErrors: 0 };
  /** The UI dump observed at each step, for verifiers that ask what some screen showed. */
  private readonly screenAt = new Map<number, string>();
  private disconnected?: string;
  private cur?: CurrentStep;
  private ended = false;

  constructor(private readonly options: EpisodeOptions, private readonly forkSeed?: ForkSeed) {
    super();
    this.id = options.episodeId ?? randomUUID();
    this.parent = forkSeed?.parent;
    if (options.beforeAction) this.hooks.add(legacyBeforeAction(options.beforeAction));
    for (const h of options.hooks ?? []) this.hooks.add(h);
    const cp = options.checkpoints;
    const store = cp && isSnapshottable(options.device) ? new CheckpointStore(typeof cp === 'object' ? cp.keep ?? DEFAULT_CHECKPOINTS_KEPT : DEFAULT_CHECKPOINTS_KEPT) : undefined;
    // The loop's parts see the episode through these narrow views, not its whole self.
    this.gate = new PauseGate({
      episodeId: this.id, halt: this.halt.signal,
      ended: () => this.ended,
      state: () => this.stateValue,
      setState: (state) => this.setState(state),
      emit: (e) => this.emit(e),
      applyEdit: (action, by, p) => this.applyEdit(action, by, p),
      onHookError: (error, hook, point) => this.onHookError(error, hook, point),
      afterPause: () => {
        // Inside a step a stop or disconnect during the pause ends the episode; after the steps
        // (verifying, episode-end) there is nothing left to cut short.
        if (this.cur) this.checkAbort();
      },
    }, this.hooks);
    this.rewinds = new Rewinds({
      episodeId: this.id, device: options.device, policy: options.policy,
      goal: () => this.goal,
      state: () => this.stateValue,
      ended: () => this.ended,
      current: () => this.cur,
      progress: () => this.progress,
      setProgress: (p) => { this.progress = p; },
      emit: (e) => this.emit(e),
    }, store);
  }

  get state(): EpisodeState {
    return this.stateValue;
  }

  /** The one place the loop's state changes; every change is an event ('state'). */
  private setState(state: EpisodeState): void {
    const from = this.stateValue;
    if (from === state) return;
    this.stateValue = state;
    this.emit({ type: 'state', episodeId: this.id, state, from });
  }

  get goal(): string {
    return this.options.goal ?? this.options.task?.goal ?? '';
  }

  get device(): Device {
    return this.options.device;
  }

  get policy(): Policy {
    return this.options.policy;
  }

  get task(): TaskInstance | undefined {
    return this.options.task;
  }

  get maxSteps(): number {
    return this.options.maxSteps ?? this.options.task?.maxSteps ?? DEFAULT_MAX_STEPS;
  }

  /** Where the loop is paused, or undefined while it runs. */
  get paused(): (PauseInfo & { at: LoopPoint }) | undefined {
    const p = this.gate.paused;
    return p ? { ...p.info, at: p.point } : undefined;
  }

  /** The step in progress: its observation, decision and pending (possibly edited) action. */
  get current(): Readonly<Omit<CurrentStep, 'checkpoint' | 'policyBefore'>> | undefined {
    if (!this.cur) return undefined;
    const { step, observation, decision, action, correction, timings } = this.cur;
    return { step, observation, decision, action, correction, timings };
  }

  get stepRecords(): readonly StepRecord[] {
    return this.progress.records;
  }

  get historySteps(): readonly HistoryStep[] {
    return this.progress.history;
  }

  /** Whether `rewind` can work here (a snapshotting device with checkpoints on). */
  get canRewind(): boolean {
    return this.rewinds.store !== undefined;
  }

  /**
   * The episode as its verifiers see it now (verifier-view.ts): the steps that stand and the
   * screens before them. The end of the run judges this with how it ended; the debugger's
   * live verdict and the environment service with `{ terminatedBy: 'paused' }`.
   */
  outcome(ending: EpisodeEnding): EpisodeOutcome {
    return verifierView(this.progress.records, (step) => this.screenAt.get(step), ending);
  }

  checkpoints(): CheckpointInfo[] {
    return this.rewinds.store?.info() ?? [];
  }

  /** A checkpoint's cached observation and decision (what step back shows). */
  checkpointAt(step: number): Pick<Checkpoint, 'step' | 'observation' | 'decision'> | undefined {
    const cp = this.rewinds.store?.get(step);
    return cp ? { step: cp.step, observation: cp.observation, decision: cp.decision } : undefined;
  }

  checkpointBytes(): number {
    return this.rewinds.store?.totalBytes() ?? 0;
  }

  /** Attach a hook; returns the detach function. */
  use(hook: LoopHook): () => void {
    return this.hooks.add(hook);
  }

  /** Stops the episode at the next step boundary (or inside a waiting policy or a pause). */
  stop(reason = 'stopped'): void {
    const why = new Error(reason);
    this.halt.abort(why);
    this.abort.abort(why);
  }

  /** Pause at the next pause point (the debugger's pause button). */
  requestPause(): void {
    this.gate.request();
  }

  /** Let a paused loop go on; false when it was not paused. */
  resume(): boolean {
    return this.gate.resume();
  }

  /** Replace the pending action while paused at before-action (or at a decision failure). */
  editAction(action: Action, by = 'debugger'): void {
    const p = this.gate.paused?.point;
    if (!p || !acceptsAction(p)) throw new Error(`there is no pending action to edit: the loop is ${p ? `paused at ${p.point}` : this.stateValue}`);
    this.applyEdit(action, by, p);
  }

  /**
   * Restore the checkpoint before `step` exactly (device, history, records, policy) and pause
   * there at the step's recorded decision. Resolves once the loop is paused at it.
   */
  rewind(step: number): Promise<void> {
    try {
      this.rewinds.checkRewindable(step);
    } catch (e) {
      return Promise.reject(e as Error);
    }
    return this.gate.wake({ kind: 'rewind', step, mode: 'rewind' });
  }

  /**
   * Re-run the current step's decision (restart frame): the device and policy go back to how
   * they were before it decided, then the loop goes on from there. Resolves once woken.
   */
  redecide(): Promise<void> {
    const p = this.gate.paused?.point;
    const cur = this.cur;
    if (!p || !cur || !('step' in p) || cur.decision === undefined) throw new Error('restart frame needs the loop paused after a decision');
    if (p.point === 'step-end' || (p.point === 'failure' && p.failure === 'action-failed')) {
      if (!this.rewinds.store?.get(cur.step)) throw new Error(`step ${cur.step} has acted and the device ${this.device.id} cannot snapshot: its decision cannot be re-run`);
    }
    return this.gate.wake({ kind: 'rewind', step: cur.step, mode: 'redecide' }, false);
  }

  /**
   * A new episode branching from the checkpoint before `step`, with `action` instead of the
   * policy's (or the same decision when omitted). It has its own id and records; its
   * `parent` names this episode and the step. Run it with `run()`.
   */
  fork(step: number, action?: Action, o: ForkOptions = {}): Episode {
    const store = this.rewinds.store;
    const cp = store?.get(step);
    if (!cp) throw new Error(this.rewinds.noCheckpointMessage(step, 'fork'));
    if (!cp.observation || !cp.decision) throw new Error(`step ${step} has not decided yet: fork from an earlier step, or continue to its pending action`);
    const options: EpisodeOptions = {
      ...this.options, device: o.device ?? this.options.device, policy: o.policy ?? this.options.policy, episodeId: o.episodeId,
      signal: o.signal, beforeAction: undefined, hooks: o.hooks ?? [], skipSetup: true, checkpoints: { keep: store!.keep },
      goal: cp.goal,
    };
    return new Episode(options, { parent: { episodeId: this.id, step }, checkpoint: cp, action });
  }

  async run(): Promise<EpisodeSummary> {
    if (this.stateValue !== 'idle') throw new Error('an Episode runs once: fork() it or make a new one');
    const { device, policy, task } = this.options;
    const started = performance.now();
    const outer = this.options.signal;
    const onOuterAbort = (): void => {
      this.halt.abort(outer?.reason);
      this.abort.abort(outer?.reason);
    };
    if (outer?.aborted) onOuterAbort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    const unsubscribe = device.onEvent((e) => {
      if (e.type === 'disconnected') {
        this.disconnected = e.reason;
        this.abort.abort(new Error(`device disconnected: ${e.reason}`));
      }
    });
    // What the setup skipped (shell steps in an untrusted workspace) goes into the summary's
    // notes: a run that quietly left steps out would look like the task's own failure.
    const notes: string[] = [];
    const ctx: TaskContext = { trusted: this.options.trusted ?? true, signal: this.abort.signal, warn: (m) => notes.push(m) };
    this.emit({ type: 'episode-started', episodeId: this.id, goal: this.goal, instanceId: task?.instanceId, deviceId: device.id, policy: policy.name, maxSteps: this.maxSteps, ...(this.parent ? { parent: this.parent } : {}) });

    let summary: EpisodeSummary;
    try {
      let end: EpisodeEnd | undefined;
      let entry: StepEntry | undefined;
      try {
        entry = await this.prepare(ctx);
      } catch (e) {
        end = e instanceof EpisodeEnd ? e : this.classify(e);
      }
      for (;;) {
        try {
          end ??= await this.runSteps(entry);
          summary = await this.finish(end, started, ctx, notes);
          break;
        } catch (e) {
          if (!(e instanceof RewindSignal)) throw e;
          end = undefined;
          try {
            entry = await this.rewinds.apply(e);
          } catch (err) {
            this.gate.failWaiters(new Error(`rewind failed: ${message(err)}`));
            this.ended = true; // no more pauses: end quietly with the error
            end = new EpisodeEnd('errors', `rewind to step ${e.step} failed: ${message(err)}`);
          }
        }
      }
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      unsubscribe();
      this.ended = true;
      this.gate.failWaiters(new Error('the episode ended before the rewind completed'));
    }
    this.setState('done');
    this.cur = undefined;
    this.emit({ type: 'finished', episodeId: this.id, summary });
    return summary;
  }

  // ------------------------------------------------------------------ the loop

  /** Setup and policy begin; for a fork, the checkpoint it starts from. */
  private async prepare(ctx: TaskContext): Promise<StepEntry | undefined> {
    const { device, policy, task } = this.options;
    if (task && !this.options.skipSetup) {
      this.setState('setting-up');
      try {
        await task.setup(device, ctx);
      } catch (e) {
        throw new EpisodeEnd('setup-failed', `task setup failed: ${message(e)}`);
      }
    }
    await policy.begin?.({ goal: this.goal, task, signal: this.abort.signal });
    const seed = this.forkSeed;
    if (!seed) return undefined;
    const cp = seed.checkpoint;
    if (!isSnapshottable(device)) throw new EpisodeEnd('setup-failed', `a fork needs a device that can snapshot; ${device.id} cannot`);
    this.setState('setting-up');
    await this.rewinds.restore(cp, cp.policyAfter);
    this.rewinds.store?.put({ ...cp });
    return { step: cp.step, observation: cp.observation, decision: cp.decision, ...(seed.action ? { edit: { action: seed.action, by: 'fork' } } : {}) };
  }

  private async runSteps(entry: StepEntry | undefined): Promise<EpisodeEnd> {
    const maxSteps = this.maxSteps;
    const maxErrors = this.options.maxConsecutiveErrors ?? 3;
    const host = this.stepHost();
    try {
      for (let step = entry?.step ?? 1; step <= maxSteps; step++) {
        await letEventsIn();
        this.checkAbort();
        const r = await runStep(host, step, entry?.step === step ? entry : undefined);
        entry = undefined;
        if (r.terminal) return new EpisodeEnd(r.terminal.by, `the agent called ${r.terminal.by}`, r.terminal.text);
        const progress = this.progress;
        progress.consecutiveErrors = r.record.status === 'failed' ? progress.consecutiveErrors + 1 : 0;
        if (progress.consecutiveErrors >= maxErrors) {
          return new EpisodeEnd('errors', `${progress.consecutiveErrors} failed steps in a row; last: ${r.record.error ?? 'unknown error'}`);
        }
      }
      return new EpisodeEnd('max-steps', `reached the step budget of ${maxSteps}`);
    } catch (e) {
      if (e instanceof RewindSignal) throw e;
      return e instanceof EpisodeEnd ? e : this.classify(e);
    }
  }

  /** What one step (loop/run-step.ts) sees of the episode. */
  private stepHost(): StepHost {
    return {
      episodeId: this.id, options: this.options, gate: this.gate, rewinds: this.rewinds, signal: this.abort.signal,
      goal: () => this.goal,
      progress: () => this.progress,
      disconnected: () => this.disconnected,
      setState: (state) => this.setState(state),
      emit: (e) => this.emit(e),
      enter: (cur) => { this.cur = cur; },
      applyEdit: (action, by) => this.applyEdit(action, by),
      sawScreen: (step, xml) => { this.screenAt.set(step, xml); },
      checkAbort: () => this.checkAbort(),
    };
  }

  private async finish(end: EpisodeEnd, started: number, ctx: TaskContext, notes: readonly string[]): Promise<EpisodeSummary> {
    const { task, device } = this.options;
    const point = (p: LoopPoint): Promise<void> => this.gate.point(p);
    const records = this.progress.records;
    this.cur = undefined;
    if (end.by === 'max-steps') await point({ point: 'failure', step: records.length, failure: 'step-budget-exhausted', message: end.why });
    if (end.by === 'device-disconnected') await point({ point: 'failure', step: records.length, failure: 'device-disconnected', message: end.why });
    let verify: VerifyReport | undefined;
    let error: string | undefined = ['errors', 'setup-failed', 'device-disconnected'].includes(end.by) ? end.why : undefined;
    if (task && end.by !== 'setup-failed' && end.by !== 'device-disconnected') {
      this.setState('verifying');
      const outcome = this.outcome({ terminatedBy: end.by, answer: end.answer });
      try {
        verify = await task.verify(device, outcome, { ...ctx, signal: undefined });
        // A verifier that could not decide is the task's fault, not the agent's: say so.
        if (verify.error) error = `${error ? `${error}; ` : ''}verifier error: ${verify.error}`;
        this.emit({ type: 'verified', episodeId: this.id, report: verify });
      } catch (e) {
        error = `${error ? `${error}; ` : ''}verification failed: ${message(e)}`;
      }
      if (verify) {
        for (const result of flatten(verify.results)) await point({ point: 'verifier', result, report: verify });
        if (!verify.passed) {
          const failed = flatten(verify.results).filter((r) => !r.passed && !r.children?.length).map((r) => `${r.path}: ${r.reason}`);
          await point({ point: 'failure', step: this.progress.records.length, failure: 'verifier-failed', message: failed.join('; ') || 'the verifier failed' });
        }
      }
    }
    await point({ point: 'episode-end', terminatedBy: end.by, reason: end.why, verify });
    const score = verify?.score ?? 0;
    return {
      episodeId: this.id, taskId: task?.taskId, instanceId: task?.instanceId, goal: this.goal, family: task?.family,
      tags: task?.tags ?? [], terminatedBy: end.by, reason: end.why, answer: end.answer, steps: this.progress.records, verify,
      score, success: verify ? verify.passed && score >= 1 : false, error, durationMs: performance.now() - started,
      ...(this.parent ? { parent: this.parent } : {}), ...(notes.length ? { notes: [...notes] } : {}),
    };
  }

  private applyEdit(action: Action, by: string, p?: LoopPoint): void {
    const cur = this.cur;
    if (!cur?.decision) throw new Error('no step is pending');
    cur.correction = { by, ...(cur.decision.action ? { original: cur.decision.action } : {}), ...(cur.decision.call ? { originalCall: cur.decision.call } : {}) };
    cur.action = structuredClone(action);
    if (p?.point === 'before-action') p.action = cur.action;
    this.emit({ type: 'action-edited', episodeId: this.id, step: cur.step, by, ...(cur.decision.action ? { original: cur.decision.action } : {}), action: cur.action });
  }

  private checkAbort(): void {
    if (this.disconnected !== undefined) throw new EpisodeEnd('device-disconnected', `the device disconnected: ${this.disconnected}`);
    if (this.abort.signal.aborted) throw new EpisodeEnd('aborted', `stopped: ${message(this.abort.signal.reason)}`);
  }

  private classify(e: unknown): EpisodeEnd {
    if (this.disconnected !== undefined || isDeviceError(e, 'disconnected')) {
      return new EpisodeEnd('device-disconnected', `the device disconnected: ${this.disconnected ?? message(e)}`);
    }
    if (this.abort.signal.aborted) return new EpisodeEnd('aborted', `stopped: ${message(this.abort.signal.reason)}`);
    return new EpisodeEnd('errors', `unexpected error: ${message(e)}`);
  }
}

function legacyBeforeAction(fn: BeforeActionHook): LoopHook {
  return {
    name: 'beforeAction', order: 0,
    async at(p) {
      if (p.point !== 'before-action') return undefined;
      const replaced = await fn({ step: p.step, action: p.action, decision: p.decision, observation: p.observation });
      return replaced ? { action: replaced } : undefined;
    },
  };
}

function flatten(results: VerifierResult[]): VerifierResult[] {
  return results.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

/** Runs one episode to the end; a convenience over `new Episode(options).run()`. */
export function runEpisode(options: EpisodeOptions, listener?: (e: EpisodeEvent) => void): Promise<EpisodeSummary> {
  const ep = new Episode(options);
  if (listener) ep.onAny(listener);
  return ep.run();
}
