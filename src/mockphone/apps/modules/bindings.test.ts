// Bindings' plain-JavaScript reads (paths, strings joined with +, a table read by such a key)
// give what CEL gives: the same value, or CEL's own error when a part is not a string.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Bindings } from './bindings';
import { CEL_EXPRESSIONS } from './cel';

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
