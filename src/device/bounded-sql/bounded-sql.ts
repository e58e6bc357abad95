// SQL with a time limit. Verifier queries are written by task authors and run on every
// episode: a recursive CTE without a stop, or a cross join of cross joins, must end with a
// clear error instead of hanging check, run and every other task. sql.js offers no progress
// handler or interrupt, so such a query runs on a worker thread (one per process, started on
// first use) that is terminated when the limit passes; the next query starts a new one.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SqlRow, SqlValue } from '../device';
import { ProtocolError } from '../../protocol/validate';
import { checkQueryResponse, type QueryRequest, type QueryResponse } from './messages';

/** What a verifier query may take before it is stopped. */
export const VERIFIER_QUERY_MS = 3000;
/** Rows a verifier query may return: more means it is not the query its author meant. */
export const VERIFIER_QUERY_ROWS = 100_000;

export class QueryTimeoutError extends Error {}

/** The worker script: the tsx bootstrap beside the sources, the bundle beside dist/*.js otherwise. */
function workerScript(): string {
  const dev = path.join(__dirname, 'worker-dev.mjs');
  if (__filename.endsWith('.ts') && fs.existsSync(dev)) return dev;
  return path.join(__dirname, 'bounded-sql-worker.js');
}

interface Pending {
  request: QueryRequest;
  bytes: () => Uint8Array;
  resolve: (rows: SqlRow[]) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

class QueryThread {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** The state id the worker holds per database key. */
  private readonly held = new Map<string, string>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerScript());
    worker.unref(); // an idle query thread never keeps the process alive
    worker.on('message', (m: unknown) => this.onMessage(m));
    worker.on('error', (e) => this.fail(new Error(`the query thread failed: ${e.message}`)));
    worker.on('exit', () => { if (this.worker === worker) this.fail(new Error('the query thread exited')); });
    this.worker = worker;
    return worker;
  }

  private onMessage(raw: unknown): void {
    let r: QueryResponse;
    try {
      r = checkQueryResponse(raw);
    } catch (e) {
      // Our own thread answering otherwise is a bug: fail loudly rather than wait for the time limit.
      if (e instanceof ProtocolError) return this.fail(new Error(`the query thread sent an invalid message: ${e.message}`));
      throw e;
    }
    const p = this.pending.get(r.id);
    if (!p) return;
    if ('needBytes' in r) {
      this.worker?.postMessage({ ...p.request, bytes: p.bytes() });
      return;
    }
    clearTimeout(p.timer);
    this.pending.delete(r.id);
    if (this.pending.size === 0) this.worker?.unref();
    if ('rows' in r) {
      this.held.set(p.request.key, p.request.stateId);
      p.resolve(r.rows);
    } else p.reject(new Error(r.error));
  }

  /** Stops the thread and fails what is in flight (a later query starts a new thread). */
  private fail(e: Error, except?: number): void {
    const w = this.worker;
    this.worker = undefined;
    this.held.clear();
    for (const [id, p] of this.pending) {
      if (id === except) continue;
      clearTimeout(p.timer);
      p.reject(e);
    }
    this.pending.clear();
    void w?.terminate();
  }

  query(key: string, stateId: string, bytes: () => Uint8Array, sql: string, params: SqlValue[], timeoutMs: number, maxRows: number): Promise<SqlRow[]> {
    const worker = this.start();
    worker.ref(); // a query in flight keeps the process alive until it ends or times out
    const id = this.nextId++;
    const request: QueryRequest = { id, key, stateId, sql, params, maxRows, ...(this.held.get(key) === stateId ? {} : { bytes: bytes() }) };
    return new Promise<SqlRow[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new QueryTimeoutError(`the query ran longer than ${timeoutMs} ms and was stopped (a recursive CTE that never stops, or a join that multiplies tables?)`));
        // The thread is stuck in the query: replace it. Other queries in flight fail too.
        this.fail(new Error('the query thread was restarted after another query ran too long'));
      }, timeoutMs);
      this.pending.set(id, { request, bytes, resolve, reject, timer });
      // A copy: the caller's bytes (a snapshot's, a cache's) stay usable.
      worker.postMessage(request.bytes ? { ...request, bytes: request.bytes.slice() } : request);
    });
  }
}

let thread: QueryThread | undefined;

/**
 * Runs `sql` on a database given as bytes (read only when the worker lacks this `stateId`)
 * on the query thread, stopping it after `timeoutMs`. `key` names the database (one per
 * phone and app); the rows are those of the last statement that returned any.
 */
export function boundedQuery(db: { key: string; stateId: string; bytes: () => Uint8Array }, sql: string, params: SqlValue[] = [], timeoutMs = VERIFIER_QUERY_MS, maxRows = VERIFIER_QUERY_ROWS): Promise<SqlRow[]> {
  thread ??= new QueryThread();
  return thread.query(db.key, db.stateId, db.bytes, sql, params, timeoutMs, maxRows);
}
