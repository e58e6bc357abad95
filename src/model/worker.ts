// The model worker thread: loads the folder once (from workerData), then serves generate
// requests one at a time, streaming text as it is decoded. Everything it receives is
// checked; everything it sends is declared in worker-protocol.ts. A crash here ends only
// this thread — the host restarts it and fails the step in flight.
import { parentPort, workerData } from 'node:worker_threads';
import { ModelFolderError } from './folder';
import { ImageDecodeError } from './preprocess';
import { ModelEngine, PromptTooLongError } from './engine';
import { TextBatcher } from './text-batcher';
import { KILL_PENDING, NATIVE_CALLS, checkLoadOptions, checkToWorker, type FromWorker, type MemoryReport, type ToWorker, type WorkerData, type WorkerErrorKind } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('the model worker must run in a worker thread');
const data = workerData as WorkerData;

const send = (m: FromWorker): void => port.postMessage(m);
const memory = (): MemoryReport => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
};

function kindOf(e: unknown): WorkerErrorKind {
  if (e instanceof ModelFolderError) return 'folder';
  if (e instanceof ImageDecodeError) return 'image';
  if (e instanceof PromptTooLongError) return 'prompt-too-long';
  return 'generate';
}
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const control = new Int32Array(data.control);

/** Once the host has decided to terminate this thread, stay in plain JS where terminating is safe. */
function parkIfKilled(): void {
  while (Atomics.load(control, KILL_PENDING)) {}
}

async function guardNative<T>(call: () => Promise<T>): Promise<T> {
  parkIfKilled();
  Atomics.add(control, NATIVE_CALLS, 1);
  try {
    return await call();
  } finally {
    Atomics.sub(control, NATIVE_CALLS, 1);
    parkIfKilled();
  }
}

/**
 * transformers.js creates its sessions in parallel; when one fails the others are still being
 * created natively. Counting every session creation (same module instance the library uses)
 * keeps the host from terminating the thread under them.
 */
function guardSessionCreation(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ort = require('onnxruntime-node') as { InferenceSession: { create: (...args: unknown[]) => Promise<unknown> } };
  const create = ort.InferenceSession.create.bind(ort.InferenceSession);
  ort.InferenceSession.create = (...args: unknown[]) => guardNative(() => create(...args));
}

let engine: ModelEngine | undefined;
const cancelled = new Set<number>();
let queue: Promise<void> = Promise.resolve();

async function generate(m: Extract<ToWorker, { type: 'generate' }>): Promise<void> {
  if (!engine) return;
  if (cancelled.delete(m.id)) {
    send({ type: 'failed', id: m.id, error: 'cancelled before it started', kind: 'generate' });
    return;
  }
  // A report as the step starts, then every 500 ms: a step that begins over the host's memory
  // limit is stopped even when it would finish before the first tick.
  send({ type: 'memory', memory: memory() });
  const ticker = setInterval(() => send({ type: 'memory', memory: memory() }), 500);
  const text = new TextBatcher((delta) => send({ type: 'text', id: m.id, delta }));
  try {
    const r = await engine.generate({
      messages: m.messages as never,
      image: m.image,
      maxNewTokens: m.maxNewTokens,
      stopAtToolCall: m.stopAtToolCall,
      onText: (delta) => text.push(delta),
      cancelled: () => cancelled.has(m.id),
    });
    text.flush();
    send({ type: 'done', id: m.id, ...r, memory: memory() });
  } catch (e) {
    text.flush();
    send({ type: 'failed', id: m.id, error: messageOf(e), kind: kindOf(e) });
  } finally {
    clearInterval(ticker);
    cancelled.delete(m.id);
  }
}

function fault(how: 'exit' | 'throw' | 'hang'): void {
  if (!data.allowTestFaults) return;
  if (how === 'exit') process.exit(3);
  if (how === 'throw') setImmediate(() => { throw new Error('injected worker fault'); });
  if (how === 'hang') { const until = Date.now() + 3_600_000; while (Date.now() < until) { /* spin: a runaway model */ } }
}

async function main(): Promise<void> {
  try {
    const load = checkLoadOptions(data.load);
    guardSessionCreation();
    engine = await guardNative(() => ModelEngine.load({ ...load, guardNative }));
    send({ type: 'loaded', dtype: engine.folder.dtype, modelType: engine.folder.modelType, contextLength: engine.folder.contextLength, maxPixels: engine.vision.maxPixels, loadMs: engine.loadMs, memory: memory() });
  } catch (e) {
    send({ type: 'loadFailed', error: messageOf(e), kind: e instanceof ModelFolderError ? 'folder' : 'load' });
    return;
  }
  port!.on('message', (raw: unknown) => {
    let m: ToWorker;
    try {
      m = checkToWorker(raw);
    } catch (e) {
      const id = (raw as { id?: unknown })?.id;
      send({ type: 'failed', id: typeof id === 'number' && Number.isInteger(id) && id >= 0 ? id : 0, error: `invalid message to the model worker: ${messageOf(e)}`, kind: 'protocol' });
      return;
    }
    if (m.type === 'cancel') { cancelled.add(m.id); return; }
    if (m.type === 'fault') { fault(m.how); return; }
    // Requests run one after another: one model, one decode loop.
    queue = queue.then(() => generate(m));
  });
}

void main();
