// The messages between a recording's writer (thread-fs.ts) and its sync threads (worker.ts),
// declared once as schemas of the shared kit (src/protocol/validate.ts). The host checks every
// response with them; the thread (plain JavaScript, see worker.mjs) checks requests by hand
// against `syncRequest`, which messages.test.ts keeps in step with it.
import { bytes, either, num, obj, oneOf, optional, parse, str, type Infer } from '../../protocol/validate';

const id = num({ min: 0, int: true });

export const syncRequest = obj({
  id,
  /** A descriptor the host opened (process-wide, so valid on the thread); the host closes it after the answer. */
  fd: num({ min: 0, int: true }),
  /**
   * Bytes to write at the descriptor's position first (a file's content, a step's line): a
   * view at the start of a buffer the host transferred, which the thread transfers back.
   */
  data: optional(bytes),
  /** `data`: fdatasync (file content); `full`: fsync (a folder's new entries). */
  sync: oneOf(['data', 'full'] as const),
});
export type SyncRequest = Infer<typeof syncRequest>;

const responses = {
  /** `buffer`: the request's buffer, given back for the next request (no allocation per step). */
  done: obj({ id, buffer: optional(bytes) }),
  /** A failed system call: its message and errno code (ENOSPC → "disk full" on the host side). */
  error: obj({ id, error: str({ max: 100_000 }), code: optional(str({ max: 64 })) }),
};
export const syncResponse = either([responses.done, responses.error], 'a sync response (done or error)');
export type SyncResponse = Infer<typeof syncResponse>;

export const checkSyncRequest = (m: unknown): SyncRequest => parse(syncRequest, m, 'syncRequest');
export function checkSyncResponse(m: unknown): SyncResponse {
  const error = m !== null && typeof m === 'object' && 'error' in m;
  return parse(error ? responses.error : syncResponse, m, 'syncResponse');
}
