// Runs an export on a worker thread (worker.ts) and resolves with its stats and validation.
// The caller gives the worker script (the extension: dist/export-worker.js); cancelling the
// signal asks the worker to stop between episodes, and a worker that dies is an error naming it.
import { Worker } from 'node:worker_threads';
import type { ExportStats } from './export';
import type { ValidationReport } from './validate-export';
import { checkFromExportWorker, type ExportJob, type FromExportWorker, type ToExportWorker } from './worker-protocol';

export interface WorkerExportResult {
  stats: ExportStats;
  validation?: ValidationReport;
  warnings: string[];
}

export interface WorkerExportCallbacks {
  onProgress?: (p: Extract<FromExportWorker, { type: 'progress' }>) => void;
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
  /** Extra worker options (tests run the TypeScript entry through tsx). */
  execArgv?: string[];
}

export function exportInWorker(script: string, job: ExportJob, cb: WorkerExportCallbacks = {}): Promise<WorkerExportResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { ...(cb.execArgv ? { execArgv: cb.execArgv } : {}) });
    const warnings: string[] = [];
    let settled = false;
    const finish = (f: () => void): void => {
      if (settled) return;
      settled = true;
      cb.signal?.removeEventListener('abort', onAbort);
      f();
      void worker.terminate();
    };
    const onAbort = (): void => worker.postMessage({ type: 'cancel' } satisfies ToExportWorker);
    cb.signal?.addEventListener('abort', onAbort);
    worker.on('message', (raw: unknown) => {
      let m: FromExportWorker;
      try {
        m = checkFromExportWorker(raw);
      } catch (e) {
        finish(() => reject(new Error(`the export worker sent an invalid message: ${e instanceof Error ? e.message : String(e)}`)));
        return;
      }
      switch (m.type) {
        case 'progress': cb.onProgress?.(m); break;
        case 'warning': warnings.push(m.message); cb.onWarning?.(m.message); break;
        case 'done': finish(() => resolve({ stats: m.stats, ...(m.validation ? { validation: m.validation } : {}), warnings })); break;
        case 'failed': finish(() => reject(new Error(m.error))); break;
        default: break;
      }
    });
    worker.on('error', (e) => finish(() => reject(new Error(`the export worker failed: ${e.message}`))));
    worker.on('exit', (code) => finish(() => reject(new Error(`the export worker exited (code ${code}) before it finished`))));
    worker.postMessage({ type: 'start', job } satisfies ToExportWorker);
    if (cb.signal?.aborted) onAbort();
  });
}
