import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAppCatalog } from './app-catalog';
import { loadSql } from '../mockphone/runtime/database';
import { quickFixFor } from './language/quick-fixes';
import { parseTaskFile } from './parse-task-file';
import { MESSAGES_SCHEMA } from './testing/fake-device';

const MSG = 'com.phonebuddy.messages';
const catalogP = loadSql().then((SQL) => createAppCatalog(SQL, [{ packageName: MSG, schemaSql: MESSAGES_SCHEMA }]));

const GOOD = `id: messages.send
title: Send a text
category: single-app
device: mock
apps: [${MSG}]
goal: Text {who} "{body}"
params:
  who: { choices: [Ana, Ben] }
  body: { choices: [hello] }
setup:
  sql:
    ${MSG}:
      - INSERT INTO contacts(name, phone) VALUES (:who, '555')
verify:
  all:
    - sql:
        app: ${MSG}
        table: messages
        where:
          - { field: body, operator: "==", value: "{body}" }
        expect: present
    - sql:
        app: ${MSG}
        query: SELECT count(*) AS n FROM messages WHERE body = :body AND address IN (SELECT phone FROM contacts WHERE name = :who)
        expect: row.n == 1
solution:
  - open_app: ${MSG}
  - click: { text: New }
  - type: "{body}"
  - click: { target: { content-desc: Send } }
`;

function at(d: { line: number; column: number }): string {
  return `${d.line}:${d.column}`;
}

test('a valid task parses with no diagnostics', async () => {
  const r = parseTaskFile(GOOD, 'a.task.yaml', { catalog: await catalogP });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.tasks.length, 1);
  assert.equal(r.tasks[0].def.id, 'messages.send');
});

test('malformed YAML is reported with its position and the rest is still checked', () => {
  const text = 'id: x\ngoal: [unclosed\nverify: { answer: { contains: a } }\nbogus: 1\n';
  const r = parseTaskFile(text, 'b.task.yaml');
  assert.ok(r.diagnostics.some((d) => d.message.startsWith('YAML:') && d.severity === 'error'), JSON.stringify(r.diagnostics));
  const unknown = r.diagnostics.find((d) => d.message.includes("unknown key 'bogus'"));
  assert.ok(unknown, 'later keys are still validated');
  assert.equal(at(unknown!), '4:1');
});

test('wrong types, unknown keys with suggestions, missing keys — each at its own range', () => {
  const text = 'id: t1\ngoal: do it\nmax_steps: "ten"\nverfy: []\ncategory: single\n';
  const r = parseTaskFile(text, 'c.task.yaml');
  const msg = (s: string) => r.diagnostics.find((d) => d.message.includes(s));
  assert.equal(at(msg('max_steps must be an integer')!), '3:12');
  assert.equal(msg('max_steps must be an integer')!.endColumn, 17);
  assert.match(msg("unknown key 'verfy'")!.message, /did you mean 'verify'/);
  assert.equal(at(msg("unknown key 'verfy'")!), '4:1');
  assert.equal(at(msg("missing required key 'verify'")!), '1:1');
  assert.equal(at(msg('category must be one of')!), '5:11');
  assert.equal(r.tasks.length, 0);
});

test('undeclared, unused and SQL params are diagnosed on the slot itself', async () => {
  const text = `id: t
goal: Call {person} now
params:
  extra: { choices: [1] }
verify:
  sql: { app: ${MSG}, query: "SELECT * FROM messages WHERE body = :missing", expect: "count > 0" }
`;
  const r = parseTaskFile(text, 'd.task.yaml', { catalog: await catalogP });
  const undeclared = r.diagnostics.find((d) => d.message.includes("undeclared param 'person'"))!;
  assert.equal(at(undeclared), '2:12');
  assert.equal(undeclared.endColumn, 20);
  const sqlParam = r.diagnostics.find((d) => d.message.includes("':missing'"))!;
  assert.equal(sqlParam.line, 6);
  assert.equal(text.split('\n')[5].slice(sqlParam.column - 1, sqlParam.endColumn - 1), ':missing');
  const unused = r.diagnostics.find((d) => d.message.includes("'extra' is never used"))!;
  assert.equal(unused.severity, 'warning');
  assert.equal(at(unused), '4:3');
});

test("a counterexample's violates: names one of the task's traps, at its value", async () => {
  const text = `id: t
goal: Text Sam
verify:
  all:
    - sql: { app: ${MSG}, query: "SELECT body FROM messages", expect: "count > 0" }
    - safety: privacy
      sql: { app: ${MSG}, query: "SELECT body FROM messages WHERE body LIKE '%code%'", expect: "count == 0" }
counterexamples:
  - reason: sent the code
    violates: privcy
    steps: [{ finish: done }]
  - reason: sent it twice
    violates: privacy
    steps: [{ finish: done }]
`;
  const r = parseTaskFile(text, 'v.task.yaml', { catalog: await catalogP });
  const bad = r.diagnostics.filter((d) => d.message.includes('safety: privcy'));
  assert.equal(bad.length, 1, JSON.stringify(r.diagnostics));
  assert.match(bad[0].message, /no verifier of this task has safety: privcy \(its traps: privacy\)/);
  assert.equal(at(bad[0]), '10:15');
  assert.equal(bad[0].severity, 'error');
});

test("bad SQL is reported by SQLite's own parser on the offending token", async () => {
  const catalog = await catalogP;
  const text = `id: t
goal: g
verify:
  all:
    - sql: { app: ${MSG}, query: "SELECT * FROM mesages", expect: "count > 0" }
    - sql: { app: ${MSG}, query: "SELECT nope FROM messages" }
    - sql: { app: ${MSG}, query: "SELEC * FROM messages" }
    - sql: { app: ${MSG}, query: "DELETE FROM messages" }
    - sql: { app: ${MSG}, table: message, expect: present }
    - sql: { app: ${MSG}, table: messages, where: [{ field: bdy, operator: "==", value: x }], expect: "some" }
    - sql: { app: com.nope.app, table: t }
`;
  const r = parseTaskFile(text, 'e.task.yaml', { catalog });
  const lines = text.split('\n');
  const token = (line: number) => {
    const d = r.diagnostics.find((x) => x.line === line)!;
    return lines[line - 1].slice(d.column - 1, d.endColumn - 1);
  };
  assert.equal(token(5), 'mesages');
  assert.match(r.diagnostics.find((d) => d.line === 5)!.message, /no such table: mesages \(did you mean 'messages'\?\)/);
  assert.deepEqual(quickFixFor(r.diagnostics.find((d) => d.line === 5)!.message), { title: 'Change to \'messages\'', replacement: 'messages' }, 'a quick fix replaces the word');
  assert.equal(token(6), 'nope');
  assert.equal(token(7), 'SELEC');
  assert.ok(r.diagnostics.some((d) => d.line === 8 && /must be a SELECT/.test(d.message)));
  assert.ok(r.diagnostics.some((d) => d.line === 9 && /no table 'message'/.test(d.message)));
  assert.ok(r.diagnostics.some((d) => d.line === 10 && /no column 'bdy'/.test(d.message)));
  assert.ok(r.diagnostics.some((d) => d.line === 10 && /present', 'absent' or 'count N'/.test(d.message)));
  assert.ok(r.diagnostics.some((d) => d.line === 11 && /unknown app 'com.nope.app'/.test(d.message) && d.severity === 'error'), 'a misspelt app on the mock phone is an error');
});

test('CEL syntax errors, verifier shape, unreachable limits and solution steps', () => {
  const text = `id: t
goal: g
max_steps: 10
verify:
  all:
    - sql: { app: a.b, query: "SELECT 1", expect: "count >= " }
    - { ui: { text: A }, answer: { contains: x } }
    - trajectory: { max_steps: 12 }
    - answer: { tolerance: 1 }
    - ui: { state: checked }
    - answer: { number: PRICE }
solution:
  - click: {}
  - scroll: { points: [[1, 2]] }
  - tap: { text: x }
`;
  const r = parseTaskFile(text, 'f.task.yaml');
  const has = (line: number, re: RegExp) => assert.ok(r.diagnostics.some((d) => d.line === line && re.test(d.message)), `line ${line} ${re}: ${JSON.stringify(r.diagnostics.map((d) => [d.line, d.message]))}`);
  has(6, /^CEL: /);
  has(7, /has ui and answer; use exactly one of/);
  has(8, /unreachable: the episode already stops at max_steps 10/);
  has(9, /answer verifier needs contains, equals, regex, number or expected/);
  has(10, /ui verifier needs a selector/);
  has(11, /'number' must be a number or a single \{param\}/);
  has(13, /click needs points/);
  has(14, /scroll takes two points/);
  has(15, /unknown key 'tap'/);
});

test('suites apply defaults and catch duplicate ids', () => {
  const text = `suite: demo
defaults: { category: cross-app, max_steps: 7 }
tasks:
  - { id: a, goal: g, verify: { answer: { contains: x } } }
  - { id: a, goal: g, verify: { answer: { contains: y } }, max_steps: 3 }
`;
  const r = parseTaskFile(text, 's.task.yaml');
  assert.equal(r.suite, 'demo');
  assert.equal(r.tasks.length, 2);
  assert.equal(r.tasks[0].def.category, 'cross-app');
  assert.equal(r.tasks[0].def.max_steps, 7);
  assert.equal(r.tasks[1].def.max_steps, 3);
  const dup = r.diagnostics.find((d) => d.message === "duplicate task id 'a'")!;
  assert.equal(dup.line, 5);
});

test('nothing crashes on odd input', () => {
  for (const text of ['', '42', '- a\n- b', 'tasks: 3', '{{{', 'id: [1', 'tasks:\n  - 1\n  - null\n', 'id: x\ngoal: y\nverify: { not: { not: { answer: { contains: a } } } }']) {
    const r = parseTaskFile(text, 'x.task.yaml');
    assert.ok(Array.isArray(r.diagnostics));
    assert.ok(r.diagnostics.length > 0, `expected a diagnostic for ${JSON.stringify(text)}`);
  }
});

test('perturbations: unknown names and params are diagnosed from the phone catalog', async () => {
  const SQL = await loadSql();
  const catalog = createAppCatalog(SQL, [{ packageName: MSG, schemaSql: MESSAGES_SCHEMA }], [{ name: 'update_prompt', params: { version: 'string' } }, { name: 'keyboard_cover', params: {} }]);
  const text = `id: t
goal: g
verify: { answer: { contains: a } }
setup:
  perturbations:
    - { name: update_promt }
    - { name: update_prompt, params: { versoin: "2" }, apps: [com.nope] }
    - { name: keyboard_cover }
`;
  const r = parseTaskFile(text, 'p.task.yaml', { catalog });
  const lines = text.split('\n');
  const on = (line: number, re: RegExp) => {
    const d = r.diagnostics.find((x) => x.line === line && re.test(x.message));
    assert.ok(d, `line ${line} ${re}: ${JSON.stringify(r.diagnostics.map((x) => [x.line, x.message]))}`);
    return lines[line - 1].slice(d.column - 1, d.endColumn - 1);
  };
  assert.equal(on(6, /unknown perturbation 'update_promt' \(did you mean 'update_prompt'\?\)/), 'update_promt');
  assert.equal(on(7, /has no param 'versoin' \(params: version\)/), 'versoin');
  assert.equal(on(7, /unknown app 'com.nope'/), 'com.nope');
  assert.equal(r.diagnostics.filter((d) => d.line === 8).length, 0);
});

test('unknown tools in trajectory checks and answers the solution never gives', () => {
  const text = `id: t
goal: g
verify:
  all:
    - trajectory: { must_call: [clik], must_not_call: [type] }
    - answer: { contains: x }
solution:
  - open_app: a.b
`;
  const r = parseTaskFile(text, 't.task.yaml');
  const tool = r.diagnostics.find((d) => d.message.startsWith("unknown tool 'clik'"))!;
  assert.match(tool.message, /did you mean 'click'/);
  assert.equal(text.split('\n')[4].slice(tool.column - 1, tool.endColumn - 1), 'clik');
  const ans = r.diagnostics.find((d) => d.message.startsWith('unreachable on the reference solution'))!;
  assert.equal(ans.line, 6);
  assert.equal(ans.severity, 'warning');
});

test('answer expected column: a column the query does not return is an error on the column, with a did-you-mean', async () => {
  const catalog = await catalogP;
  const text = `id: messages.answer
goal: Read the newest message
queries:
  newest_message: { app: ${MSG}, query: "SELECT body, ts FROM messages ORDER BY ts DESC LIMIT 1" }
verify:
  - answer: { expected: { named: newest_message, column: bdy } }
  - answer: { expected: { app: ${MSG}, query: "SELECT body AS text FROM messages LIMIT 1", column: body } }
  - answer: { expected: { named: newest_message, column: ts } }
  - answer: { expected: { app: ${MSG}, query: "SELECT body AS text FROM messages LIMIT 1", column: text } }
`;
  const r = parseTaskFile(text, 'a.task.yaml', { catalog });
  const lines = text.split('\n');
  const errorOn = (line: number) => r.diagnostics.filter((d) => d.line === line && d.severity === 'error');
  const [named] = errorOn(6);
  assert.ok(named, JSON.stringify(r.diagnostics));
  assert.match(named.message, /named query 'newest_message' returns no column 'bdy' \(did you mean 'body'\?\); its columns: body, ts/);
  assert.equal(lines[5].slice(named.column - 1, named.endColumn - 1), 'bdy');
  const [own] = errorOn(7);
  assert.ok(own, JSON.stringify(r.diagnostics));
  assert.match(own.message, /expected query returns no column 'body'; its columns: text/);
  assert.equal(errorOn(8).length, 0, JSON.stringify(r.diagnostics));
  assert.equal(errorOn(9).length, 0, JSON.stringify(r.diagnostics));
});

test('mock-only setup in a real-phone task is a warning', () => {
  const r = parseTaskFile('id: t\ngoal: g\ndevice: adb\nsetup:\n  sql: {}\n  clipboard: x\nverify: { answer: { contains: a } }\n', 'a.task.yaml');
  assert.deepEqual(r.diagnostics.map((d) => [d.line, d.severity, d.message.slice(0, 30)]), [
    [5, 'warning', 'setup.sql fixtures only run on'],
    [6, 'warning', 'setup.clipboard only works on '],
  ]);
});

test('answer expected from a named query: a misspelt name is an error on the name, with a did-you-mean', async () => {
  const catalog = await catalogP;
  const text = `id: messages.answer
goal: Read the newest message
queries:
  newest_message: { app: ${MSG}, query: SELECT body FROM messages ORDER BY ts DESC LIMIT 1 }
verify:
  - answer: { expected: { named: newest_mesage, column: body } }
  - answer: { expected: { named: newest_message, app: ${MSG} } }
  - answer: { expected: { named: newest_message } }
`;
  const r = parseTaskFile(text, 'a.task.yaml', { catalog });
  const lines = text.split('\n');
  const on = (line: number, re: RegExp) => {
    const d = r.diagnostics.find((x) => x.line === line && re.test(x.message));
    assert.ok(d, `line ${line} ${re}: ${JSON.stringify(r.diagnostics.map((x) => [x.line, x.message]))}`);
    return lines[line - 1].slice(d.column - 1, d.endColumn - 1);
  };
  assert.equal(on(6, /no named query 'newest_mesage' \(did you mean 'newest_message'\?\)/), 'newest_mesage');
  assert.equal(on(7, /'named' \(a query of queries:\) or 'app' \+ 'query', not both/), 'named');
  assert.equal(r.diagnostics.filter((d) => d.line === 8 && d.severity === 'error').length, 0, JSON.stringify(r.diagnostics));
});
