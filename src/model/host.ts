// The host side of the model worker: starts it (loading the model once), sends each step's
// messages with the screenshot as a transferred buffer, streams text back, cancels, and
// enforces limits. A worker that crashes, overruns the step time limit or the memory limit
// is terminated; the step fails with an error saying what happened, and the next request
// starts a fresh worker. Nothing here can throw into the caller's event loop.
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { ChatMessage } from '../protocol/messages';
import { KILL_PENDING, NATIVE_CALLS, SCREENSHOT_REF, checkFromWorker, type FromWorker, type FromWorkerOf, type MemoryReport, type WorkerData, type WorkerErrorKind, type WorkerLoadOptions } from './worker-protocol';
import { workerScript } from '../protocol/worker-script';

export interface ModelHostOptions extends WorkerLoadOptions {
  /** Requests allowed in flight at once; more wait in a queue. Default 1 (one model, one decode loop). */
  maxConcurrent?: number;
  /** Requests allowed to wait; beyond this a request fails at once. Default 64. */
  maxQueued?: number;
  /** One step's time limit, ms (default 300 000). */
  stepTimeoutMs?: number;
  /** Loading the model, ms (default 300 000). */
  loadTimeoutMs?: number;
  /** Worker JS heap limit (V8 old generation), MB. */
  maxHeapMb?: number;
  /** Limit on the process's resident memory while a step runs, MB (native ONNX memory counts here). */
  maxRssMb?: number;
  /** After cancel, how long to wait for the worker to stop on its own before terminating it. Default 5 000. */
  cancelGraceMs?: number;
  /** Tests only: let the worker obey fault-injection messages. */
  allowTestFaults?: boolean;
}

export interface HostGenerateRequest {
  messages: readonly ChatMessage[];
  image?: Uint8Array;
  maxNewTokens?: number;
  stopAtToolCall?: boolean;
  onText?: (delta: string) => void;
  signal?: AbortSignal;
}

export type HostGenerateResult = Omit<FromWorkerOf<'done'>, 'type' | 'id' | 'memory'>;
export type ModelInfo = Omit<FromWorkerOf<'loaded'>, 'type' | 'memory'>;

/** A step that failed in the model: `kind` says why (crash, timeout, memory, bad input…). */
export class ModelStepError extends Error {
  constructor(message: string, readonly kind: WorkerErrorKind | 'crash' | 'timeout' | 'memory' | 'queue-full' | 'closed') {
    super(message);
  }
}

/** The worker script: the tsx bootstrap when running from sources, the bundle beside dist/*.js otherwise. */
export function modelWorkerScript(): string {
  return workerScript(__filename, 'worker-dev.mjs', 'model-worker.js');
}

interface Pending {
  id: number;
  req: HostGenerateRequest;
  resolve: (r: HostGenerateResult) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
  graceTimer?: NodeJS.Timeout;
  rssAtStart: number;
}

interface Live {
  worker: Worker;
  control: Int32Array;
  ready: Promise<ModelInfo>;
  info?: ModelInfo;
  /** Why it is being torn down (set before terminate so the exit handler reports it). */
  dying?: { message: string; kind: ModelStepError['kind'] };
}

export interface ModelHostEvents {
  loaded: [ModelInfo];
  restart: [{ reason: string; restarts: number }];
  memory: [MemoryReport];
}

export class ModelHost extends EventEmitter<ModelHostEvents> {
  private live?: Live;
  private readonly pending = new Map<number, Pending>();
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private inFlight = 0;
  private closed = false;
  restarts = 0;
  lastMemory?: MemoryReport;

  constructor(readonly options: ModelHostOptions) {
    super();
  }

  /** Starts the worker and loads the model (also done by the first request). */
  load(): Promise<ModelInfo> {
    return this.ensure().ready;
  }

  get info(): ModelInfo | undefined {
    return this.live?.info;
  }

  private ensure(): Live {
    if (this.closed) throw new ModelStepError('the model host is closed', 'closed');
    if (this.live) return this.live;
    const { maxConcurrent: _a, maxQueued: _b, stepTimeoutMs: _c, loadTimeoutMs: _d, maxHeapMb, maxRssMb: _e, cancelGraceMs: _f, allowTestFaults, ...load } = this.options;
    const control = new SharedArrayBuffer(8);
    const data: WorkerData = { load, allowTestFaults, control };
    const worker = new Worker(modelWorkerScript(), {
      workerData: data,
      ...(maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } } : {}),
    });
    const live: Live = { worker, control: new Int32Array(control), ready: Promise.resolve() as unknown as Promise<ModelInfo> };
    live.ready = new Promise<ModelInfo>((resolve, reject) => {
      const loadTimer = setTimeout(() => this.kill(live, `loading ${load.dir} took longer than ${this.options.loadTimeoutMs ?? 300_000} ms`, 'timeout'), this.options.loadTimeoutMs ?? 300_000);
      loadTimer.unref();
      worker.on('message', (raw: unknown) => {
        let m: FromWorker;
        try {
          m = checkFromWorker(raw);
        } catch (e) {
          this.kill(live, `the model worker sent an invalid message (${(e as Error).message})`, 'protocol');
          return;
        }
        if (m.type === 'loaded') {
          clearTimeout(loadTimer);
          if (this.pending.size === 0) worker.unref(); // an idle model keeps no process alive
          const { type: _t, memory, ...info } = m;
          live.info = info;
          this.noteMemory(memory);
          this.emit('loaded', info);
          resolve(info);
        } else if (m.type === 'loadFailed') {
          clearTimeout(loadTimer);
          live.dying = { message: m.error, kind: m.kind };
          reject(new ModelStepError(m.error, m.kind));
          void safeTerminate(live);
        } else {
          this.onMessage(live, m);
        }
      });
      worker.on('error', (e) => {
        const oom = (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
        live.dying ??= oom
          ? { message: `the model worker ran out of memory (heap limit ${maxHeapMb} MB)`, kind: 'memory' }
          : { message: `the model worker crashed: ${e.message}`, kind: 'crash' };
      });
      worker.on('exit', (code) => {
        clearTimeout(loadTimer);
        const why = live.dying ?? { message: `the model worker exited unexpectedly (code ${code})`, kind: 'crash' as const };
        if (this.live === live) {
          this.live = undefined;
          if (why.kind === 'crash' || why.kind === 'memory') {
            this.restarts++;
            this.emit('restart', { reason: why.message, restarts: this.restarts });
          }
        }
        reject(new ModelStepError(why.message, why.kind));
        this.failAll(why.message, why.kind);
      });
    });
    live.ready.catch(() => undefined);
    this.live = live;
    return live;
  }

  private noteMemory(m: MemoryReport): void {
    this.lastMemory = m;
    this.emit('memory', m);
    const limit = this.options.maxRssMb;
    if (!limit || !this.live) return;
    for (const p of this.pending.values()) {
      const grown = (m.rss - p.rssAtStart) / 1048576;
      if (m.rss / 1048576 > limit) {
        this.kill(this.live, `the model used ${Math.round(m.rss / 1048576)} MB of memory (limit ${limit} MB; grew ${Math.round(grown)} MB in this step): lower phonebuddy.model.maxPixels or use a smaller dtype`, 'memory');
        return;
      }
    }
  }

  private onMessage(live: Live, m: FromWorker): void {
    // A worker being terminated (over a limit, timed out) settles nothing: its exit fails the
    // steps in flight with the reason, even if a result was already on its way.
    if (live.dying) return;
    if (m.type === 'memory') { this.noteMemory(m.memory); return; }
    if (m.type === 'loaded' || m.type === 'loadFailed') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'text') {
      try { p.req.onText?.(m.delta); } catch { /* a listener's bug must not break the step */ }
      return;
    }
    this.settle(p);
    if (m.type === 'done') {
      const { type: _t, id: _i, memory, ...result } = m;
      this.noteMemory(memory);
      if (result.finishReason === 'cancelled') p.reject(abortError(p.req.signal));
      else p.resolve(result);
    } else {
      p.reject(new ModelStepError(m.error, m.kind));
    }
  }

  private settle(p: Pending): void {
    clearTimeout(p.timer);
    clearTimeout(p.graceTimer);
    this.pending.delete(p.id);
    if (this.pending.size === 0) this.live?.worker.unref();
    this.inFlight--;
    this.waiting.shift()?.();
  }

  private failAll(message: string, kind: ModelStepError['kind']): void {
    for (const p of [...this.pending.values()]) {
      this.settle(p);
      p.reject(p.req.signal?.aborted ? abortError(p.req.signal) : new ModelStepError(`${message}; the worker will be restarted for the next step`, kind));
    }
  }

  /** Terminates a worker (crash, timeout, memory): its steps fail, the next request restarts it. */
  private kill(live: Live, message: string, kind: ModelStepError['kind']): void {
    if (live.dying && live.dying.kind !== 'crash') return;
    live.dying = { message, kind };
    if (this.live === live) {
      this.live = undefined;
      this.restarts++;
      this.emit('restart', { reason: message, restarts: this.restarts });
    }
    void safeTerminate(live);
  }

  /** One generation. Rejects with ModelStepError (or the signal's AbortError when cancelled). */
  async generate(req: HostGenerateRequest): Promise<HostGenerateResult> {
    if (req.signal?.aborted) throw abortError(req.signal);
    const limit = Math.max(1, this.options.maxConcurrent ?? 1);
    if (this.inFlight >= limit) {
      if (this.waiting.length >= (this.options.maxQueued ?? 64)) throw new ModelStepError(`the local model is busy (${this.inFlight} running, ${this.waiting.length} waiting)`, 'queue-full');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.inFlight++;
    let live: Live;
    try {
      live = this.ensure();
      await live.ready;
    } catch (e) {
      this.inFlight--;
      this.waiting.shift()?.();
      throw e instanceof ModelStepError ? e : new ModelStepError((e as Error).message, 'load');
    }
    if (req.signal?.aborted) { this.inFlight--; this.waiting.shift()?.(); throw abortError(req.signal); }
    const id = this.nextId++;
    return new Promise<HostGenerateResult>((resolve, reject) => {
      const p: Pending = { id, req, resolve, reject, rssAtStart: this.lastMemory?.rss ?? 0 };
      this.pending.set(id, p);
      const timeout = this.options.stepTimeoutMs ?? 300_000;
      p.timer = setTimeout(() => this.kill(live, `the model took longer than ${timeout} ms for one step (the step time limit)`, 'timeout'), timeout);
      p.timer.unref();
      const onAbort = (): void => {
        live.worker.postMessage({ type: 'cancel', id });
        // A worker stuck inside one long ONNX call cannot notice the flag: stop it the hard way.
        p.graceTimer = setTimeout(() => this.kill(live, 'the model did not stop after cancel', 'timeout'), this.options.cancelGraceMs ?? 5_000);
        p.graceTimer.unref();
      };
      req.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = (): void => req.signal?.removeEventListener('abort', onAbort);
      p.resolve = (r) => { cleanup(); resolve(r); };
      p.reject = (e) => { cleanup(); reject(e); };
      live.worker.ref();
      const { messages, image } = withoutInlineImage(req.messages, req.image);
      const buf = image ? new Uint8Array(image) : undefined; // own copy: its buffer is transferred
      live.worker.postMessage(
        { type: 'generate', id, messages, ...(buf ? { image: buf } : {}), maxNewTokens: req.maxNewTokens, stopAtToolCall: req.stopAtToolCall },
        buf ? [buf.buffer] : [],
      );
    });
  }

  /** Tests only: make the worker exit, throw or spin (needs allowTestFaults). */
  injectFault(how: 'exit' | 'throw' | 'hang'): void {
    this.live?.worker.postMessage({ type: 'fault', how });
  }

  async close(): Promise<void> {
    this.closed = true;
    const live = this.live;
    this.live = undefined;
    if (live) {
      live.dying = { message: 'the model host was closed', kind: 'closed' };
      await safeTerminate(live);
    }
  }
}

/**
 * Messages go to the worker with the image part's URL replaced by a reference; the bytes go
 * beside them. A data URL in the messages (an OpenAI-style request) is decoded into bytes.
 */
export function withoutInlineImage(messages: readonly ChatMessage[], image?: Uint8Array): { messages: ChatMessage[]; image?: Uint8Array } {
  let found = image;
  const out = messages.map((m) => {
    if (!Array.isArray(m.content)) return m;
    return {
      ...m,
      content: m.content.map((p) => {
        if (p.type !== 'image_url') return p;
        const url = p.image_url.url;
        if (!found && url.startsWith('data:')) {
          const comma = url.indexOf(',');
          found = new Uint8Array(Buffer.from(url.slice(comma + 1), /;base64$/.test(url.slice(0, comma)) ? 'base64' : 'utf8'));
        }
        return { type: 'image_url' as const, image_url: { url: SCREENSHOT_REF } };
      }),
    };
  }) as ChatMessage[];
  return { messages: out, image: found };
}

/**
 * Terminates a worker once no native call is in flight in it (see WorkerData.control): the
 * worker parks in JS before its next native call, so this waits at most for one ONNX run.
 */
async function safeTerminate(live: Live): Promise<void> {
  Atomics.store(live.control, KILL_PENDING, 1);
  while (Atomics.load(live.control, NATIVE_CALLS) > 0) await new Promise((r) => setTimeout(r, 5));
  await live.worker.terminate();
}

function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const e = new Error('the model step was cancelled');
  e.name = 'AbortError';
  return e;
}
