// Worker threads for mock phones: real workers (through the tsx bootstrap), real task files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadMockTasks as loadTasks } from '../../studio/tasks';
import { mockThreadExecutor as threadExecutor } from '../../studio/run-threads';
import { runSuite } from './run-suite';
import { checkFromWorker, checkToWorker } from './thread-messages';

const FILE = path.join(__dirname, '..', 'testing', 'notes-write.task.yaml');

test('two worker threads run the tasks and stream step events', async () => {
  const { instances } = await loadTasks([FILE], { seed: 0 });
  const steps: string[] = [];
  const r = await runSuite({
    instances, outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pb-thr-')),
    executor: threadExecutor(2, { paths: [FILE], seed: 0, policy: 'solution', screenshots: false }, (id) => steps.push(id)),
  });
  assert.equal(r.summary.success, instances.length, JSON.stringify(r.records.map((x) => x.error)));
  assert.ok(steps.length >= instances.length * 3);
  assert.equal(new Set(r.records.map((x) => x.device)).size, 2, 'one phone per thread');
});

test('a worker that cannot start fails its tasks with the reason; the runner goes on', async () => {
  const { instances } = await loadTasks([FILE], { seed: 0 });
  const r = await runSuite({
    instances: instances.slice(0, 2), outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pb-thr-')),
    executor: threadExecutor(1, { paths: [FILE], seed: 0, policy: 'bogus-policy', screenshots: false }),
  });
  assert.equal(r.records.length, 2);
  for (const rec of r.records) assert.match(rec.error ?? '', /unknown policy 'bogus-policy'/);
});

test('messages are checked on receipt', () => {
  assert.throws(() => checkToWorker({ type: 'run' }), /invalid message to worker/);
  assert.throws(() => checkFromWorker({ type: 'result', record: { task: 1 } }), /invalid message from worker/);
  assert.deepEqual(checkToWorker({ type: 'stop' }), { type: 'stop' });
});
