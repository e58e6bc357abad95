// `phonebuddy check` and `phonebuddy import` as a user runs them: exit codes, JSON output, and
// a vacuous verifier reported as such.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-check-'));
const example = path.join(root, 'tasks-examples', 'single-app', 'notes-pin.task.yaml');

test('check: a sound example exits 0 and --json reports every instance', () => {
  const r = cli('check', example, '--json');
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { ok: boolean; checks: { ok: boolean; runs: number; actuation: string; instanceId: string; mutants?: { tried: number } }[] };
  assert.equal(report.ok, true);
  // two param combinations: fully proven (mutants) under the first actuation and at two more
  // seeds; the basic proof under the second actuation (type + Enter)
  assert.equal(report.checks.length, 8);
  assert.deepEqual(report.checks.map((c) => c.actuation), [...Array(6).fill('phonebuddy'), 'androidworld', 'androidworld']);
  assert.equal(report.checks.filter((c) => / @seed [12]$/.test(c.instanceId)).length, 4);
  assert.ok(report.checks.slice(0, 2).every((c) => (c.mutants?.tried ?? 0) >= 5), 'the main proofs try mutants');
  assert.ok(report.checks.every((c) => c.ok && c.runs >= 2));
});

test('check: a task whose verdict depends on Enter after typing fails under --actuation androidworld only', () => {
  // An exact match on a multi-line body: typing with Enter (AndroidWorld's input_text) ends it
  // with a line break, as a real notes app does, so this verifier only holds without Enter.
  const file = path.join(tmp, 'enter-sensitive.task.yaml');
  fs.writeFileSync(file, [
    'id: notes.exact-body', 'device: mock', 'locale: en-US', 'goal: Write a note saying hello.',
    'verify:', '  sql:', '    app: com.phonebuddy.notes', '    query: SELECT body FROM notes WHERE body = \'hello\'', '    expect: count == 1',
    'solution:', '  - open_app: com.phonebuddy.notes', '  - click: { resource-id: new_note }', '  - type: hello', '  - click: { resource-id: save }', '  - finish: Done.', '',
  ].join('\n'));
  const plain = cli('check', file, '--actuation', 'phonebuddy');
  assert.equal(plain.code, 0, plain.stdout + plain.stderr);
  const both = cli('check', file);
  assert.equal(both.code, 1, both.stdout);
  assert.match(both.stdout, /✓ notes\.exact-body\s+\[phonebuddy\]/);
  assert.match(both.stdout, /✗ notes\.exact-body\s+\[androidworld\]/);
  const bad = cli('check', file, '--actuation', 'enter');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--actuation must be both, phonebuddy or androidworld, not 'enter'/);
});

test('check: a vacuous verifier exits 1 and says vacuous', () => {
  const file = path.join(tmp, 'vacuous.task.yaml');
  // "the note exists" instead of "the note is pinned": true before the agent does anything.
  fs.writeFileSync(file, fs.readFileSync(example, 'utf8').replace('expect: count == 1 && row.pinned == 1', 'expect: count == 1').replace('expect: row.n == 2', 'expect: row.n >= 1'));
  const r = cli('check', file, '--sample', '1');
  assert.equal(r.code, 1);
  assert.match(r.stdout, /vacuous: verifiers pass on the untouched initial state/);
});

test('check: diagnostics and bad arguments', () => {
  const file = path.join(tmp, 'broken.task.yaml');
  fs.writeFileSync(file, 'id: x\ngoal: g {nope}\nverify: { answer: { contains: a } }\n');
  const r = cli('check', file);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /broken\.task\.yaml:2:9: error: undeclared param 'nope'/);
  assert.equal(cli('check').code, 2);
  assert.equal(cli('check', file, '--sample', 'many').code, 2);
  assert.equal(cli('check', path.join(tmp, 'missing.task.yaml')).code, 1);
});

test('import: MyPhoneBench JSON to a task file that parses', () => {
  const json = path.join(tmp, '001_book.json');
  fs.writeFileSync(json, JSON.stringify({ task_id: '001_book', goal: 'Book a room.', verification: { type: 'sqlite', database_path: '/data/data/com.phoneuse.mbooking/databases/mbooking.db', table: 'reservations', rules: [{ field: 'guest_name', operator: '==', value: 'John Doe' }] } }));
  const out = path.join(tmp, 'out');
  const r = cli('import', json, '--out', out);
  assert.equal(r.code, 0, r.stderr);
  const written = fs.readFileSync(path.join(out, 'mbooking.001_book.task.yaml'), 'utf8');
  assert.match(written, /table: reservations/);
  assert.equal(cli('import', json, '--out', out).code, 1, 'refuses to overwrite without --force');
  assert.equal(cli('import', path.join(tmp, 'nope.json')).code, 1);
});
