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
import { randomUUID } from 'node:crypto';
import type { Device } from '../device/device';
import { isSnapshottable } from '../device/device';
import { isDeviceError } from '../device/errors';
import type { Action } from '../protocol/action';
import { actionToCall } from '../protocol/action';
import { isTapTool, isTerminalTool } from '../protocol/tools';
import { DEFAULT_MAX_STEPS } from '../task/model';
import type { HistoryStep } from '../protocol/history';
import type { EpisodeOutcome, TaskContext, TaskInstance, VerifierResult, VerifyReport } from '../task/runnable';
import { nodeAt, parseUiTree } from '../device/ui-tree';
import { CheckpointStore, DEFAULT_CHECKPOINTS_KEPT, sizeOf, type Checkpoint, type CheckpointInfo } from './checkpoints';
import { TypedEmitter } from './emitter';
import type {
  Correction, Decision, EpisodeEvent, EpisodeParent, EpisodeState, LoopPoint, EpisodeSummary, Observation, PauseInfo, StepRecord, StepTimings, TerminatedBy,
} from './events';
import { ActionFailed, actionPixels, executeAction, type Actuation } from './execute';
import { acceptsAction, HookChain, type HookResult, type LoopHook } from './hooks';
import type { Policy } from './policy';
import { verifierView, type EpisodeEnding } from './verifier-view';
import { askPolicy, decisionFailure, letEventsIn, message, observe, settle, toDecision } from './step-phases';

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

class EpisodeEnd extends Error {
  constructor(readonly by: TerminatedBy, readonly why: string, readonly answer?: string) {
    super(why);
  }
}

/** Control flow, not an error: unwinds the loop to re-enter it at a checkpoint. */
class RewindSignal {
  constructor(readonly step: number, readonly mode: 'rewind' | 'redecide') {}
}

type Wake = { kind: 'resume' } | { kind: 'rewind'; step: number; mode: 'rewind' | 'redecide' };

/** How a step is entered other than afresh: after a rewind, a restart frame or in a fork. */
interface StepEntry {
  step: number;
  observation?: Observation;
  decision?: Decision;
  /** Pause at the first point reached, without running hooks there (after a rewind). */
  pauseOnEntry?: boolean;
  edit?: { action: Action; by: string };
}

/** The step in progress, as the pause API sees and edits it. */
interface CurrentStep {
  step: number;
  observation?: Observation;
  decision?: Decision;
  action?: Action;
  correction?: Correction;
  /** The step's phase timings so far (model latency is known once decided). */
  timings?: StepTimings;
  policyBefore?: unknown;
  checkpoint?: Checkpoint;
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
  private readonly store?: CheckpointStore;
  private readonly seenBytes = new WeakSet<object>();
  private history: HistoryStep[] = [];
  private records: StepRecord[] = [];
  /** The UI dump observed at each step, for verifiers that ask what some screen showed. */
  private readonly screenAt = new Map<number, string>();
  private consecutiveErrors = 0;
  private disconnected?: string;
  private cur?: CurrentStep;
  private pauseState?: { info: PauseInfo; point: LoopPoint; wake: (w: Wake) => void };
  private pendingWake?: Wake;
  private pauseRequested = false;
  private pausedMs = 0;
  private ended = false;
  private readonly rewindWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];

  constructor(private readonly options: EpisodeOptions, private readonly forkSeed?: ForkSeed) {
    super();
    this.id = options.episodeId ?? randomUUID();
    this.parent = forkSeed?.parent;
    if (options.beforeAction) this.hooks.add(legacyBeforeAction(options.beforeAction));
    for (const h of options.hooks ?? []) this.hooks.add(h);
    const cp = options.checkpoints;
    if (cp && isSnapshottable(options.device)) this.store = new CheckpointStore(typeof cp === 'object' ? cp.keep ?? DEFAULT_CHECKPOINTS_KEPT : DEFAULT_CHECKPOINTS_KEPT);
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
    return this.pauseState ? { ...this.pauseState.info, at: this.pauseState.point } : undefined;
  }

  /** The step in progress: its observation, decision and pending (possibly edited) action. */
  get current(): Readonly<Omit<CurrentStep, 'checkpoint' | 'policyBefore'>> | undefined {
    if (!this.cur) return undefined;
    const { step, observation, decision, action, correction, timings } = this.cur;
    return { step, observation, decision, action, correction, timings };
  }

  get stepRecords(): readonly StepRecord[] {
    return this.records;
  }

  get historySteps(): readonly HistoryStep[] {
    return this.history;
  }

  /** Whether `rewind` can work here (a snapshotting device with checkpoints on). */
  get canRewind(): boolean {
    return this.store !== undefined;
  }

  /**
   * The episode as its verifiers see it now (verifier-view.ts): the steps that stand and the
   * screens before them. The end of the run judges this with how it ended; the debugger's
   * live verdict and the environment service with `{ terminatedBy: 'paused' }`.
   */
  outcome(ending: EpisodeEnding): EpisodeOutcome {
    return verifierView(this.records, (step) => this.screenAt.get(step), ending);
  }

  checkpoints(): CheckpointInfo[] {
    return this.store?.info() ?? [];
  }

  /** A checkpoint's cached observation and decision (what step back shows). */
  checkpointAt(step: number): Pick<Checkpoint, 'step' | 'observation' | 'decision'> | undefined {
    const cp = this.store?.get(step);
    return cp ? { step: cp.step, observation: cp.observation, decision: cp.decision } : undefined;
  }

  checkpointBytes(): number {
    return this.store?.totalBytes() ?? 0;
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
    this.pauseRequested = true;
  }

  /** Let a paused loop go on; false when it was not paused. */
  resume(): boolean {
    if (!this.pauseState) return false;
    this.pauseState.wake({ kind: 'resume' });
    return true;
  }

  /** Replace the pending action while paused at before-action (or at a decision failure). */
  editAction(action: Action, by = 'debugger'): void {
    const p = this.pauseState?.point;
    if (!p || !acceptsAction(p)) throw new Error(`there is no pending action to edit: the loop is ${p ? `paused at ${p.point}` : this.stateValue}`);
    this.applyEdit(action, by, p);
  }

  /**
   * Restore the checkpoint before `step` exactly (device, history, records, policy) and pause
   * there at the step's recorded decision. Resolves once the loop is paused at it.
   */
  rewind(step: number): Promise<void> {
    try {
      this.checkRewindable(step);
    } catch (e) {
      return Promise.reject(e as Error);
    }
    return this.wake({ kind: 'rewind', step, mode: 'rewind' });
  }

  /**
   * Re-run the current step's decision (restart frame): the device and policy go back to how
   * they were before it decided, then the loop goes on from there. Resolves once woken.
   */
  redecide(): Promise<void> {
    const p = this.pauseState?.point;
    const cur = this.cur;
    if (!p || !cur || !('step' in p) || cur.decision === undefined) throw new Error('restart frame needs the loop paused after a decision');
    if (p.point === 'step-end' || (p.point === 'failure' && p.failure === 'action-failed')) {
      if (!this.store?.get(cur.step)) throw new Error(`step ${cur.step} has acted and the device ${this.device.id} cannot snapshot: its decision cannot be re-run`);
    }
    const waiting = this.wake({ kind: 'rewind', step: cur.step, mode: 'redecide' }, false);
    return waiting;
  }

  /**
   * A new episode branching from the checkpoint before `step`, with `action` instead of the
   * policy's (or the same decision when omitted). It has its own id and records; its
   * `parent` names this episode and the step. Run it with `run()`.
   */
  fork(step: number, action?: Action, o: ForkOptions = {}): Episode {
    const cp = this.store?.get(step);
    if (!cp) throw new Error(this.noCheckpointMessage(step, 'fork'));
    if (!cp.observation || !cp.decision) throw new Error(`step ${step} has not decided yet: fork from an earlier step, or continue to its pending action`);
    const options: EpisodeOptions = {
      ...this.options, device: o.device ?? this.options.device, policy: o.policy ?? this.options.policy, episodeId: o.episodeId,
      signal: o.signal, beforeAction: undefined, hooks: o.hooks ?? [], skipSetup: true, checkpoints: { keep: this.store!.keep },
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
    const ctx: TaskContext = { trusted: this.options.trusted ?? true, signal: this.abort.signal };
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
          summary = await this.finish(end, started, ctx);
          break;
        } catch (e) {
          if (!(e instanceof RewindSignal)) throw e;
          end = undefined;
          try {
            entry = await this.applyRewind(e);
          } catch (err) {
            this.rejectRewinds(new Error(`rewind failed: ${message(err)}`));
            this.ended = true; // no more pauses: end quietly with the error
            end = new EpisodeEnd('errors', `rewind to step ${e.step} failed: ${message(err)}`);
          }
        }
      }
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
      unsubscribe();
      this.ended = true;
      this.rejectRewinds(new Error('the episode ended before the rewind completed'));
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
    await this.restoreCheckpoint(cp, cp.policyAfter);
    this.store?.put({ ...cp });
    return { step: cp.step, observation: cp.observation, decision: cp.decision, ...(seed.action ? { edit: { action: seed.action, by: 'fork' } } : {}) };
  }

  private async runSteps(entry: StepEntry | undefined): Promise<EpisodeEnd> {
    const maxSteps = this.maxSteps;
    const maxErrors = this.options.maxConsecutiveErrors ?? 3;
    try {
      for (let step = entry?.step ?? 1; step <= maxSteps; step++) {
        await letEventsIn();
        this.checkAbort();
        const r = await this.runStep(step, entry?.step === step ? entry : undefined);
        entry = undefined;
        if (r.terminal) return new EpisodeEnd(r.terminal.by, `the agent called ${r.terminal.by}`, r.terminal.text);
        this.consecutiveErrors = r.record.status === 'failed' ? this.consecutiveErrors + 1 : 0;
        if (this.consecutiveErrors >= maxErrors) {
          return new EpisodeEnd('errors', `${this.consecutiveErrors} failed steps in a row; last: ${r.record.error ?? 'unknown error'}`);
        }
      }
      return new EpisodeEnd('max-steps', `reached the step budget of ${maxSteps}`);
    } catch (e) {
      if (e instanceof RewindSignal) throw e;
      return e instanceof EpisodeEnd ? e : this.classify(e);
    }
  }

  private async runStep(step: number, entry?: StepEntry): Promise<{ record: StepRecord; terminal?: { by: TerminatedBy; text: string } }> {
    const { device, policy } = this.options;
    const stepStart = performance.now();
    this.pausedMs = 0;
    const t: StepTimings = { screenshot: 0, uiTree: 0, model: 0, parse: 0, action: 0, total: 0 };
    const cur: CurrentStep = (this.cur = { step, timings: t, checkpoint: this.store?.get(step) });
    let forcePause = entry?.pauseOnEntry ?? false;
    const at = async (p: LoopPoint): Promise<void> => {
      if (forcePause) {
        forcePause = false;
        await this.pauseHere(p, 'rewound', 'episode');
      } else {
        await this.point(p);
      }
    };

    if (!entry) {
      this.setState('step-start');
      this.emit({ type: 'step-started', episodeId: this.id, step });
      await settle(device, this.options.settleMs ?? 0, this.abort.signal);
      cur.checkpoint = await this.takeCheckpoint(step);
      await at({ point: 'step-start', step });
    }
    let observation = entry?.observation;
    if (!observation) {
      this.setState('observing');
      observation = await observe(device, step, this.options.observe, t);
      if (cur.checkpoint) this.cache(cur.checkpoint, { observation });
      this.emit({ type: 'observed', episodeId: this.id, step, observation });
    }
    cur.observation = observation;
    if (observation.uiXml) this.screenAt.set(step, observation.uiXml);
    let decision = entry?.decision;
    if (!decision) {
      await at({ point: 'before-decision', step, observation });
      this.setState('inferring');
      cur.policyBefore = policy.snapshot?.();
      const d = await askPolicy({ policy, device, task: this.options.task, goal: this.goal, step, observation, history: this.history, signal: this.abort.signal, onModelText: (text) => this.emit({ type: 'model-text', episodeId: this.id, step, text }) }, t);
      this.checkAbort();
      if (d.kind === 'exhausted') throw new EpisodeEnd('policy-exhausted', d.message);
      decision = toDecision(d, policy.name, t);
      if (cur.checkpoint) this.cache(cur.checkpoint, { decision, policyBefore: cur.policyBefore, policyAfter: policy.snapshot?.() });
      this.emit({ type: 'decided', episodeId: this.id, step, decision });
    }
    cur.decision = decision;
    cur.action = decision.action;
    if (entry?.edit) this.applyEdit(entry.edit.action, entry.edit.by);

    if (!cur.action && decision.error) {
      await at({ point: 'failure', step, failure: decisionFailure(decision), message: decision.error, observation, decision });
    }
    if (cur.action) await at({ point: 'before-action', step, observation, decision, action: cur.action });

    const action = cur.action;
    const record: StepRecord = {
      step, thought: decision.thought, raw: decision.raw, call: decision.call, action: decision.action,
      status: 'failed', error: decision.error, foregroundApp: observation.foregroundApp, timings: t,
    };
    if (cur.correction) {
      record.correction = cur.correction;
      record.action = action;
      if (action) record.call = actionToCall(action);
    }
    let terminal: { by: TerminatedBy; text: string } | undefined;
    if (action) {
      this.setState('acting');
      const t0 = performance.now();
      try {
        record.pixels = actionPixels(action, observation.screen);
        if (isTapTool(action.type)) {
          const node = observation.uiXml ? targetNodeAt(observation.uiXml, record.pixels[0]) : undefined;
          if (node) record.targetNode = node;
        }
        const r = await executeAction(device, action, observation.screen, { actuation: this.options.actuation });
        record.status = 'ok';
        record.error = r.warning;
        if (action.type === 'finish') {
          const by: TerminatedBy = isTerminalTool(action.tool) ? action.tool : 'finish';
          terminal = { by, text: action.text };
        }
      } catch (e) {
        if (isDeviceError(e, 'disconnected') || this.disconnected !== undefined) {
          t.action = performance.now() - t0;
          this.pushRecord(record, stepStart);
          throw e;
        }
        record.status = 'failed';
        record.error = e instanceof ActionFailed || e instanceof RangeError ? e.message : `action failed: ${message(e)}`;
      }
      t.action = performance.now() - t0;
      if (record.status === 'failed') await at({ point: 'failure', step, failure: 'action-failed', message: record.error ?? 'action failed', observation, decision, record });
    }
    this.setState('recording');
    if (record.call) this.history.push({ thought: record.thought, call: record.call });
    this.pushRecord(record, stepStart);
    this.setState('step-end');
    await at({ point: 'step-end', step, observation, decision, record });
    return { record, terminal };
  }

  private pushRecord(record: StepRecord, stepStart: number): void {
    // Time spent paused is the human's, not the step's.
    record.timings.total = performance.now() - stepStart - this.pausedMs;
    this.records.push(record);
    this.emit({ type: 'acted', episodeId: this.id, step: record.step, record });
  }

  private async finish(end: EpisodeEnd, started: number, ctx: TaskContext): Promise<EpisodeSummary> {
    const { task, device } = this.options;
    this.cur = undefined;
    if (end.by === 'max-steps') await this.point({ point: 'failure', step: this.records.length, failure: 'step-budget-exhausted', message: end.why });
    if (end.by === 'device-disconnected') await this.point({ point: 'failure', step: this.records.length, failure: 'device-disconnected', message: end.why });
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
        for (const result of flatten(verify.results)) await this.point({ point: 'verifier', result, report: verify });
        if (!verify.passed) {
          const failed = flatten(verify.results).filter((r) => !r.passed && !r.children?.length).map((r) => `${r.path}: ${r.reason}`);
          await this.point({ point: 'failure', step: this.records.length, failure: 'verifier-failed', message: failed.join('; ') || 'the verifier failed' });
        }
      }
    }
    await this.point({ point: 'episode-end', terminatedBy: end.by, reason: end.why, verify });
    const score = verify?.score ?? 0;
    return {
      episodeId: this.id, taskId: task?.taskId, instanceId: task?.instanceId, goal: this.goal, family: task?.family,
      tags: task?.tags ?? [], terminatedBy: end.by, reason: end.why, answer: end.answer, steps: this.records, verify,
      score, success: verify ? verify.passed && score >= 1 : false, error, durationMs: performance.now() - started,
      ...(this.parent ? { parent: this.parent } : {}),
    };
  }

  // ------------------------------------------------------------------ pause points

  /** Runs the hooks at a point in order; a hook may pause or replace the pending action. */
  private async point(p: LoopPoint): Promise<void> {
    if (this.pendingWake?.kind === 'rewind') {
      const w = this.pendingWake;
      this.pendingWake = undefined;
      throw new RewindSignal(w.step, w.mode);
    }
    if (this.hooks.size > 0) {
      for (const hook of this.hooks.list()) {
        let r: HookResult;
        try {
          r = await hook.at(p);
        } catch (e) {
          this.onHookError(e, hook, p);
          continue;
        }
        if (r?.action && acceptsAction(p)) this.applyEdit(r.action, hook.name, p);
        if (r?.pause) await this.pauseHere(p, r.pause, hook.name);
      }
    }
    if (this.pauseRequested) {
      this.pauseRequested = false;
      await this.pauseHere(p, 'pause requested', 'episode');
    }
  }

  private async pauseHere(p: LoopPoint, reason: string, by: string): Promise<void> {
    if (this.halt.signal.aborted || this.ended) return;
    this.pauseRequested = false;
    const before = this.stateValue;
    const info: PauseInfo = { ...('step' in p ? { step: p.step } : {}), point: p.point, reason, by, ...(p.point === 'failure' ? { failure: p.failure } : {}) };
    const t0 = performance.now();
    const signal = this.halt.signal;
    let onAbort: (() => void) | undefined;
    const wake = await new Promise<Wake>((resolve) => {
      onAbort = (): void => resolve({ kind: 'resume' });
      signal.addEventListener('abort', onAbort, { once: true });
      this.pauseState = { info, point: p, wake: resolve };
      this.setState('paused');
      // Before emitting: a listener that rewinds from this pause waits for the next one.
      this.resolveRewinds();
      this.emit({ type: 'paused', episodeId: this.id, pause: info });
    });
    signal.removeEventListener('abort', onAbort!);
    this.pausedMs += performance.now() - t0;
    this.pauseState = undefined;
    this.setState(before);
    this.emit({ type: 'resumed', episodeId: this.id, pause: info });
    if (wake.kind === 'rewind') throw new RewindSignal(wake.step, wake.mode);
    // Inside a step a stop or disconnect during the pause ends the episode; after the steps
    // (verifying, episode-end) there is nothing left to cut short.
    if (this.cur) this.checkAbort();
  }

  private applyEdit(action: Action, by: string, p?: LoopPoint): void {
    const cur = this.cur;
    if (!cur?.decision) throw new Error('no step is pending');
    cur.correction = { by, ...(cur.decision.action ? { original: cur.decision.action } : {}), ...(cur.decision.call ? { originalCall: cur.decision.call } : {}) };
    cur.action = structuredClone(action);
    if (p?.point === 'before-action') p.action = cur.action;
    this.emit({ type: 'action-edited', episodeId: this.id, step: cur.step, by, ...(cur.decision.action ? { original: cur.decision.action } : {}), action: cur.action });
  }

  // ------------------------------------------------------------------ checkpoints and rewinds

  private async takeCheckpoint(step: number): Promise<Checkpoint | undefined> {
    const { store } = this;
    const device = this.options.device;
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
    const policyBefore = this.options.policy.snapshot?.();
    const cp: Checkpoint = {
      step, device: snap, policyBefore, history: this.history.slice(), records: this.records.slice(),
      consecutiveErrors: this.consecutiveErrors, goal: this.goal, ms: 0, bytes: 0,
    };
    cp.bytes = sizeOf(cp, this.seenBytes);
    cp.ms = performance.now() - t0;
    store.put(cp);
    this.emit({ type: 'checkpoint', episodeId: this.id, step, ms: cp.ms, bytes: cp.bytes });
    return cp;
  }

  private cache(cp: Checkpoint, what: Partial<Pick<Checkpoint, 'observation' | 'decision' | 'policyBefore' | 'policyAfter'>>): void {
    Object.assign(cp, what);
    cp.bytes += sizeOf(what, this.seenBytes);
  }

  /** The device, the policy (to `policyState`) and the loop's history, records and error count as the checkpoint kept them: a fork and a rewind restore here. */
  private async restoreCheckpoint(cp: Checkpoint, policyState: unknown): Promise<void> {
    const device = this.options.device;
    if (!isSnapshottable(device)) throw new Error(`${device.id} cannot restore a snapshot`);
    await device.restore(cp.device);
    if (policyState !== undefined) this.options.policy.restore?.(policyState);
    this.history = cp.history.slice();
    this.records = cp.records.slice();
    this.consecutiveErrors = cp.consecutiveErrors;
  }

  private checkRewindable(step: number): void {
    if (this.stateValue === 'idle') throw new Error('the episode has not started');
    if (this.stateValue === 'done' || this.ended) throw new Error('the episode has ended: fork(step) branches from one of its checkpoints instead');
    if (!this.store) {
      const d = this.options.device;
      throw new Error(isSnapshottable(d)
        ? 'checkpoints are off for this episode (EpisodeOptions.checkpoints): nothing to rewind to'
        : `stepping back needs a device that can snapshot its state (the mock phone); ${d.id} is a ${d.kind} device`);
    }
    if (!Number.isInteger(step) || step < 1) throw new RangeError(`rewind: step must be a positive integer, got ${step}`);
    const now = this.cur?.step ?? this.records.length + 1;
    if (step > now) throw new RangeError(`cannot rewind forward: step ${step} is after the current step ${now}`);
    if (!this.store.get(step)) throw new Error(this.noCheckpointMessage(step, 'rewind'));
  }

  private noCheckpointMessage(step: number, what: string): string {
    if (!this.store) return `${what}: ${this.options.device.id} keeps no checkpoints (it cannot snapshot, or checkpoints are off)`;
    const kept = this.store.steps();
    return `${what}: no checkpoint before step ${step} (kept: ${kept.length ? `steps ${kept[0]}–${kept.at(-1)}` : 'none'}; the last ${this.store.keep} are kept, see checkpoints.keep)`;
  }

  /** Wakes a paused loop (or queues the wake for the next point); resolves when it pauses again. */
  private wake(w: Wake, untilPaused = true): Promise<void> {
    const reached = untilPaused ? new Promise<void>((resolve, reject) => this.rewindWaiters.push({ resolve, reject })) : Promise.resolve();
    if (this.pauseState) this.pauseState.wake(w);
    else this.pendingWake = w;
    return reached;
  }

  private resolveRewinds(): void {
    for (const w of this.rewindWaiters.splice(0)) w.resolve();
  }

  private rejectRewinds(e: Error): void {
    for (const w of this.rewindWaiters.splice(0)) w.reject(e);
  }

  private async applyRewind(sig: RewindSignal): Promise<StepEntry> {
    const cp = this.store?.get(sig.step);
    const policy = this.options.policy;
    if (!cp) {
      // Restart frame without a checkpoint (a real phone, not yet acted): only the policy goes back.
      const cur = this.cur;
      if (sig.mode !== 'redecide' || !cur?.observation || cur.step !== sig.step) throw new Error(this.noCheckpointMessage(sig.step, 'rewind'));
      if (cur.policyBefore !== undefined) policy.restore?.(cur.policyBefore);
      return { step: sig.step, observation: cur.observation };
    }
    await this.restoreCheckpoint(cp, sig.mode === 'redecide' ? cp.policyBefore : cp.policyAfter ?? cp.policyBefore);
    this.store!.dropAfter(sig.step);
    if (sig.mode === 'redecide') {
      delete cp.decision;
      delete cp.policyAfter;
    }
    this.emit({ type: 'rewound', episodeId: this.id, step: sig.step });
    return sig.mode === 'rewind'
      ? { step: sig.step, observation: cp.observation, decision: cp.decision, pauseOnEntry: true }
      : { step: sig.step, observation: cp.observation };
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

/** Attributes of the node under a tap; a tree that does not parse just records no target. */
function targetNodeAt(xml: string, p: { x: number; y: number }): Record<string, string> | undefined {
  try {
    return nodeAt(parseUiTree(xml), p.x, p.y)?.attributes;
  } catch {
    return undefined;
  }
}

/** Runs one episode to the end; a convenience over `new Episode(options).run()`. */
export function runEpisode(options: EpisodeOptions, listener?: (e: EpisodeEvent) => void): Promise<EpisodeSummary> {
  const ep = new Episode(options);
  if (listener) ep.onAny(listener);
  return ep.run();
}
