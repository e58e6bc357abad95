// The agent loop as an explicit state machine:
//   observe → build request → infer → parse → act → record → check termination (× N) → verify
// It is a plain typed event emitter: every consumer (debugger, panel, recorder, Test Explorer,
// CLI progress) watches the same EpisodeEvent stream and none of them owns the loop. The
// debugger's hands are `beforeAction` (pause, and optionally replace the action) and `signal`.
import { randomUUID } from 'node:crypto';
import type { Device, ScreenInfo } from '../device/device';
import { isDeviceError } from '../device/errors';
import type { Action } from '../protocol/action';
import { actionToCall, toAction } from '../protocol/action';
import type { HistoryStep } from '../protocol/history';
import type { ChatMessage } from '../protocol/messages';
import { buildMessages, jpegDataUrl, IMAGE_PLACEHOLDER } from '../protocol/messages';
import { parseModelOutput } from '../protocol/parse';
import type { EpisodeOutcome, OutcomeStep, TaskContext, TaskInstance, VerifyReport } from '../task/runnable';
import { TypedEmitter } from './emitter';
import type { Decision, EpisodeEvent, EpisodeSummary, Observation, StepRecord, StepTimings, TerminatedBy } from './events';
import { ActionFailed, actionPixels, executeAction } from './execute';
import type { Policy, PolicyDecision } from './policy';
import { nodeAt, parseUiTree } from '../task/ui-tree';

export type EpisodeState =
  | 'idle' | 'setting-up' | 'observing' | 'building-request' | 'inferring' | 'parsing'
  | 'paused' | 'acting' | 'recording' | 'checking' | 'verifying' | 'done';

export interface PendingAction {
  step: number;
  action: Action;
  decision: Decision;
  observation: Observation;
}

/** Called before each action; may return a replacement (the debugger's "edit action"). */
export type BeforeActionHook = (pending: PendingAction) => Promise<Action | void> | Action | void;

export interface EpisodeOptions {
  device: Device;
  policy: Policy;
  task?: TaskInstance;
  /** Defaults to task.goal. */
  goal?: string;
  /** Defaults to task.maxSteps, else 50 (the reference). */
  maxSteps?: number;
  /** Stop after this many failed steps in a row (parse failure, unusable call, failed action). Default 3. */
  maxConsecutiveErrors?: number;
  signal?: AbortSignal;
  beforeAction?: BeforeActionHook;
  /** What to observe each step; both default to true. */
  observe?: { screenshot?: boolean; uiTree?: boolean };
  /**
   * Let the screen settle this long before each observation (default 0). The mock phone
   * advances its virtual clock; real devices wait in real time (the reference waits 3 s).
   */
  settleMs?: number;
  /** Passed to the task's setup and verify (false in an untrusted workspace). Default true. */
  trusted?: boolean;
  /** Skip task.setup (the caller already prepared the device). */
  skipSetup?: boolean;
  episodeId?: string;
}

const TERMINAL_NAMES = new Set<TerminatedBy>(['finish', 'output', 'answer', 'terminate', 'call_user']);

class EpisodeEnd extends Error {
  constructor(readonly by: TerminatedBy, readonly why: string) {
    super(why);
  }
}

export class Episode extends TypedEmitter<EpisodeEvent> {
  readonly id: string;
  private stateValue: EpisodeState = 'idle';
  private readonly abort = new AbortController();
  private readonly history: HistoryStep[] = [];
  private readonly records: StepRecord[] = [];
  private disconnected?: string;

  constructor(private readonly options: EpisodeOptions) {
    super();
    this.id = options.episodeId ?? randomUUID();
  }

  get state(): EpisodeState {
    return this.stateValue;
  }

  get goal(): string {
    return this.options.goal ?? this.options.task?.goal ?? '';
  }

  /** Stops the episode at the next step boundary (or inside a waiting policy). */
  stop(reason = 'stopped'): void {
    this.abort.abort(new Error(reason));
  }

  async run(): Promise<EpisodeSummary> {
    const { device, policy, task } = this.options;
    const started = performance.now();
    const maxSteps = this.options.maxSteps ?? task?.maxSteps ?? 50;
    const maxErrors = this.options.maxConsecutiveErrors ?? 3;
    const outer = this.options.signal;
    const onOuterAbort = (): void => this.abort.abort(outer?.reason);
    if (outer?.aborted) onOuterAbort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    const unsubscribe = device.onEvent((e) => {
      if (e.type === 'disconnected') {
        this.disconnected = e.reason;
        this.abort.abort(new Error(`device disconnected: ${e.reason}`));
      }
    });
    const ctx: TaskContext = { trusted: this.options.trusted ?? true, signal: this.abort.signal };

    this.emit({ type: 'episode-started', episodeId: this.id, goal: this.goal, instanceId: task?.instanceId, deviceId: device.id, policy: policy.name, maxSteps });
    let end: EpisodeEnd;
    let answer: string | undefined;
    try {
      if (task && !this.options.skipSetup) {
        this.stateValue = 'setting-up';
        try {
          await task.setup(device, ctx);
        } catch (e) {
          throw new EpisodeEnd('setup-failed', `task setup failed: ${message(e)}`);
        }
      }
      await policy.begin?.({ goal: this.goal, task, signal: this.abort.signal });
      let consecutiveErrors = 0;
      end = new EpisodeEnd('max-steps', `reached the step budget of ${maxSteps}`);
      for (let step = 1; step <= maxSteps; step++) {
        this.checkAbort();
        const r = await this.runStep(step);
        if (r.terminal) {
          answer = r.terminal.text;
          end = new EpisodeEnd(r.terminal.by, `the agent called ${r.terminal.by}`);
          break;
        }
        consecutiveErrors = r.record.status === 'failed' ? consecutiveErrors + 1 : 0;
        if (consecutiveErrors >= maxErrors) {
          end = new EpisodeEnd('errors', `${consecutiveErrors} failed steps in a row; last: ${r.record.error ?? 'unknown error'}`);
          break;
        }
      }
    } catch (e) {
      end = e instanceof EpisodeEnd ? e : this.classify(e);
    } finally {
      outer?.removeEventListener('abort', onOuterAbort);
    }

    const summary = await this.finish(end, answer, started, ctx);
    unsubscribe();
    this.stateValue = 'done';
    this.emit({ type: 'finished', episodeId: this.id, summary });
    return summary;
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

  private async observe(step: number, t: StepTimings): Promise<Observation> {
    const { device } = this.options;
    this.stateValue = 'observing';
    const settle = this.options.settleMs ?? 0;
    if (settle > 0) {
      if (device.kind === 'mock') await device.wait(settle);
      else await abortableSleep(settle, this.abort.signal).catch(() => this.checkAbort());
    }
    let t0 = performance.now();
    const screen: ScreenInfo = await device.screenInfo();
    const observation: Observation = { step, screen };
    if (this.options.observe?.screenshot !== false) {
      observation.screenshot = await device.screenshot({ format: 'jpeg', quality: 90 });
    }
    t.screenshot = performance.now() - t0;
    t0 = performance.now();
    if (this.options.observe?.uiTree !== false) {
      try {
        observation.uiXml = await device.uiTree();
      } catch (e) {
        if (isDeviceError(e, 'disconnected')) throw e;
        // A failed dump (an animating screen on a real phone) is not worth a failed step.
      }
    }
    observation.foregroundApp = await device.foregroundApp().catch((e: unknown) => {
      if (isDeviceError(e, 'disconnected')) throw e;
      return undefined;
    });
    t.uiTree = performance.now() - t0;
    return observation;
  }

  private async decide(step: number, observation: Observation, t: StepTimings): Promise<Decision> {
    const { policy, device, task } = this.options;
    this.stateValue = 'building-request';
    let messages: ChatMessage[] | undefined;
    const request = (): ChatMessage[] => {
      messages ??= buildMessages(this.goal, observation.screenshot ? jpegDataUrl(observation.screenshot.data) : IMAGE_PLACEHOLDER, this.history);
      return messages;
    };
    this.stateValue = 'inferring';
    let t0 = performance.now();
    let d: PolicyDecision;
    try {
      d = await policy.next({ goal: this.goal, task, step, observation, history: this.history, request, device, signal: this.abort.signal });
    } catch (e) {
      this.checkAbort();
      if (isDeviceError(e, 'disconnected')) throw e;
      d = { kind: 'error', message: `policy ${policy.name} failed: ${message(e)}` };
    }
    t.model = performance.now() - t0;
    this.checkAbort();
    const source = policy.name;
    switch (d.kind) {
      case 'exhausted':
        throw new EpisodeEnd('policy-exhausted', d.message);
      case 'error':
        return { thought: '', error: d.message, source };
      case 'call': {
        const a = toAction(d.call);
        return { thought: d.thought ?? '', call: d.call, source, ...(a.ok ? { action: a.action } : { error: a.reason }) };
      }
      case 'text': {
        this.stateValue = 'parsing';
        t0 = performance.now();
        const parsed = parseModelOutput(d.output);
        const raw = typeof d.output === 'string' ? d.output : [d.output.content, d.output.reasoning].filter(Boolean).join('\n');
        let decision: Decision;
        if (!parsed.ok) {
          decision = { raw, thought: parsed.error.thought, parseError: parsed.error, error: `unparsable model output (${parsed.error.kind}): ${parsed.error.message}`, source };
        } else {
          const a = toAction(parsed.call);
          decision = { raw, thought: parsed.thought, call: parsed.call, source, ...(a.ok ? { action: a.action } : { error: a.reason }) };
        }
        if (d.usage) decision.usage = d.usage;
        t.parse = performance.now() - t0;
        return decision;
      }
    }
  }

  private async runStep(step: number): Promise<{ record: StepRecord; terminal?: { by: TerminatedBy; text: string } }> {
    const stepStart = performance.now();
    const t: StepTimings = { screenshot: 0, uiTree: 0, model: 0, parse: 0, action: 0, total: 0 };
    this.emit({ type: 'step-started', episodeId: this.id, step });
    const observation = await this.observe(step, t);
    this.emit({ type: 'observed', episodeId: this.id, step, observation });
    const decision = await this.decide(step, observation, t);
    this.emit({ type: 'decided', episodeId: this.id, step, decision });

    const record: StepRecord = {
      step, thought: decision.thought, raw: decision.raw, call: decision.call, action: decision.action,
      status: 'failed', error: decision.error, foregroundApp: observation.foregroundApp, timings: t,
    };
    let terminal: { by: TerminatedBy; text: string } | undefined;
    let action = decision.action;
    if (action && this.options.beforeAction) {
      this.stateValue = 'paused';
      const replaced = await this.options.beforeAction({ step, action, decision, observation });
      this.checkAbort();
      if (replaced) {
        action = replaced;
        record.action = replaced;
        record.call = actionToCall(replaced);
        decision.source = `${decision.source}+edited`;
      }
    }
    if (action) {
      this.stateValue = 'acting';
      const t0 = performance.now();
      try {
        record.pixels = actionPixels(action, observation.screen);
        if (action.type === 'click' || action.type === 'double_click' || action.type === 'long_press') {
          const node = observation.uiXml ? targetNodeAt(observation.uiXml, record.pixels[0]) : undefined;
          if (node) record.targetNode = node;
        }
        const r = await executeAction(this.options.device, action, observation.screen);
        record.status = 'ok';
        record.error = r.warning;
        if (action.type === 'finish') {
          const by = (TERMINAL_NAMES.has(action.tool as TerminatedBy) ? action.tool : 'finish') as TerminatedBy;
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
    }
    this.stateValue = 'recording';
    if (record.call) this.history.push({ thought: record.thought, call: record.call });
    this.pushRecord(record, stepStart);
    this.stateValue = 'checking';
    return { record, terminal };
  }

  private pushRecord(record: StepRecord, stepStart: number): void {
    record.timings.total = performance.now() - stepStart;
    this.records.push(record);
    this.emit({ type: 'acted', episodeId: this.id, step: record.step, record });
  }

  private async finish(end: EpisodeEnd, answer: string | undefined, started: number, ctx: TaskContext): Promise<EpisodeSummary> {
    const { task, device } = this.options;
    let verify: VerifyReport | undefined;
    let error: string | undefined = ['errors', 'setup-failed', 'device-disconnected'].includes(end.by) ? end.why : undefined;
    if (task && end.by !== 'setup-failed' && end.by !== 'device-disconnected') {
      this.stateValue = 'verifying';
      const outcome: EpisodeOutcome = { answer, steps: this.records.filter((r) => r.call).map(outcomeStep), terminatedBy: end.by };
      try {
        verify = await task.verify(device, outcome, { ...ctx, signal: undefined });
        // A verifier that could not decide is the task's fault, not the agent's: say so.
        if (verify.error) error = `${error ? `${error}; ` : ''}verifier error: ${verify.error}`;
        this.emit({ type: 'verified', episodeId: this.id, report: verify });
      } catch (e) {
        error = `${error ? `${error}; ` : ''}verification failed: ${message(e)}`;
      }
    }
    const score = verify?.score ?? 0;
    return {
      episodeId: this.id, taskId: task?.taskId, instanceId: task?.instanceId, goal: this.goal, family: task?.family,
      tags: task?.tags ?? [], terminatedBy: end.by, reason: end.why, answer, steps: this.records, verify,
      score, success: verify ? verify.passed && score >= 1 : false, error, durationMs: performance.now() - started,
    };
  }
}

function outcomeStep(r: StepRecord): OutcomeStep {
  const call = r.call ?? { name: 'none', args: {} };
  return { tool: call.name, args: call.args, ...(r.targetNode ? { targetNode: r.targetNode } : {}) };
}

/** Attributes of the node under a tap; a tree that does not parse just records no target. */
function targetNodeAt(xml: string, p: { x: number; y: number }): Record<string, string> | undefined {
  try {
    return nodeAt(parseUiTree(xml), p.x, p.y)?.attributes;
  } catch {
    return undefined;
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) { reject(signal.reason); return; }
    const t = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = (): void => { clearTimeout(t); reject(signal.reason); };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs one episode to the end; a convenience over `new Episode(options).run()`. */
export function runEpisode(options: EpisodeOptions, listener?: (e: EpisodeEvent) => void): Promise<EpisodeSummary> {
  const ep = new Episode(options);
  if (listener) ep.onAny(listener);
  return ep.run();
}
