// The pause gate: every loop point passes through `point()`, which runs the hooks attached there
// in order (a hook may replace the pending action or pause) and honours a requested pause. A
// paused loop waits here until it is resumed, stopped or told to rewind; a rewind asked for
// while the loop runs is kept and taken at the next point. Episode owns one gate.
import type { Action } from '../../protocol/action';
import type { EpisodeEvent, EpisodeState, LoopPoint, PauseInfo } from '../events';
import { acceptsAction, type HookChain, type HookResult, type LoopHook } from '../hooks';
import { RewindSignal, type Wake } from './signals';

/** What the gate needs from the episode it guards. */
export interface GateHost {
  readonly episodeId: string;
  /** Aborted by stop() and the caller's signal: a paused loop then goes on to end. */
  readonly halt: AbortSignal;
  /** After the end no point pauses any more. */
  ended(): boolean;
  state(): EpisodeState;
  setState(state: EpisodeState): void;
  emit(event: EpisodeEvent): void;
  /** A hook replaced the pending action. */
  applyEdit(action: Action, by: string, p: LoopPoint): void;
  onHookError(error: unknown, hook: LoopHook, point: LoopPoint): void;
  /** Called after every pause: inside a step, a stop or disconnect during it ends the episode. */
  afterPause(): void;
}

export class PauseGate {
  private pauseState?: { info: PauseInfo; point: LoopPoint; wake: (w: Wake) => void };
  private pendingWake?: Wake;
  private requested = false;
  private pausedInStep = 0;
  private readonly waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];

  constructor(private readonly host: GateHost, private readonly hooks: HookChain) {}

  /** Where the loop waits, or undefined while it runs. */
  get paused(): { info: PauseInfo; point: LoopPoint } | undefined {
    return this.pauseState ? { info: this.pauseState.info, point: this.pauseState.point } : undefined;
  }

  /** Time the current step spent paused (the person's, not the step's). */
  get pausedMs(): number {
    return this.pausedInStep;
  }

  startStep(): void {
    this.pausedInStep = 0;
  }

  /** Pause at the next point (the debugger's pause button). */
  request(): void {
    this.requested = true;
  }

  /** Let a paused loop go on; false when it was not paused. */
  resume(): boolean {
    if (!this.pauseState) return false;
    this.pauseState.wake({ kind: 'resume' });
    return true;
  }

  /** Wakes a paused loop (or keeps the wake for the next point); resolves when it pauses again. */
  wake(w: Wake, untilPaused = true): Promise<void> {
    const reached = untilPaused ? new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject })) : Promise.resolve();
    if (this.pauseState) this.pauseState.wake(w);
    else this.pendingWake = w;
    return reached;
  }

  /** Those waiting for a rewind to land learn it failed (or that the episode ended first). */
  failWaiters(e: Error): void {
    for (const w of this.waiters.splice(0)) w.reject(e);
  }

  /** Runs the hooks at a point in order; a hook may pause or replace the pending action. */
  async point(p: LoopPoint): Promise<void> {
    if (this.pendingWake?.kind === 'rewind') {
      const w = this.pendingWake;
      this.pendingWake = undefined;
      throw new RewindSignal(w.step, w.mode);
    }
    for (const hook of this.hooks.list()) {
      let r: HookResult;
      try {
        r = await hook.at(p);
      } catch (e) {
        this.host.onHookError(e, hook, p);
        continue;
      }
      if (r?.action && acceptsAction(p)) this.host.applyEdit(r.action, hook.name, p);
      if (r?.pause) await this.pauseHere(p, r.pause, hook.name);
    }
    if (this.requested) {
      this.requested = false;
      await this.pauseHere(p, 'pause requested', 'episode');
    }
  }

  /** Waits at `p` until woken; throws a RewindSignal when woken to rewind. */
  async pauseHere(p: LoopPoint, reason: string, by: string): Promise<void> {
    const host = this.host;
    if (host.halt.aborted || host.ended()) return;
    this.requested = false;
    const before = host.state();
    const info: PauseInfo = { ...('step' in p ? { step: p.step } : {}), point: p.point, reason, by, ...(p.point === 'failure' ? { failure: p.failure } : {}) };
    const t0 = performance.now();
    let onAbort: (() => void) | undefined;
    const wake = await new Promise<Wake>((resolve) => {
      onAbort = (): void => resolve({ kind: 'resume' });
      host.halt.addEventListener('abort', onAbort, { once: true });
      this.pauseState = { info, point: p, wake: resolve };
      host.setState('paused');
      // Before emitting: a listener that rewinds from this pause waits for the next one.
      for (const w of this.waiters.splice(0)) w.resolve();
      host.emit({ type: 'paused', episodeId: host.episodeId, pause: info });
    });
    host.halt.removeEventListener('abort', onAbort!);
    this.pausedInStep += performance.now() - t0;
    this.pauseState = undefined;
    host.setState(before);
    host.emit({ type: 'resumed', episodeId: host.episodeId, pause: info });
    if (wake.kind === 'rewind') throw new RewindSignal(wake.step, wake.mode);
    host.afterPause();
  }
}
