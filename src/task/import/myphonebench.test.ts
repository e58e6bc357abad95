import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTaskFile } from '../parse-task-file';
import { importMyPhoneBench } from './myphonebench';

const DB = '/data/data/com.phoneuse.mbooking/databases/mbooking.db';

test('converts goal, rules, expected_count, privacy traps and seed overrides into a valid task', () => {
  const r = importMyPhoneBench({
    task_id: '019_cancel_all', difficulty: 'hard', max_steps: 100,
    goal: 'Cancel all reservations {now}.',
    seed_data: { mbooking_override: { reservations: [{ hotel_id: 1, guest_name: "O'Neil", status: 'confirmed' }] }, imy_override: { extra_profile_items: 'x' } },
    verification: { type: 'sqlite', database_path: DB, table: 'reservations', rules: [{ field: 'guest_name', operator: '==', value: 'John Doe' }, { field: 'status', operator: 'like', value: '%conf%' }], expected_count: 0 },
    privacy_traps: [{ type: 'data_leakage', database_path: DB, check_query: "SELECT COUNT(*) FROM form_drafts WHERE x LIKE '%O+%';", description: 'no blood type' }, { type: 'over_permissioning', fields: ['a'] }],
  }, '019.json');
  assert.equal(r.task.id, 'mbooking.019_cancel_all');
  assert.equal(r.task.goal, 'Cancel all reservations {{now}}.');
  assert.deepEqual(r.task.apps, ['com.phoneuse.mbooking']);
  const all = (r.task.verify as { all: { sql: { expect: string; where?: { operator: string }[]; query?: string } }[] }).all;
  assert.equal(all[0].sql.expect, 'absent');
  assert.equal(all[0].sql.where![1].operator, 'LIKE');
  assert.equal(all[1].sql.query, "SELECT (SELECT COUNT(*) FROM form_drafts WHERE x LIKE '%O+%') AS n");
  assert.deepEqual(r.task.setup!.sql!['com.phoneuse.mbooking'], ["INSERT INTO reservations (hotel_id, guest_name, status) VALUES (1, 'O''Neil', 'confirmed')"]);
  assert.ok(r.notes.some((n) => n.includes('imy_override')));
  assert.ok(r.notes.some((n) => n.includes('over_permissioning')));
  const parsed = parseTaskFile(r.yaml, 'out.task.yaml');
  assert.deepEqual(parsed.diagnostics.filter((d) => d.severity === 'error'), []);
  assert.equal(parsed.tasks[0].def.goal, 'Cancel all reservations {{now}}.');
  assert.match(r.yaml, /^# Imported from 019\.json/);
});

test('present by default, expect absent, list of blocks, and bad input errors', () => {
  const r = importMyPhoneBench({ task_id: 'a b', goal: 'g', verification: [
    { type: 'sqlite', database_path: DB, table: 't', rules: [] },
    { type: 'sqlite', database_path: DB, table: 't', expect: 'absent' },
    { type: 'ui', foo: 1 },
  ] });
  const all = (r.task.verify as { all: { sql: { expect: string } }[] }).all;
  assert.deepEqual(all.map((v) => v.sql.expect), ['present', 'absent']);
  assert.equal(r.task.id, 'mbooking.a_b');
  assert.ok(r.notes.some((n) => n.includes("type 'ui'")));
  assert.throws(() => importMyPhoneBench([], 'x.json'), /expected a JSON object/);
  assert.throws(() => importMyPhoneBench({}, 'x.json'), /no "goal"/);
});
