import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sqlDeterminism } from './sql-determinism';
import { collision } from './check/check-task';

const tokens = (q: string) => sqlDeterminism(q).map((f) => q.slice(f.index, f.index + f.length));

test("the computer's clock, chance and LIMIT without ORDER BY are found on their token", () => {
  assert.deepEqual(tokens("SELECT body FROM m WHERE date <= strftime('%s', 'now') * 1000"), ["'now'"]);
  assert.deepEqual(tokens("SELECT body FROM m WHERE body = 'now' AND date > datetime('NOW', '-1 day')"), ["'NOW'"]);
  assert.deepEqual(tokens('SELECT body FROM m WHERE abs(random()) % 2 = 0 AND at < CURRENT_TIMESTAMP').sort(), ['CURRENT_TIMESTAMP', 'random']);
  assert.deepEqual(tokens('SELECT body FROM m WHERE t = 1 LIMIT 1'), ['LIMIT']);
  assert.deepEqual(tokens("SELECT id FROM m WHERE id IN (SELECT id FROM m WHERE x = 'limit' LIMIT 2) ORDER BY id"), ['LIMIT']);
});

test('no finding where the verdict is the state alone', () => {
  assert.deepEqual(tokens('SELECT body FROM m ORDER BY id DESC LIMIT 1'), []);
  assert.deepEqual(tokens('SELECT count(*) AS n FROM m LIMIT 1'), []);
  assert.deepEqual(tokens("SELECT 'random()' AS x, \"now\" FROM m -- random() LIMIT"), []);
  assert.deepEqual(tokens('WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r LIMIT 10) SELECT n FROM r'), []);
});

test('colliding params are named in the vacuous hint', () => {
  assert.match(collision({ from: 'Trip', to: 'Trip' }), /\{from\} and \{to\} are both "Trip".*"from != to"/);
  assert.equal(collision({ from: 'Trip', to: 'Groceries' }), '');
});
