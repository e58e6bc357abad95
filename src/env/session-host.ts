// Where the server's sessions live: the seam between the wire (server.ts) and the sessions. The
// server holds HostedSessions and forwards their replies, which come back as the wire JSON.
// In process (threads 0: tests, the benchmark's baseline) they are EnvSessions on the server's
// own thread; otherwise on session threads (session-threads.ts).
import type { Worker } from 'node:worker_threads';
import { keepReferenceFrames, type MockPhone } from '../mockphone';
import { MockPhonePool } from '../studio/phone-pool';
import { EnvSession, type SessionOptions } from './session';
import type { TaskCatalogue } from './task-catalogue';
import type { EnvAction, ResetData, StepReply } from './messages';
import { ReplyPool, replyBytes } from './wire-json';

export interface HostedSession {
  readonly id: string;
  readonly createdAt: number;
  lastActivityAt: number;
  /** The session thread it lives on (1-based), 0 for the server's own thread. */
  readonly thread: number;
  /** Each returns the StepReply as UTF-8 JSON, ready for the wire. */
  reset(data: ResetData): Promise<Buffer>;
  step(action: EnvAction): Promise<Buffer>;
  /** Clones this session at its step into `child` (opened with this session as its parent). */
  forkInto(child: HostedSession): Promise<Buffer>;
  state(): Record<string, unknown>;
  /**
   * A reply of this session (reset, step or fork) that has been sent: nothing reads its bytes
   * any more, so its buffer is written again by a later reply (wire-json.ts ReplyPool).
   */
  recycle(sent: Buffer): void;
  /** The current screen (JPEG quality default 90), undefined before the first reset. */
  screenshot(format: 'png' | 'jpeg', quality?: number): Promise<Buffer | undefined>;
  /** The current UI tree (uiautomator XML), undefined before the first reset. */
  uiTree(): Promise<string | undefined>;
  close(): Promise<void>;
}

export interface SessionHost {
  /** A new session; `parent`: a fork's, which it lives beside (its checkpoint is there). */
  open(parent?: HostedSession): HostedSession;
  /** A session's phone when it lives on this thread (tests), else undefined. */
  phoneOf(session: HostedSession): MockPhone | undefined;
  /** The live session threads (none in process): what `/sessions` reports, and tests' handle on a thread. */
  threads?(): { index: number; sessions: string[]; worker: Worker }[];
  close(): Promise<void>;
}

class LocalSession implements HostedSession {
  readonly thread = 0;
  constructor(readonly session: EnvSession, private readonly pool: ReplyPool) {}
  private utf8(v: StepReply): Buffer { return replyBytes(v, this.pool); }
  get id(): string { return this.session.id; }
  get createdAt(): number { return this.session.createdAt; }
  get lastActivityAt(): number { return this.session.lastActivityAt; }
  set lastActivityAt(t: number) { this.session.lastActivityAt = t; }
  async reset(data: ResetData): Promise<Buffer> { return this.utf8(await this.session.reset(data)); }
  async step(action: EnvAction): Promise<Buffer> { return this.utf8(await this.session.step(action)); }
  async forkInto(child: HostedSession): Promise<Buffer> { return this.utf8(await this.session.forkInto((child as LocalSession).session)); }
  state(): Record<string, unknown> { return this.session.state(); }
  recycle(sent: Buffer): void { this.pool.give(sent.buffer as ArrayBuffer); }
  async screenshot(format: 'png' | 'jpeg', quality = 90): Promise<Buffer | undefined> { return (await this.session.phone?.screenshot(format === 'png' ? { format } : { format, quality }))?.data; }
  async uiTree(): Promise<string | undefined> { return this.session.phone?.uiTree(); }
  close(): Promise<void> { return this.session.close(); }
}

/**
 * Whole screens each session thread keeps for reuse (a reset's first screen, an app's first
 * screen): their pixels (copied instead of repainted: src/mockphone/ui/frame-raster.ts) and
 * JPEG stripes (src/mockphone/phone/striped-jpeg.ts); ~20 MB each, per thread, not per session.
 */
export const REFERENCE_FRAMES = 4;

/** Every session on the server's own thread, phones from one warm pool. */
export function localHost(tasks: TaskCatalogue, options: SessionOptions): SessionHost {
  keepReferenceFrames(REFERENCE_FRAMES);
  const phones = new MockPhonePool(tasks.appsDir);
  const pool = new ReplyPool();
  return {
    open: () => new LocalSession(new EnvSession(tasks, { phones, ...options }), pool),
    phoneOf: (s) => (s instanceof LocalSession ? s.session.phone : undefined),
    close: () => phones.close(),
  };
}
