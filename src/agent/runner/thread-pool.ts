// Runs tasks on mock phones in worker threads (one phone per thread), so N episodes really use
// N cores. Each worker is started lazily, loads the task files itself and answers one result
// per task; a worker that dies fails only its task in flight and is replaced.
import { Worker } from 'node:worker_threads';
import type { TaskInstance } from '../../task/runnable';
import type { EpisodeEvent } from '../events';
import { failedRecord, type TaskExecutor } from './run-suite';
import type { ResultRecord } from './results';
import { checkFromWorker, type WorkerInit } from './thread-messages';

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  pending?: { id: string; resolve: (r: ResultRecord) => void; task: TaskInstance };
  dead?: string;
}

/** `script` is the worker entry: the composition root's (src/studio/run-worker.ts), which makes the phones. */
export function threadExecutor(script: string, slots: number, init: Omit<WorkerInit, 'slot'>, onStep?: (instanceId: string, e: EpisodeEvent) => void): TaskExecutor {
  const live = new Map<number, Slot>();
  const start = (slot: number): Slot => {
    const worker = new Worker(script, { workerData: { ...init, slot } satisfies WorkerInit });
    const s: Slot = { worker, ready: Promise.resolve() };
    s.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (raw: unknown) => {
        let m;
        try {
          m = checkFromWorker(raw);
        } catch (e) {
          void worker.terminate();
          die(`sent an invalid message: ${(e as Error).message}`);
          return;
        }
        if (m.type === 'ready') resolve();
        else if (m.type === 'step') onStep?.(m.instanceId, { type: 'step-started', episodeId: m.instanceId, step: m.step });
        else if (m.type === 'result' && s.pending) {
          const p = s.pending;
          s.pending = undefined;
          p.resolve(m.record);
        } else if (m.type === 'fatal') {
          s.dead = m.message;
          reject(new Error(m.message));
        }
      });
      function die(why: string): void {
        s.dead ??= why;
        reject(new Error(why));
        if (s.pending) {
          const p = s.pending;
          s.pending = undefined;
          p.resolve(failedRecord(p.task, `worker thread died: ${s.dead}`, `mock:thread-${slot + 1}`, init.policy));
        }
        live.delete(slot);
      }
      worker.on('error', (e) => die(e.message));
      worker.on('exit', (code) => die(`exited with code ${code}`));
    });
    s.ready.catch(() => undefined);
    live.set(slot, s);
    return s;
  };
  return {
    slots, label: 'mock (threads)',
    async run(task, slot, signal) {
      const s = live.get(slot) ?? start(slot);
      await s.ready;
      const onAbort = (): void => s.worker.postMessage({ type: 'abort' });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await new Promise<ResultRecord>((resolve) => {
          s.pending = { id: task.instanceId, resolve, task };
          s.worker.postMessage({ type: 'run', instanceId: task.instanceId });
          if (signal?.aborted) onAbort();
        });
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    async close() {
      await Promise.all([...live.values()].filter((s) => !s.dead).map(async (s) => {
        s.worker.postMessage({ type: 'stop' });
        const t = setTimeout(() => void s.worker.terminate(), 10_000);
        await new Promise<void>((r) => s.worker.once('exit', () => r()));
        clearTimeout(t);
      }));
    },
  };
}
