// The messages between a bounded query's host (bounded-sql.ts) and its worker (worker.ts),
// declared once as schemas of the shared kit (src/protocol/validate.ts) and checked on receipt
// on both sides; the types are inferred from them.
import { arr, bytes, either, nullable, num, obj, optional, parse, record, shaped, str, type Infer } from '../../protocol/validate';
import type { SqlRow, SqlValue } from '../device';
import { VERIFIER_SQL_CHARS } from './limits';

const id = num({ min: 0, int: true });
/** SQLite numbers may be ±Infinity (1e999), so any number, not only finite ones. */
const sqlNumber = shaped<number>((x) => typeof x === 'number', 'a number');
const sqlValue = nullable(either([str({ max: 1_000_000_000 }), sqlNumber, bytes], 'an SQL value (text, number, blob or null)'));

export const queryRequest = obj({
  id,
  /** Which database (the worker keeps the last bytes it was sent per key). */
  key: str({ max: 4096 }),
  /** The content's id: the worker reuses its open copy while it is the same. */
  stateId: str({ max: 4096 }),
  /** The database file; omitted when the worker already holds `stateId` for `key`. */
  bytes: optional(bytes),
  sql: str({ max: VERIFIER_SQL_CHARS }),
  params: arr(sqlValue),
  /** Rows beyond this are an error (a query that never ends tends to produce rows forever). */
  maxRows: num({ min: 0, int: true }),
  /** A result larger than this (text as UTF-16, blobs as bytes) is an error. */
  maxBytes: num({ min: 0, int: true }),
});
export type QueryRequest = Infer<typeof queryRequest>;

// Three shapes told apart by which field they carry (chosen below, so a wrong row value is
// reported at its own path rather than as "none of the three").
const responses = {
  rows: obj({ id, rows: arr(record(sqlValue, { maxKeys: 2000 }), { max: 10_000_000 }) }),
  error: obj({ id, error: str({ max: 1_000_000 }) }),
  /** The worker no longer holds `stateId` (it was restarted): send the bytes again. */
  needBytes: obj({ id, needBytes: shaped<true>((x) => x === true, 'true') }),
  /** The thread has loaded SQLite (sent once, first): time limits start counting from here. */
  ready: obj({ ready: shaped<true>((x) => x === true, 'true') }),
};
export const queryResponse = either([responses.rows, responses.error, responses.needBytes, responses.ready], 'a query response (rows, error, needBytes or ready)');
export type QueryResponse = Infer<typeof queryResponse>;

// The schemas' types are the device layer's own SQL types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameValue: Same<Infer<typeof sqlValue>, SqlValue> = true;
const sameRow: Same<Extract<QueryResponse, { rows: unknown }>['rows'][number], SqlRow> = true;
void sameValue; void sameRow;

export const checkQueryRequest = (m: unknown): QueryRequest => parse(queryRequest, m, 'queryRequest');
export function checkQueryResponse(m: unknown): QueryResponse {
  const key = m && typeof m === 'object' ? (['rows', 'needBytes', 'error', 'ready'] as const).find((k) => k in m) : undefined;
  return parse(key ? responses[key] : queryResponse, m, 'queryResponse');
}
