// Queries that never end are stopped: on the query thread with a time limit (sql.js has no
// interrupt), with a clear error, and the next query runs on a fresh thread. Plain queries
// give the same rows as the direct path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../../mockphone';
import { boundedQuery } from './bounded-sql';

const NOTES = 'com.phonebuddy.notes';
const FOREVER = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';

test('a recursive CTE that never stops is stopped after the limit, and the thread recovers', async () => {
  const phone = await createMockPhone({ seed: 0 });
  const bytes = () => phone.databaseBytes(NOTES);
  const started = performance.now();
  await assert.rejects(() => boundedQuery({ key: 'a', stateId: '1', bytes }, FOREVER, [], 400), /ran longer than 400 ms and was stopped \(a recursive CTE/);
  assert.ok(performance.now() - started < 5000, 'stopped, not hung');
  // The stuck thread was replaced: the next query answers (bytes sent again to the new thread).
  assert.deepEqual(await boundedQuery({ key: 'a', stateId: '1', bytes }, 'SELECT count(*) AS n FROM notes WHERE id < ?', [3], 5000), [{ n: 2 }]);
  // A query that ends on its own is not affected by the limit.
  assert.deepEqual(await boundedQuery({ key: 'a', stateId: '1', bytes }, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT count(*) AS n FROM c', [], 5000), [{ n: 1000 }]);
  await assert.rejects(() => boundedQuery({ key: 'a', stateId: '1', bytes }, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c', [], 5000, 1000), /more than 1000 rows/);
  await phone.close();
});

test('mock phone: queryApp with a time limit stops a runaway query and answers plain ones as before', async () => {
  const phone = await createMockPhone({ seed: 0 });
  await assert.rejects(() => phone.queryApp(NOTES, FOREVER, [], { timeoutMs: 400 }), (e: Error) => /SQL error in com\.phonebuddy\.notes: the query ran longer than 400 ms/.test(e.message));
  // A cross join of cross joins: two scans are fine on the phone's small tables; eleven run for
  // minutes (rows^11), far past the limit even on a fast idle machine.
  const six = 'SELECT count(*) AS n FROM notes a, notes b, notes c, notes d, notes e, notes f, notes g, notes h, notes i, notes j, notes k';
  await assert.rejects(() => phone.queryApp(NOTES, six, [], { timeoutMs: 400 }), /ran longer than 400 ms/);
  const plain = 'SELECT id, title FROM notes WHERE pinned = ? ORDER BY id';
  assert.deepEqual(await phone.queryApp(NOTES, plain, [0], { timeoutMs: 400 }), await phone.queryApp(NOTES, plain, [0]));
  // A query the thread runs sees the phone's current rows (its bytes follow every write).
  const counted = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT (SELECT count(*) FROM notes) AS n FROM c LIMIT 1';
  const before = Number((await phone.queryApp(NOTES, counted, [], { timeoutMs: 5000 }))[0].n);
  phone.execSql(NOTES, "INSERT INTO notes (title, body, created_at, updated_at) VALUES ('x', 'y', 1, 1)");
  assert.equal(Number((await phone.queryApp(NOTES, counted, [], { timeoutMs: 5000 }))[0].n), before + 1);
  await phone.close();
});
