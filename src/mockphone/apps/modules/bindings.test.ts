// Bindings' plain-JavaScript reads (paths, strings joined with +, a table read by such a key)
// give what CEL gives: the same value, or CEL's own error when a part is not a string.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppContext } from '../app';
import { AppDatabase, loadSql } from '../../runtime/database';
import { Bindings } from './bindings';
import { CEL_EXPRESSIONS } from './cel';
import { matchSite } from './match';

const b = new Bindings(CEL_EXPRESSIONS, 'x.app.yaml:3');
const cel = (expr: string, scope: Record<string, unknown>) => CEL_EXPRESSIONS.plain(CEL_EXPRESSIONS.compile(expr).evaluate(scope));
const outcome = (f: () => unknown) => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).message.replace(/^x\.app\.yaml:3: [^:]+: /, '') };
  }
};

describe('module bindings', () => {
  const scopes: Record<string, unknown>[] = [
    { row: { name: 'Ada', phone: '555', status: 'paid' }, t: { status_paid: 'Paid' } },
    { row: { name: 'Ada', phone: 555, status: 'lost' }, t: { status_paid: 'Paid' } },
    { row: { name: 'Ada', phone: null, status: null }, t: {} },
    { row: { name: 'Ada' }, t: { status_paid: 'Paid' } },
  ];
  const exprs = ["row.name + '  ' + row.phone", "row.name+' '+row.name", "t['status_' + row.status]", "'#' + row.name", "t[row.status]"];
  for (const expr of exprs) {
    it(`${expr} equals CEL's result or error`, () => {
      for (const scope of scopes) {
        const want = outcome(() => cel(expr, scope));
        const got = outcome(() => b.eval(expr, scope));
        if ('value' in want) assert.deepEqual(got, want, JSON.stringify(scope));
        else assert.ok('error' in got, `${JSON.stringify(scope)}: CEL fails (${want.error}), the binding gave ${JSON.stringify(got)}`);
      }
    });
  }
});

describe("a query's match (every word in one of the columns)", () => {
  it('gives the rows of the SQL a hand-written screen builds per word, its args around the words', async () => {
    const db = new AppDatabase(await loadSql(), 'com.example', 'x.db');
    db.script(`CREATE TABLE p (id INTEGER PRIMARY KEY, title TEXT, shop TEXT, cat TEXT);
      INSERT INTO p (title, shop, cat) VALUES ('Mi Band', 'Mi Store', 'a'), ('Earbuds', 'Mi Store', 'b'), ('Mixer 50%', 'Home', 'a'), ('It''s red', 'Shop_1', 'a');`);
    const ctx = { db } as unknown as AppContext;
    const q = { sql: "SELECT id FROM p WHERE cat <> ? AND {match} -- '?'\n ORDER BY id LIMIT ?", args: ['cat', '10'], match: { words: 'params.q', columns: ['title', 'p.shop'] } };
    for (const text of ['', 'mi', 'MI  band ', 'mi x', '%', '_', "it's", 'store earbuds']) {
      const words = text.split(/\s+/).filter((w) => w !== '');
      const hand = db.query(`SELECT id FROM p WHERE cat <> ? AND ${words.map(() => "(title LIKE '%' || ? || '%' OR shop LIKE '%' || ? || '%')").join(' AND ') || '1'} ORDER BY id LIMIT ?`, ['b', ...words.flatMap((w) => [w, w]), 10]);
      assert.deepEqual(b.query(ctx, q, { params: { q: text }, cat: 'b' }), hand, text);
    }
    db.close();
  });
  it("finds {match} outside strings and comments, and counts the ? before it", () => {
    assert.deepEqual(matchSite("SELECT '?', \"?\" /* ? */ -- ?\n FROM t WHERE ? AND {match} AND ?"), { before: "SELECT '?', \"?\" /* ? */ -- ?\n FROM t WHERE ? AND ", after: ' AND ?', args: 1 });
    assert.match((matchSite("SELECT '{match}'") as { error: string }).error, /inside a quoted/);
    assert.match((matchSite('SELECT 1 -- {match}') as { error: string }).error, /inside a comment/);
    assert.match((matchSite('SELECT {match}, {match}') as { error: string }).error, /more than once/);
    assert.match((matchSite('SELECT 1') as { error: string }).error, /has no \{match\}/);
  });
});
