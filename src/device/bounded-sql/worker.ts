// Runs SQL for bounded-sql.ts on its own thread, so a query that never ends (a recursive CTE
// without a stop, a cross join of cross joins) can be stopped by terminating the thread:
// sql.js has no progress handler or interrupt to stop it on the calling thread.
import { parentPort } from 'node:worker_threads';
import type { Database } from 'sql.js';
import type { SqlRow } from '../device';
import { loadSqlJs } from '../adb/sql';
import { checkQueryRequest, type QueryRequest, type QueryResponse } from './messages';

const open = new Map<string, { stateId: string; db: Database }>();

async function answer(m: QueryRequest): Promise<QueryResponse> {
  const SQL = await loadSqlJs();
  let held = open.get(m.key);
  if (held?.stateId !== m.stateId) {
    if (!m.bytes) return { id: m.id, needBytes: true };
    held?.db.close();
    held = { stateId: m.stateId, db: new SQL.Database(m.bytes) };
    open.set(m.key, held);
  }
  try {
    // Every statement runs; the rows are those of the last one that returned any (as exec).
    let rows: SqlRow[] = [];
    for (const stmt of held.db.iterateStatements(m.sql)) {
      try {
        if (stmt.getColumnNames().length === 0) {
          stmt.run(m.params as never);
          continue;
        }
        stmt.bind(m.params as never);
        const out: SqlRow[] = [];
        while (stmt.step()) {
          if (out.length >= m.maxRows) return { id: m.id, error: `the query returned more than ${m.maxRows} rows` };
          out.push(stmt.getAsObject() as SqlRow);
        }
        if (out.length) rows = out;
      } finally {
        stmt.free();
      }
    }
    return { id: m.id, rows };
  } catch (e) {
    return { id: m.id, error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort!.on('message', (m: unknown) => {
  // A request that fails its schema is answered with the error (naming the field) under its id.
  void Promise.resolve().then(() => answer(checkQueryRequest(m))).then(
    (r) => parentPort!.postMessage(r),
    (e: unknown) => parentPort!.postMessage({ id: Number((m as { id?: unknown } | null)?.id) || 0, error: e instanceof Error ? e.message : String(e) } satisfies QueryResponse),
  );
});
