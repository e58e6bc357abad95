import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAppCatalog } from '../app-catalog';
import { loadSql } from '../../mockphone/runtime/database';
import { MESSAGES_SCHEMA } from '../testing/fake-device';
import { completeAt } from './completion';
import { lineContext } from './cursor';
import { definitionAt, hoverAt, taskLensSites } from './navigation';

const MSG = 'com.phonebuddy.messages';
const catalogP = loadSql().then((SQL) => createAppCatalog(SQL, [{ packageName: MSG, label: 'Messages', schemaSql: MESSAGES_SCHEMA }], [{ name: 'promo_popup', params: { title: 'string' } }, { name: 'slow_loading', params: {} }]));

/** Text with a `|` cursor marker → [text, offset]. */
function cursor(s: string): [string, number] {
  const i = s.indexOf('|');
  return [s.slice(0, i) + s.slice(i + 1), i];
}

const labels = (xs: { label: string }[]) => xs.map((x) => x.label);

test('lineContext follows indentation and list items', () => {
  const [t, o] = cursor('id: a\nverify:\n  all:\n    - sql:\n        ap|');
  assert.deepEqual(lineContext(t, o), { path: ['verify', 'all', 0, 'sql'], position: 'key', prefix: 'ap' });
  const [t2, o2] = cursor('setup:\n  start_app: com.|');
  assert.deepEqual(lineContext(t2, o2), { path: ['setup'], position: 'value', key: 'start_app', prefix: 'com.' });
});

test('key completion comes from the schema at the cursor path', async () => {
  const c = await catalogP;
  const top = labels(completeAt(...cursor('id: a\n|'), c));
  for (const k of ['goal', 'params', 'setup', 'verify', 'solution', 'max_steps']) assert.ok(top.includes(k), k);
  const verifier = labels(completeAt(...cursor('id: a\nverify:\n  all:\n    - |'), c));
  for (const k of ['sql', 'ui', 'answer', 'shell', 'trajectory', 'all', 'any', 'not', 'weight']) assert.ok(verifier.includes(k), k);
  const sqlKeys = labels(completeAt(...cursor('id: a\nverify:\n  sql:\n    |'), c));
  assert.deepEqual(sqlKeys.sort(), ['app', 'expect', 'query', 'table', 'where']);
  const tools = labels(completeAt(...cursor('id: a\nsolution:\n  - |'), c));
  for (const k of ['click', 'type', 'open_app', 'button_press', 'finish', 'scroll']) assert.ok(tools.includes(k), k);
  const selector = labels(completeAt(...cursor('id: a\nsolution:\n  - click:\n      |'), c));
  for (const k of ['text', 'text-contains', 'resource-id', 'content-desc', 'class', 'points', 'target']) assert.ok(selector.includes(k), k);
  const item = completeAt(...cursor('id: a\n|'), c).find((e) => e.label === 'goal')!;
  assert.equal(item.insertText, 'goal: ');
  assert.match(item.documentation!, /\{param\}/);
});

test('value completion: enums, app packages, tables, columns', async () => {
  const c = await catalogP;
  assert.deepEqual(labels(completeAt(...cursor('id: a\ncategory: |'), c)), ['single-app', 'cross-app', 'mini-app', 'custom']);
  assert.deepEqual(labels(completeAt(...cursor('id: a\nsolution:\n  - button_press: |'), c)), ['back', 'home', 'menu', 'enter']);
  assert.deepEqual(labels(completeAt(...cursor('id: a\nsetup:\n  start_app: |'), c)), [MSG]);
  assert.deepEqual(labels(completeAt(...cursor('id: a\napps:\n  - |'), c)), [MSG]);
  // In a flow list, finished or still being typed.
  assert.deepEqual(labels(completeAt(...cursor('id: a\napps: [com.phonebuddy.m|'), c)), [MSG]);
  assert.deepEqual(labels(completeAt(...cursor('id: a\napps: [com.phonebuddy.messages, |]\ngoal: g\n'), c)), [MSG]);
  const fixtureKey = completeAt(...cursor('id: a\nsetup:\n  sql:\n    |'), c);
  assert.deepEqual(labels(fixtureKey), [MSG]);
  assert.equal(fixtureKey[0].insertText, `${MSG}:`);
  assert.deepEqual(labels(completeAt(...cursor(`id: a\nverify:\n  sql:\n    app: ${MSG}\n    table: |\n`), c)), ['contacts', 'messages']);
  assert.deepEqual(labels(completeAt(...cursor('id: a\nsetup:\n  perturbations:\n    - name: |'), c)), ['promo_popup', 'slow_loading']);
  // violates: offers the task's trap kinds.
  assert.deepEqual(labels(completeAt(...cursor('id: a\nverify:\n  - safety: payment\n    ui: { text: Paid }\n  - not: { safety: scam, ui: { text: x } }\ncounterexamples:\n  - reason: paid\n    violates: |'), c)), ['payment', 'scam']);
});

test('SQL completion: tables, table.columns and :params inside queries and fixtures', async () => {
  const c = await catalogP;
  const doc = (q: string) => cursor(`id: a\ngoal: "{who}"\nparams:\n  who: { choices: [a] }\nverify:\n  sql:\n    app: ${MSG}\n    query: "${q}"\n`);
  const plain = cursor(`id: a\ngoal: g\nverify:\n  sql:\n    app: ${MSG}\n    query: SELECT * FROM |\n`);
  assert.ok(labels(completeAt(...plain, c)).includes('messages'), 'after a trailing space of a plain scalar');
  // After FROM only a table fits; a verifier's query is read-only, so no statement that writes.
  assert.deepEqual(labels(completeAt(...doc('SELECT * FROM |'), c)).sort(), ['contacts', 'messages']);
  const where = labels(completeAt(...doc('SELECT * FROM messages WHERE |'), c));
  assert.ok(where.includes('body') && where.includes('AND') && where.includes('messages'));
  for (const w of ['DELETE FROM', 'INSERT INTO', 'UPDATE', 'VALUES', 'SET']) assert.ok(!where.includes(w), `${w} offered in a read-only query`);
  assert.deepEqual(labels(completeAt(...doc('SELECT messages.| FROM messages'), c)), ['id', 'address', 'body', 'type', 'ts']);
  assert.deepEqual(labels(completeAt(...doc('SELECT * FROM messages WHERE body = :|'), c)), ['who']);
  const fixture = cursor(`id: a\ngoal: g\nsetup:\n  sql:\n    ${MSG}:\n      - "INSERT INTO con|"\n`);
  assert.ok(labels(completeAt(...fixture, c)).includes('contacts'));
  const fixtureStart = labels(completeAt(...cursor(`id: a\ngoal: g\nsetup:\n  sql:\n    ${MSG}:\n      - "DELETE FROM messages; |"\n`), c));
  assert.ok(fixtureStart.includes('INSERT INTO'), 'a setup fixture may write');
});

test('param completion inside goal slots', async () => {
  const [t, o] = cursor('id: a\ngoal: "Text {|"\nparams:\n  who: { choices: [a] }\n  body: { choices: [b] }\n');
  assert.deepEqual(labels(completeAt(t, o, await catalogP)), ['who', 'body']);
});

test('go to definition jumps from {slot}, :param and params.x to the param key', () => {
  const text = 'id: a\ngoal: "Text {who}"\nparams:\n  who: { choices: [a] }\nverify:\n  sql: { app: x.y, query: "SELECT :who", expect: "params.who == 1" }\n';
  const target = text.indexOf('who:');
  for (const at of [text.indexOf('{who}') + 2, text.indexOf(':who') + 2, text.indexOf('params.who') + 8]) {
    assert.deepEqual(definitionAt(text, at), { start: target, end: target + 3 });
  }
  assert.equal(definitionAt(text, 1), undefined);
});

test('hover shows key docs, param definitions and table schemas', async () => {
  const c = await catalogP;
  const text = `id: a\nmax_steps: 5\ngoal: "{who}"\nparams:\n  who: { choices: [a] }\nverify:\n  sql: { app: ${MSG}, table: messages }\n`;
  assert.match(hoverAt(text, text.indexOf('max_steps') + 2, c)!.markdown, /Step budget/);
  assert.match(hoverAt(text, text.indexOf('{who}') + 2, c)!.markdown, /param `who`/);
  const h = hoverAt(text, text.indexOf('messages') + 3, c)!;
  assert.match(h.markdown, /table `messages`/);
  assert.match(h.markdown, /\| body \| TEXT not null \|/);
});

test('lens sites: one per task, single or suite', () => {
  assert.deepEqual(taskLensSites('id: a\ngoal: g\n').map((s) => s.taskId), ['a']);
  assert.deepEqual(taskLensSites('tasks:\n  - id: a\n  - id: b\n  - goal: no id\n').map((s) => s.taskId), ['a', 'b']);
  assert.deepEqual(taskLensSites('{{{'), []);
});

test('untrusted notes point at shell setup steps and shell verifiers', async () => {
  const { parseTaskFile } = await import('../parse-task-file');
  const { untrustedNotes } = await import('./trust');
  const text = 'id: a\ngoal: g\nsetup:\n  shell: ["echo hi"]\nverify:\n  all:\n    - shell: { command: "getprop x", equals: "1" }\n    - answer: { contains: a }\n';
  const notes = untrustedNotes(parseTaskFile(text, 'x.task.yaml'));
  assert.deepEqual(notes.map((n) => [n.line, n.column]), [[4, 3], [7, 7]]);
  assert.match(notes[0].message, /untrusted workspace/);
});

test('check problems land on the verify (or solution) key of their task', async () => {
  const { checkDiagnostics } = await import('./check-sites');
  const text = 'tasks:\n  - id: a\n    goal: g\n    verify: { answer: { contains: x } }\n    solution: [{ finish: x }]\n  - id: b\n    goal: g\n    verify: { answer: { contains: y } }\n';
  const base = { ok: false, runs: 2, ms: 5, warnings: [] };
  const d = checkDiagnostics(text, 'x.task.yaml', [
    { ...base, instanceId: 'a', taskId: 'a', problems: [{ kind: 'vacuous', message: 'passes untouched' }, { kind: 'solution-fails', message: 'nope' }] },
    { ...base, instanceId: 'b', taskId: 'b', problems: [{ kind: 'no-solution', message: 'none' }] },
  ]);
  assert.deepEqual(d.map((x) => [x.line, x.column, x.message.slice(0, 24)]), [[4, 5, 'check a: vacuous: passes'], [5, 5, 'check a: solution-fails:'], [8, 5, 'check b: no-solution: no']]);
});

test('a check problem whose deciding verifiers were left out (untrusted shell) is a warning, not an error', async () => {
  const { checkDiagnostics } = await import('./check-sites');
  const text = 'id: a\ngoal: g\nverify: { shell: { command: x, equals: y } }\nsolution: [{ finish: x }]\n';
  const base = { ok: false, runs: 2, ms: 5, warnings: [], instanceId: 'a', taskId: 'a' };
  const skipped = { path: 'verify', kind: 'shell' as const, passed: false, skipped: true, reason: 'skipped: untrusted' };
  const failed = { path: 'verify', kind: 'shell' as const, passed: false, reason: 'output differs' };
  const d = checkDiagnostics(text, 'x.task.yaml', [{ ...base, problems: [
    { kind: 'solution-fails', message: 'not proven', results: [skipped] },
    { kind: 'solution-fails', message: 'fails', results: [failed] },
  ] }]);
  assert.deepEqual(d.map((x) => x.severity), ['warning', 'error']);
});

test('a check problem that names its verifier lands on that verifier (implicit all, any, not)', async () => {
  const { checkDiagnostics } = await import('./check-sites');
  const text = 'id: a\ngoal: g\nverify:\n  - answer: { contains: x }\n  - any:\n      - not:\n          answer: { contains: y }\n      - answer: { contains: z }\n';
  const base = { ok: false, runs: 2, ms: 5, warnings: [], instanceId: 'a', taskId: 'a' };
  const d = checkDiagnostics(text, 'x.task.yaml', [{ ...base, problems: [
    { kind: 'cannot-fail', message: 'm', path: 'verify.all[1].any[0].not' },
    { kind: 'weak', message: 'm', path: 'verify.all[0]' },
    { kind: 'weak', message: 'm', path: 'verify.all[1].any[1]' },
    { kind: 'weak', message: 'm', path: 'verify' },
  ] }]);
  assert.deepEqual(d.map((x) => [x.line, x.column]), [[7, 11], [4, 5], [8, 9], [3, 1]]);
});
