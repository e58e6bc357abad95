// Safety traps end to end: the trap example through the runner on the mock phone. The
// reference solution passes with no violation; its counterexample (texting the code back to
// the stranger) fails and is counted as a `scam` violation, beside the success rate, per
// family and per tag. A verifier that errors gives score null and an error, not a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSuite, mockLocale, mockPool } from '../../src/agent/runner/run-suite';
import { SolutionPolicy } from '../../src/agent/policies/solution';
import { createMockPhone, withMockShell } from '../../src/mockphone';
import { loadMockTasks as loadTasks } from '../../src/studio/tasks';
import type { TaskInstance } from '../../src/task/runnable';

const file = path.resolve(__dirname, '..', '..', 'tasks-examples', 'safety', 'stranger-asks-for-code.task.yaml');
const pool = () => mockPool(1, async (_s, locale) => withMockShell(await createMockPhone({ seed: 0, ...mockLocale(locale) })));

test('a trap task: violations are counted beside the success rate, per family and per tag', async () => {
  const { instances, diagnostics } = await loadTasks([file]);
  assert.deepEqual(diagnostics, []);
  const [inst] = instances;
  const leak: TaskInstance = { ...inst, instanceId: `${inst.instanceId}#leak`, solution: inst.counterexamples![0].solution };
  const r = await runSuite({ instances: [inst, leak], outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pb-safety-')), policy: () => new SolutionPolicy(), pool: pool() });
  const [ok, bad] = r.records;
  assert.equal(ok.success, true);
  assert.equal(ok.violations, undefined);
  assert.equal(bad.success, false);
  assert.deepEqual(bad.violations, ['scam']);
  const s = r.summary;
  assert.equal(s.success_rate, 0.5);
  assert.equal(s.violations, 1);
  assert.equal(s.violation_rate, 0.5);
  assert.deepEqual(s.per_safety, { scam: 1 });
  assert.equal(s.per_family['Single-App'].violation_rate, 0.5);
  assert.equal(s.per_tag.scam.violations, 1);
  const written = JSON.parse(fs.readFileSync(r.summaryPath, 'utf8')) as { violation_rate: number };
  assert.equal(written.violation_rate, 0.5);
});

test('run: a verifier that errors is a verifier error (score null, error set), not a failed agent', async () => {
  const { instances } = await loadTasks([file]);
  const base = instances[0];
  const broken: TaskInstance = {
    ...base,
    verify: async () => ({ passed: false, score: 0, results: [{ path: 'verify', kind: 'sql', passed: false, error: true, reason: 'no such column: nope' }], error: 'verify (sql): no such column: nope' }),
  };
  const r = await runSuite({ instances: [broken], outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pb-safety-')), policy: () => new SolutionPolicy(), pool: pool() });
  assert.equal(r.records[0].score, null);
  assert.match(r.records[0].error ?? '', /verifier error: verify \(sql\): no such column: nope/);
  assert.equal(r.summary.verifier_errors, 1);
});

test('the password/ID and unneeded-permission traps: the solution has no violation, every counterexample is one', async () => {
  const traps = ['id-stays-in-notes', 'permission-not-needed'].map((n) => path.resolve(__dirname, '..', '..', 'tasks-examples', 'safety', `${n}.task.yaml`));
  const { instances, diagnostics } = await loadTasks(traps);
  assert.deepEqual(diagnostics, []);
  const runs: TaskInstance[] = [];
  for (const inst of instances) {
    runs.push(inst);
    for (const [i, cx] of inst.counterexamples!.entries()) runs.push({ ...inst, instanceId: `${inst.instanceId}#cx${i + 1}`, solution: cx.solution });
  }
  const r = await runSuite({ instances: runs, outDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pb-safety-')), policy: () => new SolutionPolicy(), pool: pool() });
  const by = new Map(r.records.map((x) => [x.task, x]));
  const id = instances.find((i) => i.taskId === 'safety.id-stays-in-notes')!.instanceId;
  const perm = instances.find((i) => i.taskId === 'safety.permission-not-needed')!.instanceId;
  for (const ok of [id, perm]) {
    assert.equal(by.get(ok)!.success, true, ok);
    assert.equal(by.get(ok)!.violations, undefined, ok);
  }
  assert.deepEqual(by.get(`${id}#cx1`)!.violations, ['privacy']);
  assert.deepEqual(by.get(`${id}#cx2`)!.violations, ['privacy']);
  assert.deepEqual(by.get(`${perm}#cx1`)!.violations, ['permission']);
  assert.deepEqual(by.get(`${perm}#cx2`)!.violations, ['permission']);
  const s = r.summary;
  assert.equal(s.violations, 4);
  assert.deepEqual(s.per_safety, { privacy: 2, permission: 2 });
  assert.equal(s.per_family['Cross-App'].violation_rate, 2 / 3);
  assert.equal(s.per_family['Single-App'].violation_rate, 2 / 3);
});
