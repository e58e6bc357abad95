// Sessions on worker threads: N session threads (default: one per core), several sessions on
// each, placed on the thread holding the fewest. A thread owns its sessions' phones, so nothing
// one session does can reach another thread's phones; a thread that dies (an uncaught error, an
// exit, or stopped by the watchdog when one call runs past its limit) fails the call in
// flight with EXECUTION_ERROR and its other sessions with SESSION_ERROR, naming why, and the
// next session started there gets a fresh thread. The server serves on.
//
// A fork lives on its parent's thread: the checkpoint it starts from (the loop's snapshots and
// the phone's) is in that thread's memory, and copying it to another thread would cost more
// than the whole fork (~3 ms). Forks of one parent therefore share its thread; new sessions
// still go to the least-loaded thread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { CodedError, messageOf } from './errors';
import { checkFromEnvThread, type EnvThreadInit, type ToEnvThread } from './thread-messages';
import type { HostedSession, SessionHost } from './session-host';
import type { EnvAction, ResetData } from './messages';

export interface SessionThreadOptions extends Omit<EnvThreadInit, 'index'> {
  /** Session threads (default: the cores available). */
  threads?: number;
  /** A reset, step or fork running longer stops its thread (a runaway task); ms, 0 = never. */
  callTimeoutMs?: number;
  /** A session lost with its thread: the server tells its client and forgets it. */
  onLost(session: string, reason: string): void;
}

/** The entry: a tsx bootstrap when running from sources, the bundle beside dist/cli.js otherwise. */
export function sessionWorkerScript(): string {
  const dev = path.join(__dirname, 'session-worker-dev.mjs');
  if (__filename.endsWith('.ts') && fs.existsSync(dev)) return dev;
  return path.join(__dirname, 'env-session-worker.js');
}

/** A call on a session, before the thread gives it an id. */
type Call = ToEnvThread extends infer T ? (T extends { type: 'stop' } ? never : Omit<T, 'id'>) : never;

interface Pending { resolve(v: { json?: Uint8Array; image?: Uint8Array }): void; reject(e: Error): void; timer?: NodeJS.Timeout }

class SessionThread {
  readonly worker: Worker;
  readonly sessions = new Set<ThreadSession>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  dead?: string;

  constructor(readonly index: number, init: EnvThreadInit, private readonly callTimeoutMs: number, private readonly onDeath: (t: SessionThread, why: string) => void) {
    this.worker = new Worker(sessionWorkerScript(), { workerData: init });
    this.worker.on('message', (raw: unknown) => {
      let m;
      try {
        m = checkFromEnvThread(raw);
      } catch (e) {
        this.die(`it sent an invalid message: ${messageOf(e)}`);
        return;
      }
      if (m.type === 'fatal') return this.die(m.message);
      if (m.type === 'ready') return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      const session = [...this.sessions].find((s) => s.awaiting === m.id);
      if (m.state && session) session.cachedState = m.state;
      if (m.type === 'reply') p.resolve({ json: m.json, image: m.image });
      else p.reject(new CodedError(m.code, m.message));
    });
    this.worker.on('error', (e) => this.die(`it crashed: ${e.message}`));
    this.worker.on('exit', (code) => this.die(`it exited with code ${code}`));
  }

  call(msg: Call, watched: boolean): { id: number; done: Promise<{ json?: Uint8Array; image?: Uint8Array }> } {
    const id = this.nextId++;
    if (this.dead) return { id, done: Promise.reject(this.lostError()) };
    const done = new Promise<{ json?: Uint8Array; image?: Uint8Array }>((resolve, reject) => {
      const p: Pending = { resolve, reject };
      if (watched && this.callTimeoutMs > 0) {
        p.timer = setTimeout(() => this.die(`a ${msg.type} of session ${msg.session} ran longer than ${this.callTimeoutMs / 1000} s (a runaway task or verifier?) and the thread was stopped`), this.callTimeoutMs);
      }
      this.pending.set(id, p);
    });
    this.worker.postMessage({ ...msg, id });
    return { id, done };
  }

  lostError(): CodedError {
    return new CodedError('EXECUTION_ERROR', `session thread ${this.index} died (${this.dead}); the sessions on it are closed, the server serves on: reset in a new session`);
  }

  die(why: string): void {
    if (this.dead) return;
    this.dead = why;
    void this.worker.terminate();
    const err = this.lostError();
    for (const p of this.pending.values()) { clearTimeout(p.timer); p.reject(err); }
    this.pending.clear();
    this.onDeath(this, why);
  }

  async stop(): Promise<void> {
    if (this.dead) return;
    const exited = new Promise<void>((r) => this.worker.once('exit', () => r()));
    this.worker.postMessage({ type: 'stop' } satisfies ToEnvThread);
    const t = setTimeout(() => void this.worker.terminate(), 10_000);
    await exited;
    clearTimeout(t);
  }
}

const buffer = (b: Uint8Array | undefined): Buffer => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : Buffer.from('null'));

class ThreadSession implements HostedSession {
  readonly id = randomUUID();
  readonly createdAt = Date.now();
  lastActivityAt = Date.now();
  cachedState: Record<string, unknown>;
  /** The call whose reply updates the state. */
  awaiting = 0;

  constructor(readonly home: SessionThread) {
    this.cachedState = { episode_id: null, step_count: 0, session_id: this.id };
    home.sessions.add(this);
  }

  get thread(): number { return this.home.index; }

  private async run(msg: Call): Promise<Buffer> {
    const { id, done } = this.home.call(msg, true);
    this.awaiting = id;
    return buffer((await done).json);
  }

  reset(data: ResetData): Promise<Buffer> { return this.run({ type: 'reset', session: this.id, data }); }
  step(action: EnvAction): Promise<Buffer> { return this.run({ type: 'step', session: this.id, data: action }); }
  async forkInto(child: HostedSession): Promise<Buffer> {
    const c = child as ThreadSession;
    const { id, done } = this.home.call({ type: 'fork', session: this.id, child: c.id }, true);
    c.awaiting = id;
    return buffer((await done).json);
  }
  state(): Record<string, unknown> { return this.cachedState; }
  async uiTree(): Promise<string | undefined> {
    const r = await this.home.call({ type: 'ui', session: this.id }, false).done;
    return r.json ? Buffer.from(r.json).toString() : undefined;
  }
  async screenshot(format: 'png' | 'jpeg', quality?: number): Promise<Buffer | undefined> {
    const r = await this.home.call({ type: 'screenshot', session: this.id, format, quality }, false).done;
    return r.image ? Buffer.from(r.image.buffer, r.image.byteOffset, r.image.byteLength) : undefined;
  }
  async close(): Promise<void> {
    this.home.sessions.delete(this);
    if (this.home.dead) return;
    await this.home.call({ type: 'close', session: this.id }, false).done.catch(() => undefined);
  }
}

export function threadHost(o: SessionThreadOptions): SessionHost {
  const count = Math.max(1, o.threads ?? os.availableParallelism());
  // The threads are the parallelism: libvips (one per process, shared by every thread) encodes
  // each screenshot on one thread, as the runner's threads do (src/studio/run-threads.ts).
  if (count > 1) sharp.concurrency(1);
  const slots: (SessionThread | undefined)[] = new Array(count).fill(undefined);
  const { threads: _t, callTimeoutMs, onLost, ...init } = o;
  const onDeath = (t: SessionThread, why: string): void => {
    if (slots[t.index - 1] === t) slots[t.index - 1] = undefined;
    for (const s of [...t.sessions]) {
      t.sessions.delete(s);
      onLost(s.id, `session thread ${t.index} died (${why}); this session and its phone are gone: reset in a new session`);
    }
  };
  const thread = (i: number): SessionThread => (slots[i] ??= new SessionThread(i + 1, { ...init, index: i + 1 }, callTimeoutMs ?? 120_000, onDeath));
  return {
    open(parent) {
      if (parent instanceof ThreadSession && !parent.home.dead) return new ThreadSession(parent.home);
      // The least-loaded slot; an unstarted one counts as empty.
      let best = 0;
      for (let i = 1; i < count; i++) if ((slots[i]?.sessions.size ?? 0) < (slots[best]?.sessions.size ?? 0)) best = i;
      return new ThreadSession(thread(best));
    },
    phoneOf: () => undefined,
    threads: () => slots.filter((t): t is SessionThread => t !== undefined && !t.dead).map((t) => ({ index: t.index, sessions: [...t.sessions].map((s) => s.id), worker: t.worker })),
    async close() {
      await Promise.all(slots.map((t) => t?.stop()));
    },
  };
}
