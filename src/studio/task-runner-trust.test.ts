// Workspace Trust on the real mock phone: an untrusted run leaves the task's shell setup step
// and shell verifier out and says so (in the summary's notes, the verifier report and the text
// the extension shows); a trusted run runs both. The task (test/fixtures/untrusted-workspace/)
// passes only when both shell parts ran, as the real-VS Code scenario also relies on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { checkLeftOutUntrusted, checkTaskFile, formatRun, instancesOf, leftOutUntrusted, runInstances } from './task-runner';

const fixtures = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'untrusted-workspace');
const wifi = path.join(fixtures, 'wifi-on.task.yaml');
const note = path.join(fixtures, 'note.task.yaml');

test('untrusted: the shell setup step and verifier are left out, and the run says which and why', async () => {
  const [run] = await runInstances(await instancesOf(wifi, 'trust.wifi-on'), { trusted: false });
  assert.equal(run.summary.success, false);
  assert.deepEqual(run.summary.notes, ['setup.shell skipped: shell steps do not run in an untrusted workspace (1 command)']);
  assert.equal(leftOutUntrusted(run), true);
  const text = formatRun(run);
  assert.match(text, /setup\.shell skipped: shell steps do not run in an untrusted workspace/);
  assert.match(text, /○ verify \[shell\] skipped: shell verifiers do not run in an untrusted workspace/);
});

test('trusted: both shell parts run (the task passes only then) and nothing is noted', async () => {
  const [run] = await runInstances(await instancesOf(wifi, 'trust.wifi-on'), { trusted: true });
  assert.equal(run.summary.success, true, formatRun(run));
  assert.equal(run.summary.notes, undefined);
  assert.equal(leftOutUntrusted(run), false);
});

test('untrusted: a task with no shell parts runs as before, with nothing left out', async () => {
  const [run] = await runInstances(await instancesOf(note, 'trust.note'), { trusted: false });
  assert.equal(run.summary.success, true, formatRun(run));
  assert.equal(leftOutUntrusted(run), false);
});

test('untrusted check: "not proven" because the shell verifier did not run, not "the solution fails"', async () => {
  const untrusted = await checkTaskFile(wifi, undefined, false);
  assert.equal(untrusted.ok, false);
  const problems = untrusted.checks.flatMap((c) => c.problems.map((p) => p.message));
  assert.ok(problems.length > 0 && problems.every((m) => m.startsWith('not proven: the verifiers that decide did not run')), problems.join('\n'));
  assert.match(problems[0], /shell verifiers do not run in an untrusted workspace/);
  assert.equal(checkLeftOutUntrusted(untrusted), true);
  const safe = await checkTaskFile(note, undefined, false);
  assert.equal(safe.ok, true, JSON.stringify(safe.checks.map((c) => c.problems)));
  assert.equal(checkLeftOutUntrusted(safe), false);
});
