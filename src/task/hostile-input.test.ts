// Bad input at the task language: linear-time regexes, bounded CEL, suite defaults that stop
// their tasks, no silently dropped task, bounded YAML aliases, names checked statically,
// bounded nesting and size, no control characters, files that are not text refused unread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileCel } from './cel';
import { mockAppCatalog } from '../studio/app-catalog';
import { loadTaskFiles, readTaskText } from './load-tasks';
import { parseTaskFile } from './parse-task-file';
import { compileRegex } from './regex';
import { createFakeDevice, MESSAGES_SCHEMA } from './testing/fake-device';
import { evaluateVerifiers } from './verifiers/evaluate';
import { MAX_TASK_FILE_CHARS, MAX_YAML_DEPTH } from './yaml-source';

const MSG = 'com.phonebuddy.messages';
const catalogP = mockAppCatalog();
const errors = async (text: string) => parseTaskFile(text, 'h.task.yaml', { catalog: await catalogP }).diagnostics.filter((d) => d.severity === 'error');

test('a backtracking regex runs in linear time; lookaround is a clear error', () => {
  const t = performance.now();
  assert.equal(compileRegex('^(a+)+$').test(`${'a'.repeat(30_000)}b`), false);
  assert.ok(performance.now() - t < 5000);
  assert.throws(() => compileRegex('(?=a)b'), /no lookaround or backreferences/);
});

test('CEL: nested comprehensions and deep nesting are refused with a named limit, never hang', async () => {
  const list = `[${Array.from({ length: 300 }, (_, i) => i).join(',')}]`;
  const nested = `${list}.all(a, ${list}.all(b, ${list}.all(c, a + b + c >= 0)))`;
  const d = await errors(`id: c\ngoal: g\nverify: { sql: { app: ${MSG}, query: "SELECT 1 AS x", expect: "${nested}" } }\n`);
  assert.ok(d.some((x) => x.line === 3 && /expression too costly: 3 nested comprehensions/.test(x.message)), JSON.stringify(d));
  assert.throws(() => compileCel(`${'!'.repeat(3000)}true`), /nested too deeply|too large|characters long/);
  assert.throws(() => compileCel(`${'('.repeat(100)}1${')'.repeat(100)}`), /nested too deeply \(more than 64 levels\)/);
  const p = compileCel('rows.all(a, rows.all(b, a.x + b.x >= 0))');
  assert.throws(() => p.evaluate({ rows: Array.from({ length: 5000 }, (_, i) => ({ x: i })) }), /too costly/);
});

test("an error in a suite's defaults stops every task of that suite, with the error", async () => {
  const d = await errors(`suite: s\ndefaults: { max_steps: many }\ntasks:\n  - id: a\n    goal: g\n    verify: { answer: { contains: a } }\n`);
  assert.ok(d.some((x) => x.line === 2 && /max_steps/.test(x.message)));
  assert.ok(d.some((x) => x.line === 4 && /not run: the suite's defaults have an error \(line 2/.test(x.message)));
});

test('no silent drops: binary goals and files without a task are errors naming the file', async () => {
  const bin = parseTaskFile('id: x\ngoal: !!binary aGVsbG8=\nverify: { answer: { contains: a } }\n', 'b.task.yaml');
  assert.ok(bin.diagnostics.some((x) => x.severity === 'error' && x.file === 'b.task.yaml' && /binary data/.test(x.message)));
  assert.equal(bin.tasks.length, 0);
  const none = parseTaskFile('suite: s\ntasks:\n  - { title: t }\n', 'n.task.yaml');
  assert.ok(none.diagnostics.some((x) => x.severity === 'error'));
});

test('YAML aliases expand (anchors, merge keys) and a billion-laughs file stops at the bound', async () => {
  const ok = parseTaskFile(`id: y\ngoal: g\nverify:\n  all:\n    - &sent { answer: { contains: hi } }\n    - *sent\n`, 'a.task.yaml');
  assert.deepEqual(ok.diagnostics.filter((x) => x.severity === 'error'), []);
  assert.deepEqual(ok.tasks[0].def.verify, { all: [{ answer: { contains: 'hi' } }, { answer: { contains: 'hi' } }] });
  const lol = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
  for (let i = 1; i < 8; i++) lol.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
  const big = parseTaskFile(lol.join('\n'), 'l.task.yaml');
  assert.ok(big.diagnostics.some((x) => /aliases expand to more than/.test(x.message)));
});

test('static CEL names: unknown variables and row.<column> the query does not return', async () => {
  const d = await errors(`id: n\ngoal: g\nverify: { sql: { app: ${MSG}, query: "SELECT body FROM messages", expect: "count == 1 && row.bdy == 'x' && rowz > 0" } }\n`);
  assert.ok(d.some((x) => /the query returns no column 'bdy' \(did you mean 'body'\?\)/.test(x.message)));
  assert.ok(d.some((x) => /unknown variable 'rowz' \(did you mean 'rows'\?\)/.test(x.message)));
});

test("rules 'contains' is a literal substring (a % in the value is text); answer expected from state", async () => {
  const device = await createFakeDevice({ [MSG]: MESSAGES_SCHEMA });
  device.execSql(MSG, "INSERT INTO messages(address, body, type, ts) VALUES ('1', '50X off today', 'inbox', 1), ('2', 'Code 4821', 'inbox', 2)");
  const rule = (op: string) => ({ sql: { app: MSG, table: 'messages', where: [{ field: 'body', operator: op, value: '%50% off%' }], expect: 'present' } }) as never;
  const run = (v: never, answer?: string) => evaluateVerifiers(v, { device, outcome: { steps: [], terminatedBy: 'finish', ...(answer ? { answer } : {}) }, context: { trusted: true } });
  assert.equal((await run(rule('LIKE'))).passed, true, 'LIKE treats % as a wildcard');
  assert.equal((await run(rule('contains'))).passed, false, 'contains does not');
  const expected = { answer: { expected: { app: MSG, query: 'SELECT body FROM messages ORDER BY ts DESC LIMIT 1' } } } as never;
  assert.equal((await run(expected, 'It says: Code 4821')).passed, true);
  assert.equal((await run(expected, 'It says: Code 4822')).passed, false);
});

test('deep nesting stops at a named bound before the YAML composer recurses (400 kB of brackets aborted check)', () => {
  const deep = parseTaskFile(`id: d\ngoal: g\nverify: ${'['.repeat(200_000)}${']'.repeat(200_000)}\n`, 'd.task.yaml');
  assert.deepEqual(deep.diagnostics.map((d) => [d.line, d.message]), [[3, `YAML nested too deeply (more than ${MAX_YAML_DEPTH} levels): a task file needs only a few`]]);
  assert.equal(deep.tasks.length, 0);
  const blocks = parseTaskFile(Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n'), 'b.task.yaml');
  assert.ok(blocks.diagnostics.some((d) => /nested too deeply/.test(d.message)));
  // Well inside the bound, a deep verifier is checked as usual.
  const ok = parseTaskFile(`id: o\ngoal: g\nverify: ${'{ all: ['.repeat(60)}{ answer: { contains: a } }${'] }'.repeat(60)}\n`, 'o.task.yaml');
  assert.deepEqual(ok.diagnostics.filter((d) => d.severity === 'error'), []);
  assert.equal(ok.tasks.length, 1);
});

test('too large, control characters, a second document: one clear error each', () => {
  const huge = parseTaskFile(`id: h\ngoal: "${'x'.repeat(MAX_TASK_FILE_CHARS)}"\nverify: { answer: { contains: a } }\n`, 'h.task.yaml');
  assert.deepEqual(huge.diagnostics.map((d) => d.message), ['the file is too large for a task file (4.0 MB; at most 4.0 MB): split it into several files']);
  const nul = parseTaskFile('id: n\ngoal: "say\u0000hi"\nverify: { answer: { contains: a } }\n', 'n.task.yaml');
  assert.deepEqual(nul.diagnostics.map((d) => [d.line, d.column, d.message]), [[2, 11, 'not a text file: control character U+0000 (a task file is YAML text; binary data and control characters are not allowed)']]);
  assert.equal(nul.tasks.length, 0);
  const two = parseTaskFile('id: a\ngoal: g\nverify: { answer: { contains: a } }\n---\nid: b\n', 't.task.yaml');
  assert.ok(two.diagnostics.some((d) => d.line === 4 && /a task file holds one YAML document; a second one starts here/.test(d.message)), JSON.stringify(two.diagnostics));
  const bom = parseTaskFile('\ufeffid: b\ngoal: g\nverify: { answer: { contains: a } }\n', 'bom.task.yaml');
  assert.equal(bom.tasks[0]?.def.id, 'b');
});

test('reading task files: devices, pipes, huge and non-UTF-8 files are refused without reading them', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-hostile-'));
  try {
    const big = path.join(dir, 'big.task.yaml');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, MAX_TASK_FILE_CHARS + 1); // sparse: nothing is written
    assert.match((await readTaskText(big) as { error: string }).error, /too large for a task file \(4\.0 MB; at most 4 MB\)/);
    const fifo = path.join(dir, 'pipe.task.yaml');
    execFileSync('mkfifo', [fifo]);
    assert.deepEqual(await readTaskText(fifo), { error: 'not a regular file (a device, pipe or socket cannot hold a task)' });
    assert.deepEqual(await readTaskText('/dev/zero'), { error: 'not a regular file (a device, pipe or socket cannot hold a task)' });
    const utf16 = path.join(dir, 'u16.task.yaml');
    fs.writeFileSync(utf16, Buffer.from('\ufeffid: x\n', 'utf16le'));
    assert.match((await readTaskText(utf16) as { error: string }).error, /^not UTF-8 text/);
    const bom = path.join(dir, 'bom.task.yaml');
    fs.writeFileSync(bom, '\ufeffid: x\n');
    assert.equal(await readTaskText(bom), '\ufeffid: x\n');
    const { diagnostics } = await loadTaskFiles([fifo, utf16], { catalog: await catalogP });
    assert.deepEqual(diagnostics.map((d) => [path.basename(d.file), d.severity]), [['pipe.task.yaml', 'error'], ['u16.task.yaml', 'error']]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a verifier query longer than the query thread takes is an error on its line, not a verifier error per run', async () => {
  const q = `SELECT id FROM messages WHERE body = '${'x'.repeat(1_000_001)}'`;
  const d = await errors(`id: h\ngoal: g\nverify:\n  sql:\n    app: ${MSG}\n    query: "${q}"\n`);
  assert.ok(d.some((x) => x.line === 6 && /SQL is 1000040 characters long \(at most 1000000\)/.test(x.message)), JSON.stringify(d.map((x) => [x.line, x.message.slice(0, 80)])));
});
