// Runs SQL for bounded-sql.ts on its own thread, so a query that never ends (a recursive CTE
// without a stop, a cross join of cross joins, a randomblob of tens of megabytes) can be stopped
// by terminating the thread: sql.js has no progress handler or interrupt to stop it on the
// calling thread. Here SQLite's heap is capped (a huge string or blob fails at once instead of
// growing the thread), the rows and bytes a result may hold are capped, and the copies are read
// only (`query_only`): a query that writes errors, so no query changes what the next one sees.
import { parentPort } from 'node:worker_threads';
import type { Database, SqlJsStatic } from 'sql.js';
import type { SqlRow, SqlValue } from '../device';
import { loadSqlJs } from '../adb/sql';
import { mb, VERIFIER_QUERY_MEMORY } from './limits';
import { checkQueryRequest, type QueryRequest, type QueryResponse } from './messages';

/** Open copies kept (most recently used last): enough for a check's phones, bounded for `run`'s many. */
const MAX_OPEN = 16;
const open = new Map<string, { stateId: string; db: Database }>();

let sqlJs: Promise<SqlJsStatic> | undefined;
function sqlite(): Promise<SqlJsStatic> {
  sqlJs ??= loadSqlJs().then((SQL) => {
    // One heap for every database of this thread's SQLite: a process-wide setting, so set once.
    const db = new SQL.Database();
    db.exec(`PRAGMA hard_heap_limit = ${VERIFIER_QUERY_MEMORY}`);
    db.close();
    return SQL;
  });
  return sqlJs;
}

const GUARDS = /query_only|hard_heap_limit|soft_heap_limit/i;

function drop(key: string): void {
  open.get(key)?.db.close();
  open.delete(key);
}

/** The size a value takes in the result (what the host receives). */
function sizeOf(v: SqlValue): number {
  if (typeof v === 'string') return v.length * 2;
  if (v instanceof Uint8Array) return v.byteLength;
  return 8;
}

/** SQLite's own wording for a bound it hit, as a sentence naming the bound. */
function explain(message: string): string {
  if (/out of memory/i.test(message)) return `the query needed more than ${mb(VERIFIER_QUERY_MEMORY)} of memory and was stopped (a huge randomblob, zeroblob, printf or replace?)`;
  if (/string or blob too big/i.test(message)) return 'the query built a string or blob larger than SQLite allows (1,000,000,000 bytes) and was stopped';
  if (/readonly database|query_only/i.test(message)) return `verifier SQL only reads the app's data; this query tried to change it (${message})`;
  return message;
}

async function answer(m: QueryRequest): Promise<QueryResponse> {
  const SQL = await sqlite();
  let held = open.get(m.key);
  if (held?.stateId !== m.stateId) {
    if (!m.bytes) return { id: m.id, needBytes: true };
    drop(m.key);
    held = { stateId: m.stateId, db: new SQL.Database(m.bytes) };
    held.db.exec('PRAGMA query_only = 1'); // a query that writes errors instead of changing the copy
    while (open.size >= MAX_OPEN) drop(open.keys().next().value!);
  } else open.delete(m.key); // re-inserted below: most recently used last
  open.set(m.key, held);
  const db = held.db;
  // The bounds themselves are pragmas: a query may not lift them (PRAGMA names cannot be
  // computed, so the name in the text is the only way to reach them).
  const guard = GUARDS.exec(m.sql);
  if (guard) return { id: m.id, error: `verifier SQL may not change ${guard[0]} (it is what keeps a query read only and bounded)` };
  try {
    // Every statement runs; the rows are those of the last one that returned any (as exec).
    let rows: SqlRow[] = [];
    for (const stmt of db.iterateStatements(m.sql)) {
      try {
        if (stmt.getColumnNames().length === 0) {
          stmt.run(m.params as never);
          continue;
        }
        stmt.bind(m.params as never);
        const out: SqlRow[] = [];
        let size = 0;
        while (stmt.step()) {
          if (out.length >= m.maxRows) return { id: m.id, error: `the query returned more than ${m.maxRows} rows` };
          const row = stmt.getAsObject() as SqlRow;
          for (const v of Object.values(row)) size += sizeOf(v);
          if (size > m.maxBytes) return { id: m.id, error: `the query's result is larger than ${mb(m.maxBytes)} and was stopped (a verifier reads a few values, not the database)` };
          out.push(row);
        }
        if (out.length) rows = out;
      } finally {
        stmt.free();
      }
    }
    return { id: m.id, rows };
  } catch (e) {
    return { id: m.id, error: explain(e instanceof Error ? e.message : String(e)) };
  }
}

// Loading SQLite takes a while on a busy machine: say when it is done, so no query's time limit
// pays for it. A load that fails is reported by the thread's error event.
void sqlite().then(() => parentPort!.postMessage({ ready: true } satisfies QueryResponse));

parentPort!.on('message', (m: unknown) => {
  // A request that fails its schema is answered with the error (naming the field) under its id.
  void Promise.resolve().then(() => answer(checkQueryRequest(m))).then(
    (r) => parentPort!.postMessage(r),
    (e: unknown) => parentPort!.postMessage({ id: Number((m as { id?: unknown } | null)?.id) || 0, error: e instanceof Error ? e.message : String(e) } satisfies QueryResponse),
  );
});
