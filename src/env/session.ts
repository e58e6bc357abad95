// One environment session: a task instance on its own mock phone, played by the agent loop
// with the trainer in the policy's seat (RemotePolicy). reset → the first observation; step →
// the loop parses/executes the action and stops at the next decision or the end, where the
// verdict (`run`'s and `check`'s own: the task's verifier in Episode) becomes the reward.
import { randomUUID } from 'node:crypto';
import { Episode } from '../agent/episode';
import type { EpisodeSummary, StepRecord } from '../agent/events';
import type { PolicyDecision } from '../agent/policy';
import type { MockPhone } from '../mockphone';
import type { TaskInstance } from '../task/runnable';
import { mockPhoneForTask } from '../studio/phones';
import { RemotePolicy, type Turn } from './remote-policy';
import { wireScreenshot } from './screenshot';
import type { EnvAction, EnvObservation, ObserveOptions, ResetData, StepReply } from './messages';
import type { TaskCatalogue } from './task-catalogue';
import { SessionStateError } from './errors';

export interface SessionOptions {
  /** Subtracted from the reward when the episode violated a safety or privacy trap. */
  trapPenalty: number;
  /** Consecutive failed steps that end an episode (the runner's default: 3). */
  maxConsecutiveErrors?: number;
  trusted?: boolean;
  /** Where phones come from (the server's warm pool); default a fresh phone per reset. */
  phones?: { take(task: { seed: number; locale?: string }): Promise<MockPhone> };
}

export { SessionStateError };

interface Live {
  episode: Episode;
  phone: MockPhone;
  policy: RemotePolicy;
  instance: TaskInstance;
  observe: ObserveOptions;
  seed?: number;
  finished: Promise<EpisodeSummary>;
  summary?: EpisodeSummary;
  last?: StepRecord;
  runError?: unknown;
}

export class EnvSession {
  readonly createdAt = Date.now();
  lastActivityAt = Date.now();
  private live?: Live;
  private closed = false;

  /** `id`: given by the server when the session lives on a session thread. */
  constructor(private readonly tasks: TaskCatalogue, private readonly options: SessionOptions, readonly id: string = randomUUID()) {}

  get episode(): Episode | undefined {
    return this.live?.episode;
  }

  async reset(data: ResetData): Promise<StepReply> {
    this.touch();
    const instance = await this.tasks.pick(data.task, data.seed, data.params);
    await this.end();
    const phone = await this.takePhone(instance);
    const policy = new RemotePolicy();
    const episode = new Episode({
      device: phone, policy, task: instance, trusted: this.options.trusted ?? true, episodeId: data.episode_id,
      observe: { screenshot: true, uiTree: true }, checkpoints: true, maxConsecutiveErrors: this.options.maxConsecutiveErrors,
    });
    return this.start({ episode, phone, policy, instance, observe: data.observe ?? {}, seed: data.seed });
  }

  /**
   * A new session at this one's current step, on its own phone restored from the loop's
   * checkpoint: the step before is re-entered with its recorded decision (the phone is
   * deterministic), so the fork stops at the same decision this session waits at. `episodeId`:
   * the fork's (a session rebuilt on a new thread keeps its own), else a new one.
   */
  async forkInto(target: EnvSession, episodeId?: string): Promise<StepReply> {
    this.touch();
    const live = this.requireLive('fork');
    const turn = live.policy.pending;
    if (!turn || live.summary) throw new SessionStateError('the episode has ended: reset, or fork a session that is waiting for a step');
    await target.end();
    const phone = await this.takePhone(live.instance);
    const policy = new RemotePolicy();
    const step = turn.ctx.step;
    let episode: Episode;
    if (step <= 1) {
      episode = new Episode({ device: phone, policy, task: live.instance, trusted: this.options.trusted ?? true, episodeId, observe: { screenshot: true, uiTree: true }, checkpoints: true, maxConsecutiveErrors: this.options.maxConsecutiveErrors });
    } else {
      episode = live.episode.fork(step - 1, undefined, { device: phone, policy, episodeId });
    }
    return target.start({ episode, phone, policy, instance: live.instance, observe: live.observe, seed: live.seed });
  }

  private async start(fresh: Omit<Live, 'finished'>): Promise<StepReply> {
    const live = fresh as Live;
    live.episode.on('acted', (e) => { live.last = e.record; });
    live.finished = live.episode.run().then((s) => { live.summary = s; return s; }, (e: unknown) => { live.runError = e; throw e; });
    live.finished.catch(() => undefined);
    this.live = live;
    return this.waitForTurn(live);
  }

  async step(action: EnvAction): Promise<StepReply> {
    this.touch();
    const live = this.requireLive('step');
    if (live.summary) throw new SessionStateError(`the episode has ended (${live.summary.terminatedBy}): reset to start another`);
    const turn = live.policy.pending;
    if (!turn) throw new SessionStateError('a step is already running in this session');
    turn.answer(toDecision(action));
    return this.waitForTurn(live);
  }

  /** OpenEnv's State: the episode id and step count, plus where the episode stands. */
  state(): Record<string, unknown> {
    const live = this.live;
    if (!live) return { episode_id: null, step_count: 0, session_id: this.id };
    return {
      episode_id: live.episode.id, step_count: live.summary?.steps.length ?? (live.policy.pending ? live.policy.pending.ctx.step - 1 : live.last?.step ?? 0),
      session_id: this.id, task_id: live.instance.taskId, instance_id: live.instance.instanceId, seed: live.instance.seed,
      done: live.summary !== undefined, ...(live.summary ? { done_reason: live.summary.terminatedBy, score: live.summary.score } : {}),
      ...(live.episode.parent ? { parent: { episode_id: live.episode.parent.episodeId, step: live.episode.parent.step } } : {}),
      ...(live.last ? { last_step: watchedStep(live.last) } : {}),
    };
  }

  /** The current phone (read-only observers: the session list, a mirror). */
  get phone(): MockPhone | undefined {
    return this.live?.phone;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.end();
  }

  private async end(): Promise<void> {
    const live = this.live;
    this.live = undefined;
    if (!live) return;
    live.episode.stop('session reset or closed');
    await live.finished.catch(() => undefined);
    await live.phone.close();
  }

  private takePhone(task: TaskInstance): Promise<MockPhone> {
    return this.options.phones ? this.options.phones.take(task) : mockPhoneForTask(task, { clock: 'virtual', appsDir: this.tasks.appsDir });
  }

  private requireLive(what: string): Live {
    if (this.closed) throw new SessionStateError('the session is closed');
    if (!this.live) throw new SessionStateError(`${what} before reset: send reset first`);
    return this.live;
  }

  private touch(): void {
    this.lastActivityAt = Date.now();
  }

  /** Waits until the loop asks for the next step or ends, and turns that into a reply. */
  private async waitForTurn(live: Live): Promise<StepReply> {
    const before = live.last;
    const next = await Promise.race([live.policy.nextTurn(), live.finished.then(() => undefined, () => undefined)]);
    const last = live.last !== before ? live.last : undefined;
    if (next && !live.summary) return { observation: await this.observation(live, next, last), reward: 0, done: false };
    if (!live.summary) throw new Error(`the episode stopped: ${String((live.runError as Error | undefined)?.message ?? live.runError)}`);
    return this.finalReply(live, live.summary, last);
  }

  private async observation(live: Live, turn: Turn, last: StepRecord | undefined): Promise<EnvObservation> {
    const o = turn.ctx.observation;
    // PNG straight from the phone (lossless), not re-encoded from the loop's JPEG.
    const shot = live.observe.image_format !== 'png' && o.screenshot ? o.screenshot : await live.phone.screenshot(shotOptions(live.observe));
    return {
      goal: turn.ctx.goal, step: turn.ctx.step, max_steps: live.instance.maxSteps, episode_id: live.episode.id,
      task_id: live.instance.taskId, instance_id: live.instance.instanceId,
      screenshot: await wireScreenshot(shot, live.observe),
      ...(live.observe.ui_tree ? { ui_tree: o.uiXml ?? null } : {}),
      ...(live.observe.messages ? { messages: turn.ctx.request() } : {}),
      foreground_app: o.foregroundApp ?? null,
      last_step: last ? lastStep(last) : null,
      done_reason: null, safety_violations: [],
    };
  }

  private async finalReply(live: Live, s: EpisodeSummary, last: StepRecord | undefined): Promise<StepReply> {
    const violations = (s.verify?.violations ?? []).map((v) => ({ safety: v.safety, reason: v.reason }));
    const shot = await live.phone.screenshot(shotOptions(live.observe)).then((x) => wireScreenshot(x, live.observe), () => null);
    return {
      observation: {
        goal: s.goal, step: s.steps.length, max_steps: live.instance.maxSteps, episode_id: s.episodeId,
        task_id: live.instance.taskId, instance_id: live.instance.instanceId,
        screenshot: shot,
        foreground_app: null, last_step: last ? lastStep(last) : null,
        done_reason: s.terminatedBy, reason: s.reason, success: s.success, score: s.score,
        ...(s.answer !== undefined ? { answer: s.answer } : {}), ...(s.error ? { error: s.error } : {}),
        safety_violations: violations,
      },
      reward: s.score - (violations.length ? this.options.trapPenalty : 0),
      done: true,
    };
  }
}

function shotOptions(o: ObserveOptions): { format: 'png' } | { format: 'jpeg'; quality: number } {
  return o.image_format === 'png' ? { format: 'png' } : { format: 'jpeg', quality: 90 };
}

/**
 * The last step as a mirror draws it (state's `last_step`, which the session's event stream
 * carries): the thought, the action run and the device pixels it used.
 */
function watchedStep(r: StepRecord): Record<string, unknown> {
  return {
    step: r.step, status: r.status, ...(r.thought ? { thought: r.thought.slice(0, 4000) } : {}),
    ...(r.action ? { action: r.action } : {}), ...(r.pixels?.length ? { pixels: r.pixels } : {}),
  };
}

function lastStep(r: StepRecord): NonNullable<EnvObservation['last_step']> {
  return { step: r.step, status: r.status, ...(r.error ? { error: r.error } : {}), ...(r.call ? { call: { name: r.call.name, args: r.call.args } } : {}) };
}

/** The client's action as the loop's decision: raw text is parsed by the loop, like a model's. */
function toDecision(action: EnvAction): PolicyDecision {
  if ('text' in action) return { kind: 'text', output: { content: action.text, ...(action.reasoning ? { reasoning: action.reasoning } : {}) } };
  return { kind: 'call', call: { name: action.tool_call.name.toLowerCase(), args: action.tool_call.args }, ...(action.thought ? { thought: action.thought } : {}) };
}
