import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyCatalog } from './app-catalog';
import { loadTasks } from './load-tasks';

test('loadTasks: folders, suites, seeded samples; tasks with errors are reported, not run', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-load-'));
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.writeFileSync(path.join(dir, 'a.task.yaml'), 'id: a\ngoal: "n={n}"\nparams:\n  n: { min: 1, max: 10 }\nverify: { answer: { number: "{n}" } }\n');
  fs.writeFileSync(path.join(dir, 'sub', 'suite.task.yaml'), [
    'tasks:',
    '  - { id: ok, goal: g, verify: { answer: { contains: x } } }',
    '  - { id: bad, goal: "g {missing}", verify: { answer: { contains: x } } }',
    '',
  ].join('\n'));
  fs.writeFileSync(path.join(dir, 'ignored.yaml'), 'not: a task');
  const opts = { catalog: emptyCatalog() };
  const all = await loadTasks([dir], opts);
  assert.deepEqual([...new Set(all.instances.map((i) => i.taskId))], ['a', 'ok']);
  assert.equal(all.instances.filter((i) => i.taskId === 'a').length, 10);
  assert.ok(all.diagnostics.some((d) => d.message.includes("undeclared param 'missing'") && d.line === 3));
  const s1 = await loadTasks([dir], { ...opts, sample: 3, seed: 1 });
  const s2 = await loadTasks([dir], { ...opts, sample: 3, seed: 1 });
  const s3 = await loadTasks([dir], { ...opts, sample: 3, seed: 2 });
  const ids = (r: typeof s1) => r.instances.filter((i) => i.taskId === 'a').map((i) => i.instanceId);
  assert.equal(ids(s1).length, 3);
  assert.deepEqual(ids(s1), ids(s2), 'same seed, same sample');
  assert.notDeepEqual(ids(s1), ids(s3));
  const inst = all.instances.find((i) => i.instanceId === 'a#n=7')!;
  assert.equal(inst.goal, 'n=7');
  assert.equal(inst.file, path.join(dir, 'a.task.yaml'));
  const missing = await loadTasks([path.join(dir, 'nope')], opts);
  assert.equal(missing.diagnostics[0].message, 'no such file or folder');
});
