// SQL with bounds: time, memory, rows and result size. Verifier queries are written by task
// authors and run on every episode: a recursive CTE without a stop, a cross join of cross
// joins, a randomblob or printf of tens of megabytes must end with a clear error instead of
// hanging check, run, the debugger and every other task. sql.js offers no progress handler or
// interrupt (its build exports neither, nor sqlite3_limit), so no query can be stopped on the
// thread that runs it: every bounded query runs on one query thread per process (started on
// first use), which is terminated when the time limit passes — the next query starts a new one.
// There the memory and size bounds are enforced too (worker.ts). No query is judged harmless
// by its text or plan: a cheap-looking plan can still be slow (randomblob(3e7) is one constant
// row and takes seconds).
//
// Queries run one at a time, each with its own full time limit from the moment the thread takes
// it, so a slow query never spends another's budget, and a stopped one fails only itself.
import { Worker } from 'node:worker_threads';
import type { SqlRow, SqlValue } from '../device';
import { ProtocolError } from '../../protocol/validate';
import { VERIFIER_QUERY_MS, VERIFIER_QUERY_ROWS, VERIFIER_RESULT_BYTES } from './limits';
import { checkQueryResponse, type QueryRequest, type QueryResponse } from './messages';
import { workerScript } from '../../protocol/worker-script';

export { VERIFIER_QUERY_MS, VERIFIER_QUERY_ROWS, VERIFIER_RESULT_BYTES, VERIFIER_QUERY_MEMORY } from './limits';

export class QueryTimeoutError extends Error {}

/** The worker script: the tsx bootstrap beside the sources, the bundle beside dist/*.js otherwise. */
function boundedSqlWorkerScript(): string {
  return workerScript(__filename, 'worker-dev.mjs', 'bounded-sql-worker.js');
}

interface Job {
  key: string;
  stateId: string;
  bytes: () => Uint8Array;
  sql: string;
  params: SqlValue[];
  timeoutMs: number;
  maxRows: number;
  maxBytes: number;
  resolve: (rows: SqlRow[]) => void;
  reject: (e: Error) => void;
}

/** How long a new query thread may take to load SQLite before queries fail (a machine under heavy load). */
const STARTUP_MS = 60_000;

class QueryThread {
  private worker?: Worker;
  /** Whether the thread has loaded SQLite (queries are posted, and timed, only then). */
  private ready = false;
  private startup?: NodeJS.Timeout;
  private nextId = 1;
  private readonly queue: Job[] = [];
  private current?: { id: number; job: Job; timer: NodeJS.Timeout };
  /** The state id the worker holds per database key. */
  private readonly held = new Map<string, string>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(boundedSqlWorkerScript());
    worker.unref(); // an idle query thread never keeps the process alive
    worker.on('message', (m: unknown) => this.onMessage(m));
    worker.on('error', (e) => { if (this.worker === worker) this.restart(new Error(`the query thread failed: ${e.message}`)); });
    worker.on('exit', () => { if (this.worker === worker) this.restart(new Error('the query thread exited')); });
    this.worker = worker;
    this.ready = false;
    this.startup = setTimeout(() => this.restart(new Error(`the query thread did not start within ${STARTUP_MS / 1000} s`)), STARTUP_MS);
    this.startup.unref();
    return worker;
  }

  private onMessage(raw: unknown): void {
    let r: QueryResponse;
    try {
      r = checkQueryResponse(raw);
    } catch (e) {
      // Our own thread answering otherwise is a bug: fail loudly rather than wait for the time limit.
      if (e instanceof ProtocolError) return this.restart(new Error(`the query thread sent an invalid message: ${e.message}`));
      throw e;
    }
    if ('ready' in r) {
      clearTimeout(this.startup);
      this.ready = true;
      this.next();
      return;
    }
    const c = this.current;
    if (!c || c.id !== r.id) return;
    if ('needBytes' in r) {
      this.post(c.id, c.job, true);
      return;
    }
    clearTimeout(c.timer);
    this.current = undefined;
    if ('rows' in r) {
      this.held.set(c.job.key, c.job.stateId);
      c.job.resolve(r.rows);
    } else c.job.reject(new Error(r.error));
    this.next();
  }

  /**
   * Fails the query in flight with `e` and replaces the thread, then goes on with the queue. A
   * thread that failed before it was ready cannot run anything: the queue fails with it.
   */
  private restart(e: Error): void {
    const c = this.current;
    const started = this.ready;
    this.current = undefined;
    const w = this.worker;
    this.worker = undefined;
    this.ready = false;
    clearTimeout(this.startup);
    this.held.clear();
    void w?.terminate();
    if (c) {
      clearTimeout(c.timer);
      c.job.reject(e);
    }
    if (!started) for (const job of this.queue.splice(0)) job.reject(e);
    this.next();
  }

  /** Sends the query in flight; bytes that cannot be read (the phone closed) fail it, and the queue goes on. */
  private post(id: number, job: Job, withBytes: boolean): void {
    try {
      this.send(id, job, withBytes);
    } catch (e) {
      if (this.current?.id !== id) return;
      clearTimeout(this.current.timer);
      this.current = undefined;
      job.reject(e instanceof Error ? e : new Error(String(e)));
      this.next();
    }
  }

  private send(id: number, job: Job, withBytes: boolean): void {
    const request: QueryRequest = {
      id, key: job.key, stateId: job.stateId, sql: job.sql, params: job.params, maxRows: job.maxRows, maxBytes: job.maxBytes,
      // A copy, handed over: the caller's bytes (a snapshot's, a cache's) stay usable.
      ...(withBytes ? { bytes: job.bytes().slice() } : {}),
    };
    this.start().postMessage(request, request.bytes ? [request.bytes.buffer as ArrayBuffer] : []);
  }

  private next(): void {
    if (this.current) return;
    const job = this.queue[0];
    if (!job) {
      this.worker?.unref();
      return;
    }
    const worker = this.start();
    worker.ref(); // a query waiting or in flight keeps the process alive until it ends or is stopped
    if (!this.ready) return; // posted once the thread is ready
    this.queue.shift();
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.restart(new QueryTimeoutError(`the query ran longer than ${job.timeoutMs} ms and was stopped (a recursive CTE that never stops, a join that multiplies tables, or a huge randomblob or printf?)`));
    }, job.timeoutMs);
    this.current = { id, job, timer };
    this.post(id, job, this.held.get(job.key) !== job.stateId);
  }

  query(job: Job): void {
    this.queue.push(job);
    this.next();
  }
}

let thread: QueryThread | undefined;

export interface QueryBounds {
  timeoutMs?: number;
  maxRows?: number;
  maxBytes?: number;
}

/**
 * Runs `sql` on a database given as bytes (read only when the thread lacks this `stateId`)
 * on the query thread, read only, within the bounds (defaults: the verifier limits). `key`
 * names the database (one per phone and app); the rows are those of the last statement that
 * returned any.
 */
export function boundedQuery(db: { key: string; stateId: string; bytes: () => Uint8Array }, sql: string, params: SqlValue[] = [], b: QueryBounds = {}): Promise<SqlRow[]> {
  thread ??= new QueryThread();
  const t = thread;
  return new Promise<SqlRow[]>((resolve, reject) => t.query({
    key: db.key, stateId: db.stateId, bytes: db.bytes, sql, params,
    timeoutMs: b.timeoutMs ?? VERIFIER_QUERY_MS, maxRows: b.maxRows ?? VERIFIER_QUERY_ROWS, maxBytes: b.maxBytes ?? VERIFIER_RESULT_BYTES,
    resolve, reject,
  }));
}
