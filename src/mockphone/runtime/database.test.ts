// AppDatabase.query builds rows from one read of the column names: the rows must be exactly
// what sql.js's getAsObject() gives (key order, duplicate names, odd names, every value type).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppDatabase, loadSql } from './database';

test('query rows are the ones getAsObject gives, whatever the columns', async () => {
  const sql = await loadSql();
  const db = new AppDatabase(sql, 'com.example', 'x.db');
  db.script(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB, note TEXT);
    INSERT INTO t (name, score, data, note) VALUES ('Ada', 1.5, x'0102', NULL), ('', -0.0, NULL, 'é😀'), ('Bob', 3, x'', '');`);
  const raw = new sql.Database(db.bytes());
  const expected = (text: string, params: (string | number)[] = []): unknown[] => {
    const stmt = raw.prepare(text);
    stmt.bind(params);
    const rows: unknown[] = [];
    while (stmt.step()) rows.push(stmt.getAsObject());
    stmt.free();
    return rows;
  };
  for (const [text, params] of [
    ['SELECT * FROM t ORDER BY id', []],
    ['SELECT name, name, score AS name, id FROM t', []],
    ['SELECT 1 AS __proto__, 2 AS constructor, 3 AS "", 4 AS "a b"', []],
    ['SELECT * FROM t WHERE name = ?', ['nobody']],
    ['SELECT id, data, length(data) AS n FROM t WHERE id >= ?', [2]],
  ] as [string, (string | number)[]][]) {
    const rows = db.query(text, params);
    assert.deepStrictEqual(rows, expected(text, params), text);
    for (let i = 0; i < rows.length; i++) assert.deepStrictEqual(Object.keys(rows[i]), Object.keys(expected(text, params)[i] as object), text);
  }
  assert.equal(Object.getPrototypeOf(db.query('SELECT 1 AS __proto__')[0]), Object.prototype);
  raw.close();
  db.close();
});

test("a query's prepared statement, kept for its text, sees every change", async () => {
  const sql = await loadSql();
  const db = new AppDatabase(sql, 'com.example', 'x.db');
  db.script("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b');");
  const names = (text: string, params: (string | number)[] = []) => db.query(text, params).map((r) => r.name);
  const byId = 'SELECT name FROM t WHERE id >= ? ORDER BY id';
  assert.deepEqual(names(byId, [1]), ['a', 'b']);
  assert.deepEqual(names(byId, [2]), ['b'], 'bound again');
  db.run("INSERT INTO t (name) VALUES ('c')");
  assert.deepEqual(names(byId, [2]), ['b', 'c'], 'a write between two queries');
  // The schema changed under a kept statement: SQLite prepares it again (SELECT * has the new column).
  db.script('ALTER TABLE t ADD COLUMN extra TEXT');
  assert.deepEqual(Object.keys(db.query('SELECT * FROM t WHERE id = ?', [1])[0]), ['id', 'name', 'extra']);
  const saved = db.bytes();
  db.script('DROP TABLE t; CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);');
  assert.deepEqual(names(byId, [1]), [], 'the table dropped and made again');
  // A statement whose step failed is usable again.
  const json = "SELECT json_extract(?, '$.name') AS name";
  assert.throws(() => db.query(json, ['not json']), /malformed JSON/);
  assert.deepEqual(names(json, ['{"name":"ok"}']), ['ok']);
  // Past the bound, the oldest are freed and prepared again when asked for.
  for (let i = 0; i < 100; i++) assert.deepEqual(db.query(`SELECT ${i} AS n`), [{ n: i }]);
  db.load(saved);
  assert.deepEqual(names(byId, [2]), ['b', 'c'], 'other contents loaded');
  db.close();
});

test('every connection keeps its lock (locking_mode exclusive): opened, opened on first use, loaded, exported', async () => {
  const sql = await loadSql();
  const mode = (db: AppDatabase) => db.exec('PRAGMA locking_mode')[0].values[0][0];
  const db = new AppDatabase(sql, 'com.example', 'x.db');
  assert.equal(mode(db), 'exclusive');
  db.script("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a');");
  const bytes = db.bytes();
  assert.equal(mode(db), 'exclusive', 'after an export');
  db.load(bytes.slice());
  assert.equal(mode(db), 'exclusive', 'after a load');
  const lazy = AppDatabase.unopened(sql, 'com.example', 'x.db', bytes.slice(), 'seeded');
  assert.deepEqual(lazy.query('SELECT name FROM t'), [{ name: 'a' }]);
  assert.equal(mode(lazy), 'exclusive', 'opened on first use');
  // A write and an export while holding the lock: the bytes are another connection's to open.
  lazy.run("INSERT INTO t (name) VALUES ('b')");
  const other = new sql.Database(lazy.bytes());
  assert.deepEqual(other.exec('SELECT name FROM t ORDER BY id')[0].values, [['a'], ['b']]);
  other.close();
  db.close();
  lazy.close();
});
