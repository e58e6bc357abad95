// CEL's shortcut for tiny expressions (field reads, comparisons, ?:, &&, ||, !, string +) must
// give exactly the library's answer — the same value, the same error — on any context: random
// expressions of that subset (and a little beyond it) on random rows of every value type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compileCel, evaluateCelExactly } from './cel';

type Outcome = { value: unknown } | { error: string };
const outcome = (fn: () => unknown): Outcome => {
  try {
    return { value: fn() };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
};

const FIELDS = ['a', 'b', 'c', 'missing', 'o'];
/** Anything a context may hold. */
const anyValue = fc.oneof(
  fc.integer({ min: -3, max: 3 }), fc.integer(), fc.double(), fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 2 ** 53, 1.5),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.constantFrom(0n, 1n, 2n ** 53n + 1n),
  fc.string({ maxLength: 4 }), fc.constantFrom('', 'x', 'é', '\u{1F600}', '\uFFFF', 'ab'),
  fc.boolean(), fc.constant(null), fc.constant(undefined),
  fc.constant(new Uint8Array([1, 2])), fc.constant([1, 2]), fc.constant({ x: 1 }), fc.constant(new Map([['x', 1]])),
);
/** Few distinct values, so that ties (a == b, a <= b at equality) are common. */
const fewValues = fc.constantFrom(0, 1, -0, 1.5, NaN, 0n, 1n, '', 'x', 'xx', true, false, null, undefined, new Uint8Array(1));
const rowOf = (value: fc.Arbitrary<unknown>) => fc.dictionary(fc.constantFrom(...FIELDS, 'x'), value, { maxKeys: 6 })
  .map((r) => ({ ...r, o: r.o ?? { x: r.a ?? 1, y: 'y' } }));

const exprOf = (atom: fc.Arbitrary<string>, ops: string[], calls: boolean): fc.Arbitrary<string> => fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('e'), fc.constantFrom(...ops), tie('e')).map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc.tuple(tie('e'), tie('e'), tie('e')).map(([c, t, f]) => `(${c} ? ${t} : ${f})`),
    tie('e').map((x) => `!${x}`),
    ...(calls ? [tie('e').map((x) => `size(${x})`), fc.tuple(tie('e'), fc.constantFrom('0', '1', '2', '-1', '1.0', 'row.a')).map(([x, n]) => `${x}.truncate(${n})`)] : []),
  ),
})).e;
const SUBSET_OPS = ['==', '!=', '<', '<=', '>', '>=', '+', '&&', '||'];
/** The shortcut's subset, on few values. */
const subset = exprOf(fc.constantFrom('row.a', 'row.b', 'row.c', 'row.missing', 'row.o.x', 'flag', "''", "'x'", '0', '1', '1.0', 'true', 'false', 'null', 'row.a.truncate(1)', "'x\u{1F600}y'.truncate(2)"), SUBSET_OPS, false);
/** And beyond it (what the shortcut must leave to the library). */
const beyond = exprOf(fc.oneof(
  fc.constantFrom(...FIELDS.map((f) => `row.${f}`), 'row.o.x', 'row.o.y', 'row.o.z', 'flag', 'name', 'nothing', 'row'),
  fc.constantFrom('0', '1', '-1', '1.5', '0.0', "''", "'x'", "'é'", 'true', 'false', 'null', '9007199254740993', 'b"x"', '1u', '[1]', "{'x': 1}"),
), [...SUBSET_OPS, '-', 'in'], true);

const sameAsLibrary = (source: string, ctx: Record<string, unknown>): void => {
  let program;
  try {
    program = compileCel(source);
  } catch {
    return; // not an expression the library accepts: nothing to compare
  }
  outcome(() => program.evaluate(ctx)); // the first evaluation type-checks it, as in use
  const exactly = outcome(() => evaluateCelExactly(source, ctx));
  assert.deepStrictEqual(outcome(() => program.evaluate(ctx)), exactly, source);
  // quick() on a context with more in it than the expression names: the same value, or undefined.
  const quick = program.quick({ ...ctx, more: [1, 2], t: { x: 'y' } });
  if (quick !== undefined) assert.deepStrictEqual({ value: quick }, exactly, `${source} (quick)`);
  // And quickPlain(): these contexts are plain data (own enumerable properties only).
  const plain = program.quickPlain({ ...ctx, more: [1, 2], t: { x: 'y' } });
  if (plain !== undefined) assert.deepStrictEqual({ value: plain }, exactly, `${source} (quickPlain)`);
};

test('the shortcut gives the CEL library\'s value or error: its subset on rows of few values', () => {
  fc.assert(fc.property(subset, rowOf(fewValues), fc.constantFrom(true, false, 1, undefined), (source, row, flag) => {
    sameAsLibrary(source, { row, ...(flag === undefined ? {} : { flag }) });
  }), { numRuns: 6000 });
});

test('the shortcut gives the CEL library\'s value or error: any expression on rows of any values', () => {
  fc.assert(fc.property(beyond, rowOf(anyValue), fc.oneof(fc.boolean(), fc.constant(1), fc.constant(undefined)), fc.string({ maxLength: 3 }), (source, row, flag, name) => {
    sameAsLibrary(source, { row, name, ...(flag === undefined ? {} : { flag }) });
  }), { numRuns: 3000 });
});

test('the shortcut gives the library\'s answers on the bindings the built-in apps use', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['row.pinned != 0', { row: { pinned: 1 } }],
    ['row.pinned != 0', { row: { pinned: 0 } }],
    ['row.pinned != 0', { row: { pinned: null } }],
    ['row.pinned != 0', { row: {} }],
    ["row.email != ''", { row: { email: null } }],
    ['row.email == null', { row: { email: 'a' } }],
    ["row.display_name != '' ? row.display_name : row.phone", { row: { display_name: '', phone: '555' } }],
    ["row.display_name != '' ? row.display_name : row.phone", { row: { display_name: 'Ada', phone: '555' } }],
    ['row.pinned != 0 ? t.unpin : t.pin', { row: { pinned: 0 }, t: Object.freeze({ pin: 'Pin', unpin: 'Unpin' }) }],
    ['row.pinned != 0 ? 0 : 1', { row: { pinned: 3 } }],
    ["row.first + ' ' + row.last", { row: { first: 'Ada', last: 'Lovelace' } }],
    ['row.blob == row.blob', { row: { blob: new Uint8Array(3) } }],
  ];
  for (const [source, ctx] of cases) {
    const program = compileCel(source);
    outcome(() => program.evaluate(ctx));
    assert.deepStrictEqual(outcome(() => program.evaluate(ctx)), outcome(() => evaluateCelExactly(source, ctx)), source);
  }
});

test('a tiny expression reads only the variables it names (the shortcut is taken)', () => {
  // Copying the context (what the library's path does first) would enumerate this and throw.
  const untouchable = new Proxy({}, { ownKeys: () => { throw new Error('the whole context was copied'); } });
  const program = compileCel('row.n > 2 && row.s == "x"');
  const ctx = { row: { n: 3, s: 'x' }, other: untouchable };
  assert.throws(() => evaluateCelExactly('row.n > 2 && row.s == "x"', ctx), /the whole context was copied/);
  assert.equal(program.evaluate({ row: { n: 3, s: 'x' } }), true); // the library type-checks it first
  assert.equal(program.evaluate(ctx), true);
  assert.equal(program.evaluate({ ...ctx, row: { n: 1, s: 'x' } }), false);
  // A NULL column against a value (a contact with no e-mail) is the shortcut's too.
  const nullable = compileCel("row.email != ''");
  assert.equal(nullable.evaluate({ row: { email: null } }), true);
  assert.equal(nullable.evaluate({ row: { email: null }, other: untouchable }), true);
});
