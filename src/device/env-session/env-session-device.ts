// A live session of a running `phonebuddy serve-env` as a read-only Device: the device panel
// mirrors what a trainer's policy does on that mock phone. Screens come from the service's
// GET /sessions/ID/screenshot (and its UI tree from /ui, for the inspector); GET /sessions/ID/events (Server-Sent Events) says when the
// session changed, so the panel captures then (as it does for a local mock phone's `changed`)
// instead of polling. Every input refuses with an error saying why: the trainer owns the phone.
import sharp from 'sharp';
import type { Device, DeviceEvent, DeviceInfo, DeviceListener, OpenAppResult, ScreenInfo, Screenshot, ScreenshotOptions, TypeResult } from '../device';
import { DeviceError } from '../errors';

/** A session as GET /sessions lists it. */
export interface ListedSession {
  session_id: string;
  attached: boolean;
  thread?: number;
  state: Record<string, unknown>;
}

/** The mock phone's density (what serve-env's phones report over ADB). */
const DENSITY = 440;

/** The sessions of a running service (GET /sessions), with an error naming the URL when it does not answer. */
export async function listEnvSessions(base: string, signal?: AbortSignal): Promise<ListedSession[]> {
  const url = `${base.replace(/\/+$/, '')}/sessions`;
  let r: Response;
  try {
    r = await fetch(url, { signal });
  } catch (e) {
    throw new DeviceError('disconnected', `no environment service answers at ${base}: ${(e as Error).message}`);
  }
  if (!r.ok) throw new DeviceError('server', `${url}: HTTP ${r.status} ${(await r.text()).slice(0, 300)}`);
  const body = await r.json() as { sessions?: unknown };
  if (!Array.isArray(body.sessions)) throw new DeviceError('server', `${url} did not answer with a session list (is it a phonebuddy serve-env?)`);
  return body.sessions as ListedSession[];
}

/** A step (or a new episode) of a watched session, as its event stream told it. */
export interface WatchedStep {
  /** The session started another episode (a reset, a fork): earlier marks no longer apply. */
  newEpisode: boolean;
  /** The step just taken: its thought, the action run and the device pixels it used. */
  last?: { step: number; status: string; thought?: string; action?: unknown; pixels?: { x: number; y: number }[] };
  state: Record<string, unknown>;
}

export class EnvSessionDevice implements Device {
  /** A mock phone, served elsewhere: the panel treats it as one (captures on `changed`). */
  readonly kind = 'mock' as const;
  readonly id: string;
  private readonly base: string;
  private readonly listeners = new Set<DeviceListener>();
  private events?: AbortController;
  private screen?: ScreenInfo;
  /** The session's last state from its event stream. */
  state?: Record<string, unknown>;
  private readonly stepListeners = new Set<(step: WatchedStep) => void>();
  private gone?: string;

  constructor(base: string, readonly sessionId: string) {
    this.base = base.replace(/\/+$/, '');
    this.id = `env:${this.base}/sessions/${sessionId}`;
  }

  async info(): Promise<DeviceInfo> {
    return { serial: this.sessionId, model: 'PhoneBuddy mock phone (environment session, read-only)' };
  }

  async screenInfo(): Promise<ScreenInfo> {
    if (!this.screen) await this.screenshot({ format: 'jpeg', quality: 50 });
    return this.screen!;
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    const format = options.format ?? 'png';
    const quality = options.quality ?? 90;
    if (this.gone) throw new DeviceError('disconnected', this.gone, this.id);
    let r: Response;
    try {
      r = await fetch(`${this.base}/sessions/${encodeURIComponent(this.sessionId)}/screenshot?format=${format}&quality=${quality}`);
    } catch (e) {
      throw this.lost(`the environment service at ${this.base} does not answer: ${(e as Error).message}`);
    }
    if (r.status === 404) throw this.lost(`environment session ${this.sessionId} is gone (closed, reaped or its thread died)`);
    if (!r.ok) throw new DeviceError('server', `screenshot of environment session ${this.sessionId}: HTTP ${r.status} ${(await r.text()).slice(0, 300)}`, this.id);
    const data = Buffer.from(await r.arrayBuffer());
    const meta = await sharp(data).metadata();
    this.screen = { width: meta.width ?? 0, height: meta.height ?? 0, density: DENSITY };
    return { format, data, width: this.screen.width, height: this.screen.height };
  }

  async uiTree(): Promise<string> {
    if (this.gone) throw new DeviceError('disconnected', this.gone, this.id);
    let r: Response;
    try {
      r = await fetch(`${this.base}/sessions/${encodeURIComponent(this.sessionId)}/ui`);
    } catch (e) {
      throw this.lost(`the environment service at ${this.base} does not answer: ${(e as Error).message}`);
    }
    if (r.status === 404) throw this.lost(`environment session ${this.sessionId} is gone (closed, reaped or its thread died)`);
    if (!r.ok) throw new DeviceError('server', `UI tree of environment session ${this.sessionId}: HTTP ${r.status} ${(await r.text()).slice(0, 300)}`, this.id);
    return r.text();
  }

  /** Input refuses (as a rejected promise, like any device failure). */
  private refuse(what: string): never {
    throw new DeviceError('unsupported', `${what}: this is a read-only mirror of environment session ${this.sessionId} — the trainer's policy acts on this phone, not the panel`, this.id);
  }

  async tap(): Promise<void> { this.refuse('cannot tap'); }
  async doubleTap(): Promise<void> { this.refuse('cannot double-tap'); }
  async longPress(): Promise<void> { this.refuse('cannot long-press'); }
  async swipe(): Promise<void> { this.refuse('cannot swipe'); }
  async drag(): Promise<void> { this.refuse('cannot drag'); }
  async typeText(): Promise<TypeResult> { this.refuse('cannot type'); }
  async pressKey(): Promise<void> { this.refuse('cannot press keys'); }
  async openApp(): Promise<OpenAppResult> { this.refuse('cannot open apps'); }
  async closeApp(): Promise<void> { this.refuse('cannot close apps'); }

  async foregroundApp(): Promise<string | undefined> {
    return undefined;
  }

  async wait(ms: number): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
  }

  onEvent(listener: DeviceListener): () => void {
    this.listeners.add(listener);
    if (!this.events && !this.gone) void this.follow();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) { this.events?.abort(); this.events = undefined; }
    };
  }

  /** Reads the session's event stream: `state` → changed, `gone` or a broken stream → disconnected. */
  private async follow(): Promise<void> {
    const abort = (this.events = new AbortController());
    try {
      const r = await fetch(`${this.base}/sessions/${encodeURIComponent(this.sessionId)}/events`, { signal: abort.signal });
      if (!r.ok || !r.body) throw new Error(r.status === 404 ? `environment session ${this.sessionId} is gone` : `HTTP ${r.status}`);
      let buffered = '';
      const decoder = new TextDecoder();
      const reader = r.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown> | null;
          if (name === 'state' && data) this.stateChanged(data);
          if (name === 'gone') { this.lost(`environment session ${this.sessionId} ended: ${String(data?.reason ?? 'gone')}`); return; }
        }
      }
      if (!abort.signal.aborted) this.lost(`the environment service at ${this.base} closed the session's event stream`);
    } catch (e) {
      if (!abort.signal.aborted) this.lost(`lost the environment session's event stream: ${(e as Error).message}`);
    }
  }

  /**
   * Told of each new step the trainer's policy takes (and of each new episode), from the
   * state's `last_step`: what a panel draws over the mirror. Returns the function that stops it.
   */
  onStep(listener: (step: WatchedStep) => void): () => void {
    this.stepListeners.add(listener);
    return () => { this.stepListeners.delete(listener); };
  }

  private stateChanged(data: Record<string, unknown>): void {
    const before = this.state;
    this.state = data;
    const last = data.last_step as WatchedStep['last'] | undefined;
    const newEpisode = data.episode_id !== before?.episode_id;
    const newStep = last !== undefined && (newEpisode || last.step !== (before?.last_step as WatchedStep['last'] | undefined)?.step);
    if (newEpisode || newStep) {
      const step: WatchedStep = { newEpisode, ...(newStep ? { last } : {}), state: data };
      for (const l of [...this.stepListeners]) l(step);
    }
    this.emit({ type: 'changed' });
  }

  private lost(reason: string): DeviceError {
    if (!this.gone) {
      this.gone = reason;
      this.emit({ type: 'disconnected', reason });
    }
    return new DeviceError('disconnected', reason, this.id);
  }

  private emit(e: DeviceEvent): void {
    for (const l of [...this.listeners]) l(e);
  }

  async close(): Promise<void> {
    this.events?.abort();
    this.events = undefined;
    this.listeners.clear();
    this.stepListeners.clear();
  }
}
