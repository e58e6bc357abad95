// Messages between the runner and its worker threads, declared once as schemas and checked on
// receipt (src/protocol/validate.ts). A worker loads the same task files itself (task
// instances hold functions, which cannot cross threads), owns one mock phone, and runs the
// tasks it is sent by instance id.
import { arr, bool, num, obj, oneOf, optional, threadChecks, str, tagged, type Infer } from '../../protocol/validate';
import { resultRecord } from './results';

const path = str({ max: 4096 });
const count = num({ min: 0, int: true });

export const workerInit = obj({
  paths: arr(path),
  seed: num(),
  sample: optional(num()),
  policy: str({ max: 4096 }),
  model: optional(str({ max: 4096 })),
  timeoutMs: optional(num({ min: 0 })),
  /** local:<dir> screenshot pixel cap (each thread loads its own copy of the model). */
  maxPixels: optional(num({ int: true })),
  maxSteps: optional(num()),
  maxConsecutiveErrors: optional(num()),
  screenshots: bool,
  settleMs: optional(num({ min: 0 })),
  actuation: optional(oneOf(['phonebuddy', 'androidworld'] as const)),
  slot: count,
  /** Record each episode into a folder under this directory. */
  recordDir: optional(path),
  /** The workspace's app files (its apps beside the built-ins), loaded by the thread itself. */
  appsDir: optional(path),
});
export type WorkerInit = Infer<typeof workerInit>;

export const toWorker = tagged('type', {
  run: { instanceId: str({ max: 4096 }) },
  /** Ctrl-C: cut the episode in flight short (its record comes back as 'aborted'). */
  abort: {},
  stop: {},
});
export type ToWorker = Infer<typeof toWorker>;

export const fromWorker = tagged('type', {
  ready: { count },
  step: { instanceId: str({ max: 4096 }), step: count },
  result: { record: resultRecord },
  fatal: { message: str({ max: 1_000_000 }) },
});
export type FromWorker = Infer<typeof fromWorker>;

const checks = threadChecks('worker', { init: workerInit, to: toWorker, from: fromWorker });
export const { init: checkWorkerInit, to: checkToWorker, from: checkFromWorker } = checks;
