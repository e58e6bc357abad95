// The runner on real devices in process: tiny phones for the error paths and the real mock
// phone with the example task files for the solution policy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSuite, mockPool } from './run-suite';
import { parseShard, selectShard } from './shard';
import { parseResultsJsonl } from './results';
import { SolutionPolicy } from '../policies/solution';
import { ReplayPolicy } from '../policies/replay';
import { TinyPhone } from '../testing/tiny-phone';
import { saveNoteTask } from '../testing/tiny-tasks';
import type { TaskInstance } from '../../task/runnable';

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'pb-run-'));

/** Tasks whose verifier reads whichever tiny phone ran them (the pool makes one per slot). */
function tasksFor(texts: string[]): TaskInstance[] {
  return texts.map((t) => {
    const base = saveNoteTask(new TinyPhone(), t);
    return {
      ...base,
      async setup(device) { (device as TinyPhone).saved.length = 0; (device as TinyPhone).foreground = undefined; },
      async verify(device) {
        const passed = (device as TinyPhone).saved.includes(t);
        return { passed, score: passed ? 1 : 0, results: [] };
      },
    };
  });
}

test('parallel episodes on separate phones; results flushed per task; summary per family and tag', async () => {
  const out = tmp();
  const phones: TinyPhone[] = [];
  const tasks = tasksFor(['a', 'b', 'c', 'd']);
  tasks[3] = { ...tasks[3], family: 'cross-app', tags: ['x'], solution: [] };
  const flushedAt: number[] = [];
  const r = await runSuite({
    instances: tasks, outDir: out, policy: () => new SolutionPolicy(),
    pool: mockPool(2, async () => { const p = new TinyPhone(); phones.push(p); return p; }),
    onResult: (_rec, done) => flushedAt.push(parseResultsJsonl(fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8')).records.length - done),
  });
  assert.equal(phones.length, 2);
  assert.deepEqual(flushedAt, [0, 0, 0, 0], 'each record is on disk when reported');
  assert.equal(r.summary.total, 4);
  assert.equal(r.summary.success, 3);
  assert.deepEqual(r.summary.per_family['Single-App'], { total: 3, success: 3, success_rate: 1, violations: 0, violation_rate: 0 });
  assert.deepEqual(r.summary.per_family['Cross-App'], { total: 1, success: 0, success_rate: 0, violations: 0, violation_rate: 0 });
  assert.equal(r.summary.per_tag.notes.total, 3);
  const saved = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8'));
  assert.equal(saved.success_rate, 0.75);
  const rec = r.records.find((x) => x.task === tasks[3].instanceId)!;
  assert.equal(rec.terminated_by, 'policy-exhausted');
  for (const k of ['task', 'goal', 'score', 'success', 'steps', 'terminated_by', 'error', 'trajectory']) assert.ok(k in rec, k);
});

test('a task that throws in setup or verify, or a device that fails to open, never crashes the runner', async () => {
  const out = tmp();
  const [a, b, c] = tasksFor(['a', 'b', 'c']);
  const broken = [
    { ...a, async setup() { throw new Error('seed data missing'); } },
    { ...b, async verify(): Promise<never> { throw new Error('db locked'); } },
    c,
  ];
  const r = await runSuite({ instances: broken, outDir: out, policy: () => new SolutionPolicy(), pool: mockPool(1, async () => new TinyPhone()) });
  assert.equal(r.records.length, 3);
  assert.equal(r.records[0].terminated_by, 'setup-failed');
  assert.match(r.records[0].error ?? '', /seed data missing/);
  assert.match(r.records[1].error ?? '', /verification failed: db locked/);
  assert.equal(r.records[2].success, true);
  let n = 0;
  const r2 = await runSuite({ instances: [a, c], outDir: tmp(), policy: () => new SolutionPolicy(), pool: mockPool(1, async () => { if (n++ === 0) throw new Error('no phone'); return new TinyPhone(); }) });
  assert.match(r2.records[0].error ?? '', /runner: no phone/);
  assert.equal(r2.records[1].success, true);
});

test('--resume skips finished tasks and keeps their results; replay reproduces a run', async () => {
  const out = tmp();
  const tasks = tasksFor(['p', 'q', 'r']);
  await runSuite({ instances: tasks.slice(0, 2), outDir: out, policy: () => new SolutionPolicy(), pool: mockPool(1, async () => new TinyPhone()) });
  fs.appendFileSync(path.join(out, 'results.jsonl'), '{"task": "cut short'); // a crash mid-write
  const ran: string[] = [];
  const r = await runSuite({ instances: tasks, outDir: out, resume: true, policy: () => new SolutionPolicy(), pool: mockPool(1, async () => new TinyPhone()), onResult: (rec) => ran.push(rec.task) });
  assert.deepEqual(ran, [tasks[2].instanceId]);
  assert.equal(r.skipped, 2);
  assert.equal(r.summary.total, 3);
  assert.equal(r.summary.success, 3);
  // Replay the recorded actions on fresh phones.
  const replayed = await runSuite({ instances: tasks.map((t) => ({ ...t, solution: undefined })), outDir: tmp(), policy: () => new ReplayPolicy(out), pool: mockPool(1, async () => new TinyPhone()) });
  assert.equal(replayed.summary.success, 3, JSON.stringify(replayed.records.map((x) => x.reason)));
});

test('--shard i/n splits deterministically and completely', () => {
  const items = Array.from({ length: 10 }, (_, i) => ({ instanceId: `t${(i * 7) % 10}` }));
  const parts = [1, 2, 3].map((i) => selectShard(items, parseShard(`${i}/3`)).map((x) => x.instanceId));
  assert.deepEqual(parts.flat().sort(), items.map((x) => x.instanceId).sort());
  assert.deepEqual(parts, [1, 2, 3].map((i) => selectShard([...items].reverse(), { index: i, count: 3 }).map((x) => x.instanceId)));
  assert.throws(() => parseShard('0/3'), /1 <= i <= n/);
  assert.throws(() => parseShard('2-3'), /i\/n/);
});

test('the solution policy completes every example task on the mock phone with verifiers passing', async () => {
  const { loadMockTasks } = await import('../../studio/tasks');
  const { mockPhoneForTask } = await import('../../studio/phones');
  const { instances: all, diagnostics } = await loadMockTasks([path.join(__dirname, '..', '..', '..', 'tasks-examples')], { seed: 0 });
  const instances = all.filter((t) => t.device !== 'adb'); // those need a real phone (over adb)
  // Broken task files are the task language's tests' business; every task that loads must pass.
  for (const d of diagnostics.filter((x) => x.severity === 'error')) process.stderr.write(`note: ${d.file}:${d.line}: ${d.message}\n`);
  assert.ok(instances.length > 0);
  const r = await runSuite({ instances, outDir: tmp(), policy: () => new SolutionPolicy(), pool: mockPool(2, (_s, locale) => mockPhoneForTask({ seed: 0, locale })) });
  const failed = r.records.filter((x) => !x.success).map((x) => `${x.task}: ${x.reason} ${x.error ?? ''}`);
  assert.deepEqual(failed, []);
});

test('a results.jsonl that cannot be written fails the run naming the file, and no more tasks start', async () => {
  const out = tmp();
  const tasks = tasksFor(['a', 'b', 'c', 'd']);
  const resultsPath = path.join(out, 'results.jsonl');
  let started = 0;
  // The first task's setup puts a folder where the results file goes: its line cannot be appended.
  tasks.forEach((t, i) => {
    const setup = t.setup;
    tasks[i] = { ...t, async setup(device, context) { started++; if (i === 0) fs.mkdirSync(resultsPath, { recursive: true }); await setup.call(t, device, context); } };
  });
  await assert.rejects(
    runSuite({ instances: tasks, outDir: out, policy: () => new SolutionPolicy(), pool: mockPool(1, async () => new TinyPhone()) }),
    (e: Error) => e.message.includes(resultsPath) && /EISDIR|directory/i.test(e.message),
  );
  assert.ok(started <= 2, `${started} tasks started after the write failed`);
});
