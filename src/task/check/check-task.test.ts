import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instantiate } from '../instantiate';
import type { TaskDef, VerifierDef } from '../model';
import { createFakeDevice } from '../testing/fake-device';
import { fakeRunner, NOTES, NOTES_SCHEMA } from '../testing/fake-runner';
import { checkInstance, type CheckDeps } from './check-task';

const deps: CheckDeps = { createDevice: () => createFakeDevice({ [NOTES]: NOTES_SCHEMA }), runEpisode: fakeRunner };

function task(verify: VerifierDef | VerifierDef[], solution: TaskDef['solution'] = [
  { open_app: NOTES }, { type: '{text}' }, { click: { text: 'Save' } }, { wait: 500 }, { finish: 'saved' },
]): TaskDef {
  return { id: 'notes.save', goal: 'Save a note: {text}', params: { text: { choices: ['milk', 'eggs'] } }, verify, solution };
}

const saved: VerifierDef = { sql: { app: NOTES, table: 'notes', where: [{ field: 'body', operator: '==', value: '{text}' }], expect: 'present' } };

test('a sound task passes: solution passes, initial state fails, last effective step found', async () => {
  const [inst] = instantiate(task(saved));
  const r = await checkInstance(inst, deps);
  assert.deepEqual(r.problems, []);
  assert.equal(r.ok, true);
  assert.equal(r.lastEffectiveStep, 2, 'the Save click; wait and finish change nothing the verifier sees');
  assert.equal(r.runs, 4, 'initial state, full solution, without finish, without Save (waits are never dropped)');
});

test('a verifier that passes on the untouched phone is reported as vacuous', async () => {
  const [inst] = instantiate(task({ sql: { app: NOTES, table: 'notes', where: [{ field: 'body', operator: '==', value: 'never' }], expect: 'absent' } }));
  const r = await checkInstance(inst, deps);
  assert.equal(r.ok, false);
  assert.deepEqual(r.problems.map((p) => p.kind), ['vacuous', 'no-effective-step']);
  assert.match(r.problems[0].message, /untouched initial state/);
});

test('a verifier that also accepts a half-done run is caught by the removed-step check', async () => {
  const loose: VerifierDef = { any: [saved, { sql: { app: NOTES, table: 'drafts', where: [{ field: 'body', operator: '==', value: '{text}' }], expect: 'present' } }] };
  const [inst] = instantiate(task(loose));
  const r = await checkInstance(inst, deps);
  assert.equal(r.ok, false);
  assert.deepEqual(r.problems.map((p) => p.kind), ['passes-without-last-step']);
  assert.match(r.problems[0].message, /step 3: click/);
});

test('a wrong solution and a missing solution are problems', async () => {
  const wrong = instantiate(task(saved, [{ type: '{text}' }, { click: { text: 'Cancel' } }]))[0];
  const r = await checkInstance(wrong, deps);
  assert.deepEqual(r.problems.map((p) => p.kind), ['solution-fails']);
  assert.match(r.problems[0].message, /0 matching rows in notes/);
  const none = instantiate({ ...task(saved), solution: undefined })[0];
  assert.deepEqual((await checkInstance(none, deps)).problems.map((p) => p.kind), ['no-solution']);
});

test('answer tasks: the finish step is the effective one', async () => {
  const [inst] = instantiate(task({ answer: { contains: '{text}' } }, [{ open_app: NOTES }, { finish: 'you wrote {text}' }]));
  const r = await checkInstance(inst, deps);
  assert.deepEqual(r.problems, []);
  assert.equal(r.lastEffectiveStep, 1);
});
