// Worker thread entry for `phonebuddy run --parallel N` on mock phones: one mock phone and one
// policy per thread, tasks by instance id from the parent, one result message per task.
import { parentPort, workerData } from 'node:worker_threads';
import type { TaskInstance } from '../task/runnable';
import { createPolicy } from '../agent/policies';
import { failedRecord, mockPool, runOne } from '../agent/runner/run-suite';
import { checkToWorker, checkWorkerInit, type FromWorker } from '../agent/runner/thread-messages';
import { mockPhoneForTask } from './phones';
import { loadMockTasks } from './tasks';
import { mockParamData } from './param-data';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('thread-worker must run in a worker thread');
  const send = (m: FromWorker): void => port.postMessage(m);
  // A message that fails its check is fatal: the parent names it and stops this thread.
  const checkedOrFatal = <T>(check: (raw: unknown) => T, raw: unknown): T | undefined => {
    try {
      return check(raw);
    } catch (e) {
      send({ type: 'fatal', message: (e as Error).message });
      return undefined;
    }
  };
  const init = checkedOrFatal(checkWorkerInit, workerData);
  if (!init) return;
  const { instances } = await loadMockTasks(init.paths, { seed: init.seed, sample: init.sample, paramData: mockParamData(init.appsDir), appsDir: init.appsDir });
  const byId = new Map<string, TaskInstance>(instances.map((t) => [t.instanceId, t]));
  const pool = mockPool(1, (_slot, locale) => mockPhoneForTask({ seed: init.seed, locale }, { serial: `mock-run-${init.slot + 1}`, appsDir: init.appsDir }));
  const policy = createPolicy(init.policy, { model: init.model, timeoutMs: init.timeoutMs, local: { maxPixels: init.maxPixels } });
  let queue = Promise.resolve();
  // Ctrl-C in the parent: the task in flight ends as 'aborted' (the parent sends no more).
  const interrupt = new AbortController();
  port.on('message', (raw: unknown) => {
    const msg = checkedOrFatal(checkToWorker, raw);
    if (!msg) return;
    if (msg.type === 'abort') {
      interrupt.abort(new Error('interrupted'));
      return;
    }
    if (msg.type === 'stop') {
      queue = queue.then(async () => { await policy.close?.(); await pool.close(); port.close(); });
      return;
    }
    const id = msg.instanceId;
    queue = queue.then(async () => {
      const task = byId.get(id);
      if (!task) {
        send({ type: 'result', record: failedRecord({ instanceId: id, taskId: id, goal: '', family: 'custom', tags: [] } as unknown as TaskInstance, `worker has no task '${id}' (task files changed during the run?)`, `mock:thread-${init.slot + 1}`, policy.name) });
        return;
      }
      let deviceId = `mock:thread-${init.slot + 1}`;
      try {
        const device = await pool.acquire(0, task);
        deviceId = device.id;
        const record = await runOne(task, device, policy, pool, {
          maxSteps: init.maxSteps, maxConsecutiveErrors: init.maxConsecutiveErrors, signal: interrupt.signal,
          episode: { observe: { screenshot: init.screenshots }, settleMs: init.settleMs, actuation: init.actuation },
          ...(init.recordDir ? { record: { root: init.recordDir, model: init.model, onError: (e: Error, f?: string) => process.stderr.write(`recording stopped${f ? ` for ${f}` : ''}: ${e.message}\n`) } } : {}),
          onEvent: (e) => { if (e.type === 'step-started') send({ type: 'step', instanceId: id, step: e.step }); },
        });
        // Phone ids count per thread; name the thread so records from different threads differ.
        send({ type: 'result', record: { ...record, device: `${record.device}@thread-${init.slot + 1}` } });
      } catch (e) {
        send({ type: 'result', record: failedRecord(task, `runner: ${(e as Error).message}`, deviceId, policy.name) });
      }
    });
  });
  send({ type: 'ready', count: instances.length });
}

main().catch((e: unknown) => parentPort?.postMessage({ type: 'fatal', message: e instanceof Error ? e.message : String(e) } satisfies FromWorker));
