// Sessions on worker threads: N session threads (default: one per core), several sessions on
// each, placed on the thread holding the fewest. A thread owns its sessions' phones, so nothing
// one session does can reach another thread's phones.
//
// A thread that dies (an uncaught error, an exit, or stopped by the watchdog when one call runs
// past its limit) loses no session: the server keeps each session's history (its reset, or the
// fork it came from, and the actions whose replies came back: the loop's checkpoint, in the
// client's own words), and every session of the dead thread is rebuilt by replaying it on a new
// thread in the same slot — the mock phone is deterministic, so the replay gives the same
// phone, step and episode ids. The calls in flight on the dead thread fail with
// EXECUTION_ERROR naming the death (they were not applied: one of them may be what killed
// it, so it is not run again behind the client's back); the sessions' other calls wait for
// the rebuild. docs/environment.md says why this and not SESSION_ERROR.
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
import { recyclable } from './wire-json';
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

interface Pending { call: Call; resolve(v: { json?: Uint8Array; image?: Uint8Array }): void; reject(e: Error): void; timer?: NodeJS.Timeout }

class SessionThread {
  readonly worker: Worker;
  readonly sessions = new Set<ThreadSession>();
  private readonly pending = new Map<number, Pending>();
  /** Sent replies' buffers, handed back to the thread with its next reset, step or fork. */
  private returned: ArrayBuffer[] = [];
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
    if (this.dead) return { id, done: Promise.reject(this.lostError(msg)) };
    const done = new Promise<{ json?: Uint8Array; image?: Uint8Array }>((resolve, reject) => {
      const p: Pending = { call: msg, resolve, reject };
      if (watched && this.callTimeoutMs > 0) {
        p.timer = setTimeout(() => this.die(`a ${msg.type} of session ${msg.session} ran longer than ${this.callTimeoutMs / 1000} s (a runaway task or verifier?) and the thread was stopped`), this.callTimeoutMs);
      }
      this.pending.set(id, p);
    });
    if (this.returned.length && (msg.type === 'reset' || msg.type === 'step' || msg.type === 'fork')) {
      const spare = this.returned.splice(0);
      this.worker.postMessage({ ...msg, id, spare: spare.map((b) => new Uint8Array(b)) }, spare);
    } else {
      this.worker.postMessage({ ...msg, id });
    }
    return { id, done };
  }

  /** A reply's buffer the server has sent: back to the thread with the next call (a few at most; the rest are left to the GC). */
  giveBack(b: ArrayBuffer): void {
    if (!this.dead && this.returned.length < 4 && recyclable(b) && !this.returned.includes(b)) this.returned.push(b);
  }

  /** What a call that was on this thread when it died is answered with: it was not applied, and its session goes on (rebuilt) at its last step. */
  lostError(call: Call): CodedError {
    return new CodedError('EXECUTION_ERROR', `session thread ${this.index} died (${this.dead}) during this ${call.type}, which was not applied; the session is rebuilt on a new thread as it was before it: send it again, or something else`);
  }

  die(why: string): void {
    if (this.dead) return;
    this.dead = why;
    void this.worker.terminate();
    for (const p of this.pending.values()) { clearTimeout(p.timer); p.reject(this.lostError(p.call)); }
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

/**
 * What rebuilds a session on a new thread: how its episode began (a reset, or a fork of another
 * history at its step) and the actions taken since, each kept once its reply came back. Replayed
 * in order it gives the same phone, byte for byte (the mock phone is deterministic: the same
 * reset gives the same phone, the same action the same next screen), with the same episode ids.
 */
interface History {
  origin: { reset: ResetData; episodeId: string } | { fork: History; episodeId: string };
  actions: EnvAction[];
}

class ThreadSession implements HostedSession {
  readonly createdAt = Date.now();
  lastActivityAt = Date.now();
  cachedState: Record<string, unknown>;
  /** The call whose reply updates the state. */
  awaiting = 0;
  history?: History;
  /** Settles when a rebuild on a new thread is done (calls wait for it). */
  private rebuilt: Promise<void> = Promise.resolve();
  rebuilding = false;
  private frozenState?: Record<string, unknown>;

  /** `member`: false for a rebuild's stand-in parent, which its thread does not hold as a session. */
  constructor(public home: SessionThread, readonly id: string = randomUUID(), member = true) {
    this.cachedState = { episode_id: null, step_count: 0, session_id: this.id };
    if (member) home.sessions.add(this);
  }

  get thread(): number { return this.home.index; }

  /** One call on the session's thread, after any rebuild; the state its reply carries becomes the session's. */
  private async call(msg: Call, watched = true): Promise<{ json?: Uint8Array; image?: Uint8Array }> {
    await this.settled();
    const { id, done } = this.home.call(msg, watched);
    this.awaiting = id;
    return done;
  }

  async reset(data: ResetData): Promise<Buffer> {
    const r = await this.call({ type: 'reset', session: this.id, data });
    this.history = { origin: { reset: data, episodeId: String(this.cachedState.episode_id) }, actions: [] };
    return buffer(r.json);
  }
  async step(action: EnvAction): Promise<Buffer> {
    const r = await this.call({ type: 'step', session: this.id, data: action });
    this.history?.actions.push(action);
    return buffer(r.json);
  }
  async forkInto(child: HostedSession): Promise<Buffer> {
    const c = child as ThreadSession;
    await this.settled();
    const { id, done } = this.home.call({ type: 'fork', session: this.id, child: c.id }, true);
    c.awaiting = id;
    const r = await done;
    if (this.history) c.history = { origin: { fork: { origin: this.history.origin, actions: [...this.history.actions] }, episodeId: String(c.cachedState.episode_id) }, actions: [] };
    return buffer(r.json);
  }
  /** During a rebuild, the state the session had (the replay's steps are not the client's). */
  state(): Record<string, unknown> { return this.frozenState ?? this.cachedState; }
  recycle(sent: Buffer): void { this.home.giveBack(sent.buffer as ArrayBuffer); }
  async uiTree(): Promise<string | undefined> {
    const r = await this.call({ type: 'ui', session: this.id }, false);
    return r.json ? Buffer.from(r.json).toString() : undefined;
  }
  async screenshot(format: 'png' | 'jpeg', quality?: number): Promise<Buffer | undefined> {
    const r = await this.call({ type: 'screenshot', session: this.id, format, quality }, false);
    return r.image ? Buffer.from(r.image.buffer, r.image.byteOffset, r.image.byteLength) : undefined;
  }
  async close(): Promise<void> {
    await this.rebuilt.catch(() => undefined);
    this.home.sessions.delete(this);
    if (this.home.dead) return;
    await this.home.call({ type: 'close', session: this.id }, false).done.catch(() => undefined);
  }

  /** Waits for a rebuild in progress; a failed one is this session's end. */
  private settled(): Promise<void> {
    return this.rebuilt.catch((e: unknown) => { throw new CodedError('SESSION_ERROR', `this session could not be rebuilt after its session thread died: ${messageOf(e)}; reset in a new session`); });
  }

  /**
   * Moves the session to `thread` (its own died) and replays its history there; calls wait
   * until it is done. Rejects if the replay fails or does not reach the state the session had.
   */
  rebuildOn(thread: SessionThread): Promise<void> {
    this.home = thread;
    thread.sessions.add(this);
    this.rebuilding = true;
    const before = (this.frozenState = this.cachedState);
    this.rebuilt = (async () => {
      if (this.history) await replay(this.history, this);
      const after = this.cachedState;
      for (const k of ['episode_id', 'step_count', 'done'] as const) {
        if (after[k] !== before[k]) throw new Error(`its replay did not reach the same state (${k} ${JSON.stringify(after[k])}, was ${JSON.stringify(before[k])})`);
      }
    })().finally(() => { this.rebuilding = false; this.frozenState = undefined; });
    return this.rebuilt;
  }

  /** A replay's call: straight to the thread (the session is rebuilding), its reply's state kept. */
  async replayCall(msg: Call): Promise<void> {
    const { id, done } = this.home.call(msg, true);
    this.awaiting = id;
    await done;
  }
}

/** Replays `h` into `target` on target's thread: its origin (a reset, or a stand-in parent replayed and forked), then its actions. */
async function replay(h: History, target: ThreadSession): Promise<void> {
  const o = h.origin;
  if ('reset' in o) {
    await target.replayCall({ type: 'reset', session: target.id, data: { ...o.reset, episode_id: o.episodeId } });
  } else {
    const parent = new ThreadSession(target.home, randomUUID(), false);
    try {
      await replay(o.fork, parent);
      await target.replayCall({ type: 'fork', session: parent.id, child: target.id, episode_id: o.episodeId });
    } finally {
      if (!target.home.dead) await target.home.call({ type: 'close', session: parent.id }, false).done.catch(() => undefined);
    }
  }
  for (const action of h.actions) await target.replayCall({ type: 'step', session: target.id, data: action });
}

export function threadHost(o: SessionThreadOptions): SessionHost {
  const count = Math.max(1, o.threads ?? os.availableParallelism());
  // The threads are the parallelism: libvips (one per process, shared by every thread) encodes
  // each screenshot on one thread, as the runner's threads do (src/studio/run-threads.ts).
  if (count > 1) sharp.concurrency(1);
  const slots: (SessionThread | undefined)[] = new Array(count).fill(undefined);
  const { threads: _t, callTimeoutMs, onLost, ...init } = o;
  // A thread that dies takes no session with it: each is rebuilt on a new thread in the same
  // slot from its history. One that was rebuilding already when it died again (its replay
  // crashed or ran away too) is lost, with the reason, rather than replayed forever.
  const onDeath = (t: SessionThread, why: string): void => {
    if (slots[t.index - 1] === t) slots[t.index - 1] = undefined;
    const movers = [...t.sessions];
    t.sessions.clear();
    const lose = (s: ThreadSession, what: string): void => onLost(s.id, `session thread ${t.index} died (${why}) and ${what}; this session and its phone are gone: reset in a new session`);
    for (const s of movers) {
      if (s.rebuilding) { lose(s, 'the session was being rebuilt on it'); continue; }
      s.rebuildOn(thread(t.index - 1)).catch((e: unknown) => lose(s, `the session could not be rebuilt on a new thread: ${messageOf(e)}`));
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
