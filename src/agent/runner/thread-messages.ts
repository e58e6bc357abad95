// Messages between the runner and its worker threads, declared once and checked on receipt.
// A worker loads the same task files itself (task instances hold functions, which cannot cross
// threads), owns one mock phone, and runs the tasks it is sent by instance id.
import type { ResultRecord } from './results';

export interface WorkerInit {
  paths: string[];
  seed: number;
  sample?: number;
  policy: string;
  model?: string;
  timeoutMs?: number;
  /** local:<dir> screenshot pixel cap (each thread loads its own copy of the model). */
  maxPixels?: number;
  maxSteps?: number;
  maxConsecutiveErrors?: number;
  screenshots: boolean;
  settleMs?: number;
  actuation?: 'phonebuddy' | 'androidworld';
  slot: number;
  /** Record each episode into a folder under this directory. */
  recordDir?: string;
}

export type ToWorker =
  | { type: 'run'; instanceId: string }
  /** Ctrl-C: cut the episode in flight short (its record comes back as 'aborted'). */
  | { type: 'abort' }
  | { type: 'stop' };

export type FromWorker =
  | { type: 'ready'; count: number }
  | { type: 'step'; instanceId: string; step: number }
  | { type: 'result'; record: ResultRecord }
  | { type: 'fatal'; message: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkWorkerInit(v: unknown): WorkerInit {
  if (!isObj(v) || !Array.isArray(v.paths) || !v.paths.every((p) => typeof p === 'string') || typeof v.seed !== 'number'
    || typeof v.policy !== 'string' || typeof v.screenshots !== 'boolean' || typeof v.slot !== 'number') {
    throw new Error(`invalid worker init data: ${JSON.stringify(v).slice(0, 200)}`);
  }
  if (v.maxPixels !== undefined && (typeof v.maxPixels !== 'number' || !Number.isInteger(v.maxPixels))) throw new Error('invalid worker init data: maxPixels must be an integer');
  return v as unknown as WorkerInit;
}

export function checkToWorker(v: unknown): ToWorker {
  if (isObj(v) && v.type === 'run' && typeof v.instanceId === 'string') return { type: 'run', instanceId: v.instanceId };
  if (isObj(v) && v.type === 'stop') return { type: 'stop' };
  if (isObj(v) && v.type === 'abort') return { type: 'abort' };
  throw new Error(`invalid message to worker: ${JSON.stringify(v).slice(0, 200)}`);
}

export function checkFromWorker(v: unknown): FromWorker {
  if (isObj(v)) {
    if (v.type === 'ready' && typeof v.count === 'number') return v as FromWorker;
    if (v.type === 'step' && typeof v.instanceId === 'string' && typeof v.step === 'number') return v as FromWorker;
    if (v.type === 'result' && isObj(v.record) && typeof v.record.task === 'string' && Array.isArray(v.record.trajectory)) return v as unknown as FromWorker;
    if (v.type === 'fatal' && typeof v.message === 'string') return v as FromWorker;
  }
  throw new Error(`invalid message from worker: ${JSON.stringify(v).slice(0, 200)}`);
}
