import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkFromExportWorker, checkToExportWorker } from './worker-protocol';

test('export worker messages: valid ones pass, wrong ones name the field', () => {
  const job = { inputs: ['/tmp/runs/a'], format: 'llamafactory', outDir: '/tmp/out', validate: true };
  assert.deepEqual(checkToExportWorker({ type: 'start', job }), { type: 'start', job });
  assert.deepEqual(checkToExportWorker({ type: 'cancel' }), { type: 'cancel' });
  assert.throws(() => checkToExportWorker({ type: 'start', job: { ...job, format: 'sharegpt' } }), /to export worker\.job\.format: expected one of phonebuddy, llamafactory, swift/);
  assert.throws(() => checkToExportWorker({ type: 'start', job: { ...job, split: 2 } }), /job\.split: 2 is above the maximum 1/);
  assert.throws(() => checkToExportWorker({ type: 'start', job: { ...job, shell: 'rm -rf /' } }), /job\.shell: unexpected field/);
  assert.throws(() => checkToExportWorker({ type: 'run' }), /expected one of start, cancel/);
  assert.deepEqual(checkFromExportWorker({ type: 'progress', phase: 'export', done: 1, total: 3, folder: '/x' }).type, 'progress');
  assert.throws(() => checkFromExportWorker({ type: 'progress', phase: 'export', done: -1, total: 3, folder: '/x' }), /from export worker\.done: -1 is below the minimum 0/);
  assert.throws(() => checkFromExportWorker({ type: 'done', stats: 'all good' }), /stats: expected export stats/);
  assert.throws(() => checkFromExportWorker(null), /expected an object/);
});
