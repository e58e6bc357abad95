// Each failure cause from the record that shows it, and the rule order where two could apply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { causeOf, reasonPattern } from './causes';
import { record, step } from './testing/fixture';

const failed = (task: string, r: Parameters<typeof record>[1]) => record(task, { success: false, score: 0, ...r });

test('a passed episode has no cause', () => {
  assert.equal(causeOf(record('ok')), undefined);
});

test('device, verifier and model errors, failed actions', () => {
  assert.equal(causeOf(failed('d', { terminated_by: 'device-disconnected', error: 'device mock:1 disconnected' }))?.kind, 'device-error');
  assert.equal(causeOf(failed('u', { terminated_by: 'runner-error', error: 'runner: boom' }))?.kind, 'device-error');
  assert.equal(causeOf(failed('v', { score: null, error: 'verifier error: no such table: notes2' }))?.kind, 'verifier-error');
  const modelErr = failed('m', { terminated_by: 'errors', trajectory: [step(1, { action: undefined, args: undefined, pixels: undefined, status: 'failed', error: 'HTTP 503 from http://127.0.0.1:1/v1' })] });
  assert.deepEqual(causeOf(modelErr), { kind: 'model-error', group: 'HTTP N from http://N:N/v1' });
  const badArgs = failed('b', { terminated_by: 'errors', trajectory: [step(1, { action: 'click', args: {}, pixels: undefined, status: 'failed', error: 'click needs a point' })] });
  assert.equal(causeOf(badArgs)?.kind, 'unparsable-output');
  const actionFailed = failed('a', { terminated_by: 'errors', trajectory: [step(1, { status: 'failed', error: 'no app com.x' })] });
  assert.equal(causeOf(actionFailed)?.kind, 'action-failed');
});

test('a budget spent on one screen is a loop (recorded episodes), otherwise the step budget', () => {
  const r = failed('l', { terminated_by: 'max-steps', reason: 'reached the step budget of 5', trajectory: [1, 2, 3, 4, 5].map((n) => step(n)) });
  assert.deepEqual(causeOf(r, ['a', 'b', 'a', 'c', 'a']), { kind: 'loop', group: 'one screen seen 3 times' });
  assert.equal(causeOf(r, ['a', 'b', 'a', 'c', 'd'])?.kind, 'step-budget');
  assert.equal(causeOf(r)?.kind, 'step-budget');
});

test('wrong app beats the verifier; the launcher is never the wrong app', () => {
  const end = (app: string) => [step(1), step(2, { action: 'finish', args: { text: 'x' }, pixels: [], foreground_app: app })];
  const v = [{ path: 'verify.all[0]', kind: 'sql', reason: "expected 'Ana'" }];
  assert.equal(causeOf(failed('w', { apps: ['com.phonebuddy.notes'], trajectory: end('com.phonebuddy.chat'), failed_verifiers: v }))?.kind, 'wrong-app');
  assert.deepEqual(causeOf(failed('w', { apps: ['com.phonebuddy.notes'], trajectory: end('com.phonebuddy.launcher'), failed_verifiers: v })), { kind: 'verifier', group: 'sql verify.all[0]: expected …' });
  assert.equal(causeOf(failed('w', { trajectory: end('com.phonebuddy.chat') }))?.kind, 'verifier', 'no apps named: cannot say');
  assert.equal(causeOf(failed('o', { terminated_by: 'aborted', reason: 'stopped' }))?.kind, 'other');
});

test('reason patterns blank the particulars', () => {
  assert.equal(reasonPattern('expected "Buy milk", got \'Buy\' (2 rows)'), 'expected …, got … (N rows)');
  assert.equal(reasonPattern('expected 1 row, got 0'), reasonPattern('expected 1 row, got 3'));
});
