// Queries that never end, or that are slow, huge or hungry whatever their plan looks like, are
// stopped with an error naming the bound they crossed: on the query thread (sql.js has no
// interrupt), and the next query runs on a fresh thread. Plain queries give the same rows as the
// direct path; a query may not write, nor lift its own bounds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../../mockphone';
import { boundedQuery } from './bounded-sql';
import { timeFactor } from '../../../test/vscode/lib/time.mjs';

const NOTES = 'com.phonebuddy.notes';
const FOREVER = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';

test('a recursive CTE that never stops is stopped after the limit, and the thread recovers', async () => {
  const phone = await createMockPhone({ seed: 0 });
  const bytes = () => phone.databaseBytes(NOTES);
  const started = performance.now();
  await assert.rejects(() => boundedQuery({ key: 'a', stateId: '1', bytes }, FOREVER, [], { timeoutMs: 400 }), /ran longer than 400 ms and was stopped \(a recursive CTE/);
  assert.ok(performance.now() - started < 5000 * timeFactor(), 'stopped, not hung');
  // The stuck thread was replaced: the next query answers (bytes sent again to the new thread).
  assert.deepEqual(await boundedQuery({ key: 'a', stateId: '1', bytes }, 'SELECT count(*) AS n FROM notes WHERE id < ?', [3], { timeoutMs: 5000 * timeFactor() }), [{ n: 2 }]);
  // A query that ends on its own is not affected by the limit.
  assert.deepEqual(await boundedQuery({ key: 'a', stateId: '1', bytes }, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT count(*) AS n FROM c', [], { timeoutMs: 5000 * timeFactor() }), [{ n: 1000 }]);
  await assert.rejects(() => boundedQuery({ key: 'a', stateId: '1', bytes }, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c', [], { timeoutMs: 5000, maxRows: 1000 }), /more than 1000 rows/);
  await phone.close();
});

test('a stopped query fails only itself: queries queued behind it answer, each with its own full time limit', async () => {
  const phone = await createMockPhone({ seed: 0 });
  const db = { key: 'q', stateId: '1', bytes: () => phone.databaseBytes(NOTES) };
  const stuck = boundedQuery(db, FOREVER, [], { timeoutMs: 300 });
  // Queued while the first runs; its 1000 ms start when it is taken, not when it was asked.
  const behind = boundedQuery(db, 'SELECT count(*) AS n FROM notes', [], { timeoutMs: 1000 * timeFactor() });
  const slowBehind = boundedQuery(db, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 200000) SELECT count(*) AS n FROM c', [], { timeoutMs: 1000 * timeFactor() });
  await assert.rejects(stuck, /ran longer than 300 ms/);
  assert.equal((await behind)[0].n, Number((await phone.queryApp(NOTES, 'SELECT count(*) AS n FROM notes'))[0].n));
  assert.deepEqual(await slowBehind, [{ n: 200000 }]);
  await phone.close();
});

test('mock phone: every bounded query is bounded, whatever its plan — slow, hungry or huge ones are stopped and say why', async () => {
  const phone = await createMockPhone({ seed: 0 });
  const q = (sql: string, timeoutMs = 3000) => phone.queryApp(NOTES, sql, [], { timeoutMs });
  await assert.rejects(() => q(FOREVER, 400), (e: Error) => /SQL error in com\.phonebuddy\.notes: the query ran longer than 400 ms/.test(e.message));
  // A cross join of cross joins: two scans are fine on the phone's small tables; eleven run for
  // minutes (rows^11), far past the limit even on a fast idle machine.
  const eleven = 'SELECT count(*) AS n FROM notes a, notes b, notes c, notes d, notes e, notes f, notes g, notes h, notes i, notes j, notes k';
  await assert.rejects(() => q(eleven, 400), /ran longer than 400 ms/);
  // One constant row, no scan at all — and seconds of work (randomblob is ~60 ms per MB here).
  await assert.rejects(() => q('SELECT length(randomblob(30000000)) AS n', 300), /ran longer than 300 ms/);
  // Memory: SQLite's heap on the query thread is capped, so these fail at once.
  for (const hungry of [
    'SELECT length(hex(zeroblob(100000000))) AS n',
    "SELECT length(printf('%.*c', 200000000, 'x')) AS n",
    "SELECT length(replace(printf('%.*c', 1000000, 'x'), 'x', printf('%.*c', 200, 'y'))) AS n",
    'SELECT length(randomblob(100000000)) AS n',
  ]) {
    // A time limit far beyond the bound below, so a failure "at once" cannot be the time limit's.
    const t = performance.now();
    await assert.rejects(() => q(hungry, 60_000), /needed more than 64 MB of memory and was stopped \(a huge randomblob, zeroblob, printf or replace\?\)/, hungry);
    assert.ok(performance.now() - t < 2500 * timeFactor(), `${hungry} failed at once, not after the time limit`);
  }
  // Result size: one 10-million-character value is within the heap but not a verifier's answer.
  await assert.rejects(() => q("SELECT printf('%.*c', 10000000, 'x') AS s"), /result is larger than 16 MB/);
  await assert.rejects(() => q("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000) SELECT printf('%.*c', 10000, 'x') AS s FROM c"), /result is larger than 16 MB/);
  const plain = 'SELECT id, title FROM notes WHERE pinned = ? ORDER BY id';
  assert.deepEqual(await phone.queryApp(NOTES, plain, [0], { timeoutMs: 400 }), await phone.queryApp(NOTES, plain, [0]));
  // A query the thread runs sees the phone's current rows (its bytes follow every write).
  const counted = 'SELECT count(*) AS n FROM notes';
  const before = Number((await q(counted))[0].n);
  phone.execSql(NOTES, "INSERT INTO notes (title, body, created_at, updated_at) VALUES ('x', 'y', 1, 1)");
  assert.equal(Number((await q(counted))[0].n), before + 1);
  await phone.close();
});

test('a bounded query only reads: writes fail, and no query can lift the bounds or change what the next one sees', async () => {
  const phone = await createMockPhone({ seed: 0 });
  const q = (sql: string) => phone.queryApp(NOTES, sql, [], { timeoutMs: 3000 });
  const n = Number((await q('SELECT count(*) AS n FROM notes'))[0].n);
  await assert.rejects(() => q('DELETE FROM notes'), /verifier SQL only reads the app's data; this query tried to change it/);
  await assert.rejects(() => q('DELETE FROM notes RETURNING id'), /only reads/);
  await assert.rejects(() => q('PRAGMA query_only = 0; DELETE FROM notes'), /may not change query_only/);
  await assert.rejects(() => q("PRAGMA hard_heap_limit = 0; SELECT length(hex(zeroblob(100000000))) AS n"), /may not change hard_heap_limit/);
  // The copy the thread holds and the phone itself are both untouched.
  assert.equal(Number((await q('SELECT count(*) AS n FROM notes'))[0].n), n);
  assert.equal(Number((await phone.queryApp(NOTES, 'SELECT count(*) AS n FROM notes'))[0].n), n);
  await phone.close();
});
