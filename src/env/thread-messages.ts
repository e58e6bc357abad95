// Messages between the environment server and its session threads, declared once as schemas and
// checked on receipt (src/protocol/validate.ts). A thread loads the task folders itself (task
// instances hold functions, which cannot cross threads) and holds several sessions, each on its
// own phone; the server sends a session's calls by id and forwards the replies, which the thread
// has already written as UTF-8 JSON (the server does no JSON work on observations, and the
// bytes move between threads without a copy).
import { anything, arr, bool, bytes, num, obj, oneOf, optional, threadChecks, record, str, tagged, type Infer } from '../protocol/validate';

const count = num({ min: 0, int: true });
const sessionId = str({ min: 1, max: 64 });
const codes = ['INVALID_JSON', 'UNKNOWN_TYPE', 'VALIDATION_ERROR', 'EXECUTION_ERROR', 'CAPACITY_REACHED', 'FACTORY_ERROR', 'SESSION_ERROR'] as const;

export const envThreadInit = obj({
  paths: arr(str({ max: 4096 })),
  seed: num({ int: true, min: 0 }),
  trapPenalty: num(),
  maxConsecutiveErrors: optional(num()),
  trusted: optional(bool),
  /** The workspace's app files (its apps beside the built-ins), loaded by the thread itself. */
  appsDir: optional(str({ max: 4096 })),
  /** The thread's number (1-based), named in errors and the session list. */
  index: count,
});
export type EnvThreadInit = Infer<typeof envThreadInit>;

/** A call on one session; a session a reset or fork names that the thread does not hold yet is created. */
/** Buffers of replies the server has sent, handed back (transferred) for the thread's next replies (wire-json.ts ReplyPool). */
const spare = optional(arr(bytes, { max: 8 }));

export const toEnvThread = tagged('type', {
  reset: { id: count, session: sessionId, data: anything, spare },
  step: { id: count, session: sessionId, data: anything, spare },
  /** Clone `session` at its step into `child` (a new session on this same thread); `episode_id`: the child's (a rebuild keeps it). */
  fork: { id: count, session: sessionId, child: sessionId, episode_id: optional(str({ min: 1, max: 255 })), spare },
  /** The session's screen as PNG (the read-only mirror). */
  screenshot: { id: count, session: sessionId, format: oneOf(['png', 'jpeg'] as const), quality: optional(num({ int: true, min: 1, max: 100 })) },
  /** The session's UI tree (uiautomator XML, in `json` as UTF-8 text) for the mirror's inspector. */
  ui: { id: count, session: sessionId },
  close: { id: count, session: sessionId },
  stop: {},
});
export type ToEnvThread = Infer<typeof toEnvThread>;

export const fromEnvThread = tagged('type', {
  ready: { tasks: count },
  /** `json`: the StepReply as UTF-8 JSON (transferred, not copied); `state`: the session's state after the call (the server answers `state` from it). */
  reply: { id: count, json: optional(bytes), state: optional(record(anything)), image: optional(bytes) },
  failed: { id: count, code: oneOf(codes), message: str({ max: 1_000_000 }), state: optional(record(anything)) },
  fatal: { message: str({ max: 1_000_000 }) },
});
export type FromEnvThread = Infer<typeof fromEnvThread>;

const checks = threadChecks('session thread', { init: envThreadInit, to: toEnvThread, from: fromEnvThread });
export const { init: checkEnvThreadInit, to: checkToEnvThread, from: checkFromEnvThread } = checks;
