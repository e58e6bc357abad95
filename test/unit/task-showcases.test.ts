// The two showcase tasks on the real mock phone through the agent loop: their reference
// solutions pass, and the mistakes the verifiers exist to catch — a hotel search without the
// price filter, pasting the stale clipboard instead of the new reply — fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mockCheckDeps } from '../../src/studio/check-deps';
import { checkInstance } from '../../src/task/check/check-task';
import { loadMockTasks as loadTasks } from '../../src/studio/tasks';
import type { TaskInstance, VerifierResult } from '../../src/task/runnable';
import { flattenResults } from '../../src/task/verifiers/evaluate';

const examples = path.resolve(__dirname, '..', '..', 'tasks-examples', 'showcase');
const depsP = mockCheckDeps(true);

async function instance(file: string): Promise<TaskInstance> {
  const { instances, diagnostics } = await loadTasks([path.join(examples, file)]);
  assert.deepEqual(diagnostics, []);
  return instances[0];
}

async function runWithout(inst: TaskInstance, drop: (step: NonNullable<TaskInstance['solution']>[number]) => boolean) {
  const deps = await depsP;
  const device = await deps.createDevice(inst);
  try {
    const solution = inst.solution!.filter((s) => !drop(s));
    assert.ok(solution.length < inst.solution!.length, 'the variant drops steps');
    return (await deps.runEpisode(device, { ...inst, solution }, { trusted: true })).report;
  } finally {
    await device.close();
  }
}

const failedNames = (results: VerifierResult[]) => flattenResults(results).filter((r) => !r.passed).map((r) => r.reason);

test('hotel near Disney: proven, and a search without the price filter fails', async () => {
  const inst = await instance('hotel-near-disney.task.yaml');
  const proof = await checkInstance(inst, await depsP);
  assert.deepEqual(proof.problems, []);
  const priceSteps = new Set(['price_tab', 'price_preset', 'filter_done']);
  const report = await runWithout(inst, (s) => priceSteps.has(s.target?.resourceId ?? ''));
  assert.equal(report.passed, false);
  const search = flattenResults(report.results).find((r) => r.reason.startsWith('the search is near Shanghai Disney'))!;
  assert.equal(search.passed, false);
  assert.equal((search.observed as { rows: { price_max: number }[] }).rows[0].price_max, 1000000, 'no price cap was applied');
  assert.ok(report.score > 0 && report.score < 1, `partial sub-goal score, got ${report.score}`);
});

test('leave request into Docs: proven, and pasting the stale clipboard fails', async () => {
  const inst = await instance('leave-request-to-docs.task.yaml');
  const proof = await checkInstance(inst, await depsP);
  assert.deepEqual(proof.problems, []);
  const report = await runWithout(inst, (s) => s.target?.resourceId === 'copy_button');
  assert.equal(report.passed, false);
  const failed = failedNames(report.results);
  assert.ok(failed.some((r) => r.startsWith('a new document holds the new leave request')), failed.join('\n'));
  assert.ok(failed.some((r) => r.startsWith('not the stale clipboard text')), failed.join('\n'));
});
