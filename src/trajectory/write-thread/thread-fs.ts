// A DurableFs whose per-step commit runs on a recording's sync threads (worker.ts). Measured
// on the bench (bench/trajectory.bench.ts) and on this machine's ext4:
// - through the promise API, a step is ~14 libuv pool jobs, four of them fsyncs that block a
//   pool thread each, so for the length of a journal commit all four pool threads are taken
//   and sharp's encode of the next screenshot waits behind them;
// - one dedicated thread doing the same calls one after another is worse: four fsyncs in a
//   row cost four journal commits (~4x), where four at once share one.
// So the host opens the step's files (creating their names, a quick metadata call) and hands
// each descriptor to its own thread — the screenshot, the UI tree, the folder, the line — which
// writes and syncs it; the step is durable when all four answer. The pool stays free. Most
// steps need only three: their files' names were made ahead and synced by an earlier step
// (names-ahead.ts), so the folder is synced once every few steps.
// Threads are started on first use, one set per process, unref'd while idle so they never
// keep a CLI alive; if one dies, what was in flight fails (the recording stops with that
// error, what was flushed stays) and the next commit starts a new set. Where the threads'
// script is not beside the code (a bundle without it), commits go through the promise API.
// The opening manifest goes through them too (synced with the folder's parent, its rename made
// durable by the first step's folder sync); later manifest replacements stay on the promise API.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ProtocolError } from '../../protocol/validate';
import { nodeDurableFs, type DurableFs, type StepCommit } from '../durable-fs';
import { checkSyncResponse, type SyncRequest } from './messages';
import { planAhead, releaseAhead } from './names-ahead';

/** A step's parallel syncs: screenshot, UI tree, folder, line. */
const THREADS = 4;

/** The threads' script: worker.mjs beside the sources, its bundle beside dist/*.js otherwise. */
function workerScript(): string | undefined {
  const dev = path.join(__dirname, 'worker.mjs');
  if (__filename.endsWith('.ts') && fs.existsSync(dev)) return dev;
  const bundled = path.join(__dirname, 'trajectory-sync-worker.js');
  return fs.existsSync(bundled) ? bundled : undefined;
}

interface Pending {
  resolve: () => void;
  reject: (e: Error) => void;
}

class SyncThread {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly script: string) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    // No inherited execArgv: the script is plain JavaScript, and a loader (tsx in tests) would
    // only slow each thread's start.
    const worker = new Worker(this.script, { execArgv: [] });
    worker.unref();
    worker.on('message', (m: unknown) => this.onMessage(worker, m));
    worker.on('error', (e) => this.fail(worker, new Error(`a recording sync thread failed: ${e.message}`)));
    worker.on('exit', (code) => this.fail(worker, new Error(`a recording sync thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, raw: unknown): void {
    let r;
    try {
      r = checkSyncResponse(raw);
    } catch (e) {
      if (e instanceof ProtocolError) return this.fail(worker, new Error(`a recording sync thread sent an invalid message: ${e.message}`));
      throw e;
    }
    if (r.id === 0 && 'error' in r) return this.fail(worker, new Error(`a recording sync thread refused a request: ${String(r.error)}`));
    const p = this.pending.get(r.id);
    if (!p) return;
    this.pending.delete(r.id);
    if (this.pending.size === 0) worker.unref();
    if ('buffer' in r) giveBack(r.buffer);
    const failed = r as { error?: string; code?: string };
    if (failed.error !== undefined) p.reject(Object.assign(new Error(failed.error), failed.code ? { code: failed.code } : {}));
    else p.resolve();
  }

  private fail(worker: Worker, e: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    void worker.terminate();
  }

  /** Writes `data` to `fd` and syncs it; the caller closes `fd` once this settles. */
  run(fd: number, sync: SyncRequest['sync'], data?: Uint8Array): Promise<void> {
    const worker = this.start();
    worker.ref(); // a sync in flight keeps the process alive until it is on disk
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (!data) return worker.postMessage({ id, fd, sync } satisfies SyncRequest);
      // Copied into a buffer of ours, which is transferred and comes back with the answer: the
      // caller's screenshot stays usable, and no message clones (allocates, frees) its bytes.
      const { view, buffer } = takeBuffer(data.byteLength);
      view.set(data);
      worker.postMessage({ id, fd, sync, data: view } satisfies SyncRequest, [buffer]);
    });
  }
}

/** Buffers the threads gave back, for the next requests; a few, so a step's files all find one. */
const spare: ArrayBuffer[] = [];
const SPARE_MAX = 8;
/** Sizes round up to this, so one buffer fits the next step's screenshot too. */
const BUFFER_STEP = 64 * 1024;

function takeBuffer(length: number): { view: Uint8Array; buffer: ArrayBuffer } {
  const i = spare.findIndex((b) => b.byteLength >= length);
  const buffer = i >= 0 ? spare.splice(i, 1)[0] : new ArrayBuffer(Math.ceil(Math.max(length, 1) / BUFFER_STEP) * BUFFER_STEP);
  return { view: new Uint8Array(buffer, 0, length), buffer };
}

function giveBack(view: Uint8Array | undefined): void {
  if (!view || view.byteOffset !== 0 || !(view.buffer instanceof ArrayBuffer) || spare.length >= SPARE_MAX) return;
  spare.push(view.buffer);
}

let threads: SyncThread[] | undefined;

interface SyncJob {
  fd: number;
  sync: SyncRequest['sync'];
  data?: Uint8Array;
}

/** Opens what `plan` names (pushing each job), then runs every job at once, one per thread; closes all. */
async function syncAll(script: string, plan: (open: (file: string, flags: string, sync: SyncRequest['sync'], data?: Uint8Array) => void) => void): Promise<void> {
  threads ??= Array.from({ length: THREADS }, () => new SyncThread(script));
  const opened: number[] = [];
  const jobs: SyncJob[] = [];
  try {
    plan((file, flags, sync, data) => {
      const fd = fs.openSync(file, flags);
      opened.push(fd);
      jobs.push({ fd, sync, ...(data ? { data } : {}) });
    });
  } catch (e) {
    for (const fd of opened) fs.closeSync(fd);
    throw e;
  }
  const pool = threads;
  const done = await Promise.allSettled(jobs.map((j, i) => pool[i % pool.length].run(j.fd, j.sync, j.data)));
  // Closed here, by the thread that opened them (a worker closing a host's descriptor draws a warning).
  for (const fd of opened) fs.closeSync(fd);
  const failed = done.find((d): d is PromiseRejectedResult => d.status === 'rejected');
  if (failed) throw failed.reason;
}

async function commitStep(script: string, c: StepCommit): Promise<void> {
  // Most steps write into names made (and synced) ahead of them: no folder sync then.
  const ahead = planAhead(c.folder, c.files.map((f) => f.name));
  try {
    await syncAll(script, (open) => {
      // Opened here, before any sync starts, so the folder's fsync covers the new names.
      for (const f of c.files) open(path.join(c.folder, f.name), 'w', 'data', f.data);
      if (ahead.syncFolder || c.syncFolder) open(c.folder, 'r', 'full');
      open(path.join(c.folder, c.stepsFile), 'a', 'data', Buffer.from(c.line, 'utf8'));
    });
  } catch (e) {
    ahead.failed();
    throw e;
  }
}

/**
 * The opening manifest: its temp file and the parent folder (the new episode folder's entry)
 * synced in one round, then the rename; the next step commit syncs the folder, which makes the
 * rename durable. One journal commit instead of three in a row on libuv's pool.
 */
async function createDeferred(script: string, file: string, data: string, alsoSync: string): Promise<void> {
  const tmp = `${file}.tmp`;
  await syncAll(script, (open) => {
    open(tmp, 'w', 'data', Buffer.from(data, 'utf8'));
    open(alsoSync, 'r', 'full');
  });
  // Only after the content is durable: a crash leaves the whole manifest or only its temp file.
  fs.renameSync(tmp, file);
}

/** The recording filesystem used by default: step commits on the sync threads when they can be started. */
export function threadDurableFs(): DurableFs {
  const script = workerScript();
  if (!script) return nodeDurableFs;
  return { ...nodeDurableFs, commitStep: (c) => commitStep(script, c), release: releaseAhead, createDeferred: (file, data, alsoSync) => createDeferred(script, file, data, alsoSync) };
}
