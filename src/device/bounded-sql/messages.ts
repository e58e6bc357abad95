// The messages between a bounded query's host (bounded-sql.ts) and its worker (worker.ts),
// declared once for both sides.
import type { SqlRow, SqlValue } from '../device';

export interface QueryRequest {
  id: number;
  /** Which database (the worker keeps the last bytes it was sent per key). */
  key: string;
  /** The content's id: the worker reuses its open copy while it is the same. */
  stateId: string;
  /** The database file; omitted when the worker already holds `stateId` for `key`. */
  bytes?: Uint8Array;
  sql: string;
  params: SqlValue[];
  /** Rows beyond this are an error (a query that never ends tends to produce rows forever). */
  maxRows: number;
}

export type QueryResponse =
  | { id: number; rows: SqlRow[] }
  | { id: number; error: string }
  /** The worker no longer holds `stateId` (it was restarted): send the bytes again. */
  | { id: number; needBytes: true };

export function isQueryResponse(m: unknown): m is QueryResponse {
  if (!m || typeof m !== 'object' || typeof (m as { id?: unknown }).id !== 'number') return false;
  const r = m as Record<string, unknown>;
  return Array.isArray(r.rows) || typeof r.error === 'string' || r.needBytes === true;
}
