// Every message between the host (extension host or CLI) and the model worker, declared once
// and checked on receipt on both sides. The screenshot travels as bytes in a transferred
// buffer, never as a base64 data URL. (Schemas: the shared valibot kit of src/protocol.)
import { arr, bool, bytes, either, num, obj, oneOf, optional, parse, str, tagged, type Infer, ProtocolError } from '../protocol/validate';
import { DTYPES } from './layout';

/** Stands in for the screenshot's data URL in messages sent to the worker. */
export const SCREENSHOT_REF = 'phonebuddy:screenshot';

const part = tagged('type', {
  text: { text: str({ max: 1_000_000 }) },
  image_url: { image_url: obj({ url: str({ max: 1024 }) }) },
});
const longText = str({ max: 1_000_000 });
const message = obj({
  role: oneOf(['system', 'user', 'assistant'] as const),
  // A plain string, or the OpenAI-style list of parts (text, image reference).
  content: either([longText, arr(part, { max: 64 })], 'a string or an array of content parts'),
});

const memory = obj({ rss: num({ min: 0 }), heapUsed: num({ min: 0 }), external: num({ min: 0 }), arrayBuffers: num({ min: 0 }) });
export type MemoryReport = Infer<typeof memory>;

const timings = obj({
  preprocess: num({ min: 0 }), visionEncoder: num({ min: 0 }), prefill: num({ min: 0 }),
  decode: arr(num({ min: 0 }), { max: 1_000_000 }), firstToken: num({ min: 0 }), total: num({ min: 0 }),
});

export const loadOptions = obj({
  dir: str({ max: 4096 }),
  dtype: optional(oneOf(['auto', ...DTYPES] as const)),
  maxPixels: optional(num({ min: 1024, int: true })),
  threads: optional(num({ min: 1, max: 256, int: true })),
  preprocessor: optional(oneOf(['fast', 'library'] as const)),
});
export type WorkerLoadOptions = Infer<typeof loadOptions>;

export const toWorker = tagged('type', {
  generate: {
    id: num({ min: 0, int: true }),
    messages: arr(message, { max: 256 }),
    image: optional(bytes),
    maxNewTokens: optional(num({ min: 1, max: 1_000_000, int: true })),
    stopAtToolCall: optional(bool),
  },
  cancel: { id: num({ min: 0, int: true }) },
  /** Test hook, honoured only when the worker was started with allowTestFaults: crash or hang on purpose. */
  fault: { how: oneOf(['exit', 'throw', 'hang'] as const) },
});
export type ToWorker = Infer<typeof toWorker>;

const errorKind = oneOf(['folder', 'load', 'image', 'prompt-too-long', 'generate', 'protocol'] as const);
export type WorkerErrorKind = Infer<typeof errorKind>;

export const fromWorker = tagged('type', {
  loaded: {
    dtype: str({ max: 16 }), modelType: str({ max: 64 }), contextLength: num({ min: 1 }),
    maxPixels: num({ min: 1 }), loadMs: num({ min: 0 }), memory,
  },
  loadFailed: { error: str(), kind: errorKind },
  text: { id: num({ min: 0, int: true }), delta: str({ max: 1_000_000 }) },
  done: {
    id: num({ min: 0, int: true }),
    text: str({ max: 10_000_000 }),
    finishReason: oneOf(['stop', 'tool_call', 'length', 'cancelled'] as const),
    promptTokens: num({ min: 0, int: true }),
    completionTokens: num({ min: 0, int: true }),
    imageTokens: num({ min: 0, int: true }),
    image: optional(obj({ width: num({ min: 0 }), height: num({ min: 0 }), resizedWidth: num({ min: 0 }), resizedHeight: num({ min: 0 }) })),
    timings,
    memory,
  },
  failed: { id: num({ min: 0, int: true }), error: str(), kind: errorKind },
  memory: { memory },
});
export type FromWorker = Infer<typeof fromWorker>;
export type FromWorkerOf<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

export interface WorkerData {
  load: WorkerLoadOptions;
  allowTestFaults?: boolean;
  /**
   * Int32Array over a SharedArrayBuffer: [NATIVE_CALLS] native calls in flight in the worker,
   * [KILL_PENDING] set by the host before it terminates the worker. Terminating a worker while
   * onnxruntime-node has a run in flight aborts the whole process ("terminate called after
   * throwing an instance of 'Napi::Error'", measured), so the host waits for 0 in-flight calls,
   * and the worker parks in plain JS instead of starting a new one once a kill is pending.
   */
  control: SharedArrayBuffer;
}
export const NATIVE_CALLS = 0;
export const KILL_PENDING = 1;

export function checkToWorker(raw: unknown): ToWorker {
  return parse(toWorker, raw, 'toWorker');
}
export function checkFromWorker(raw: unknown): FromWorker {
  return parse(fromWorker, raw, 'fromWorker');
}
export function checkLoadOptions(raw: unknown): WorkerLoadOptions {
  return parse(loadOptions, raw, 'load');
}
export { ProtocolError };
