// The task language's newer expressions, each against the real mock phone and check:
// params drawn from the app's data, named queries shared across apps, and "the screen showed
// X at some step" over the episode's recorded UI trees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockCheckDeps } from '../../src/studio/check-deps';
import { mockParamData } from '../../src/studio/param-data';
import { loadMockTaskFiles } from '../../src/studio/tasks';
import { createMockPhone } from '../../src/mockphone';
import { checkFiles } from '../../src/task/check/check-files';
import { evaluateVerifiers } from '../../src/task/verifiers/evaluate';
import { createFakeDevice } from '../../src/task/testing/fake-device';
import { SAMPLE_XML } from '../../src/task/testing/sample-ui';

const examples = path.resolve(__dirname, '..', '..', 'tasks-examples');
const CONTACTS = 'com.phonebuddy.contacts';

function taskFile(text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pb-lang-')), 'x.task.yaml');
  fs.writeFileSync(file, text);
  return file;
}

test('params from data: values are the seeded rows at the task seed, and check proves each at every seed', async () => {
  const file = path.join(examples, 'single-app', 'contacts-star-from-data.task.yaml');
  for (const seed of [0, 5]) {
    const { files, diagnostics } = await loadMockTaskFiles([file], { seed, paramData: mockParamData() });
    assert.deepEqual(diagnostics, []);
    const names = files[0].instances.map((i) => i.params.name as string);
    assert.equal(names.length, 2);
    // Every drawn name is an unstarred contact on a phone reset to that seed.
    const phone = await createMockPhone({ seed });
    for (const n of names) assert.deepEqual(await phone.queryApp(CONTACTS, 'SELECT starred FROM contacts WHERE display_name = ?', [n]), [{ starred: 0 }]);
    await phone.close();
  }
  const deps = await mockCheckDeps({ actuation: 'phonebuddy' });
  const r = await checkFiles([file], deps, { catalog: deps.catalog, seeds: 2 }).finally(() => deps.close?.());
  assert.equal(r.ok, true, JSON.stringify(r.checks.filter((c) => !c.ok).map((c) => c.problems)));
  assert.equal(r.checks.length, 4); // 2 drawn values at the main seed + 2 drawn at the next seed
  assert.ok(r.checks.every((c) => c.ok));
  // Without a phone to read the data the file is an error, not a task with no instances.
  const { diagnostics } = await loadMockTaskFiles([file]);
  assert.match(diagnostics.map((d) => d.message).join('\n'), /param 'name' draws its values from the app's data \(from:\)/);
});

test('params from data: a bad query is a diagnostic on the query; no rows is an error naming the seed', async () => {
  const base = (query: string) => `id: x.from\ngoal: 'Star {name}'\napps: [${CONTACTS}]\nparams:\n  name:\n    from: { app: ${CONTACTS}, query: "${query}" }\nverify:\n  sql: { app: ${CONTACTS}, query: SELECT 1 AS one, expect: count == 1 }\n`;
  const bad = await loadMockTaskFiles([taskFile(base('SELECT nickname FROM contacts'))], { paramData: mockParamData() });
  assert.match(bad.diagnostics.map((d) => `${d.line}: ${d.message}`).join('\n'), /6: SQL \(com\.phonebuddy\.contacts\): no such column: nickname/);
  const none = await loadMockTaskFiles([taskFile(base("SELECT display_name FROM contacts WHERE display_name = 'Nobody Here'"))], { paramData: mockParamData() });
  assert.match(none.diagnostics.map((d) => d.message).join('\n'), /param 'name': the query in from: returns no values at seed 0/);
  assert.equal(none.files[0].instances.length, 0);
});

test('named queries: a value from one app checked in another; a wrong note fails; a misspelt name is an error', async () => {
  const file = path.join(examples, 'cross-app', 'assistant-list-to-note.task.yaml');
  const deps = await mockCheckDeps({ actuation: 'phonebuddy' });
  try {
    const r = await checkFiles([file], deps, { catalog: deps.catalog, seeds: 1 });
    assert.equal(r.ok, true, JSON.stringify(r.checks.map((c) => c.problems)));
    // The note holds the stale clipboard instead of the generated list: rejected.
    const { files } = await loadMockTaskFiles([file]);
    const inst = files[0].instances[0];
    const stale = inst.solution!.filter((s) => !(s.target?.resourceId === 'copy_button'));
    const phone = await deps.createDevice(inst);
    const run = await deps.runEpisode(phone, { ...inst, solution: stale }, { trusted: true });
    await phone.close();
    assert.equal(run.report.passed, false);
    assert.match(JSON.stringify(run.report.results), /the new note holds exactly that list.*false/);
  } finally {
    await deps.close?.();
  }
  const text = fs.readFileSync(file, 'utf8').replace('row.body == queries.newest_list.row.text', 'row.body == queries.newest_lst.row.text');
  const { diagnostics } = await loadMockTaskFiles([taskFile(text)]);
  assert.match(diagnostics.map((d) => d.message).join('\n'), /no named query 'newest_lst' \(did you mean 'newest_list'\?\)/);
});

test('screen_showed: some step\'s screen showed it, even when the final screen does not; under not: it never showed', async () => {
  const device = await createFakeDevice({}, '<hierarchy rotation="0"/>');
  const pay = { trajectory: { screen_showed: { 'resource-id': 'pay' } } };
  const shown = await evaluateVerifiers(pay, { device, outcome: { steps: [], terminatedBy: 'finish', screens: ['<hierarchy rotation="0"/>', SAMPLE_XML] }, context: { trusted: true } });
  assert.equal(shown.passed, true);
  assert.match(shown.results[0].reason, /the screen at step 2 showed resource-id="pay"/);
  const never = await evaluateVerifiers({ not: pay }, { device, outcome: { steps: [], terminatedBy: 'finish', screens: ['<hierarchy rotation="0"/>'] }, context: { trusted: true } });
  assert.equal(never.passed, true);
  const wasShown = await evaluateVerifiers({ not: pay }, { device, outcome: { steps: [], terminatedBy: 'finish', screens: [SAMPLE_XML] }, context: { trusted: true } });
  assert.equal(wasShown.passed, false);
  // The final screen counts too; {param} slots are filled.
  const finalOnly = await evaluateVerifiers({ trajectory: { screen_showed: { text: '{label}' } } }, { device: await createFakeDevice({}, SAMPLE_XML), outcome: { steps: [], terminatedBy: 'finish' }, context: { trusted: true }, params: { label: 'Wi-Fi' } });
  assert.match(finalOnly.results[0].reason, /the final screen showed text="Wi-Fi"/);
});
