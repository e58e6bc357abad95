import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProtocolError, arr, bytes, check, num, obj, oneOf, optional, parse, record, str, tagged, type Infer } from './validate';

const point = obj({ x: num({ min: 0, max: 10 }), y: num({ int: true }), label: optional(str({ max: 3 })) });

test('a valid value comes back typed, optional fields may be left out', () => {
  const p: Infer<typeof point> = parse(point, { x: 1.5, y: 2 }, 'p');
  assert.deepEqual(p, { x: 1.5, y: 2 });
});

test('errors name the path of the first wrong field and what was wrong', () => {
  const cases: [unknown, string][] = [
    [{ x: 11, y: 0 }, 'p.x: 11 is above the maximum 10'],
    [{ x: -1, y: 0 }, 'p.x: -1 is below the minimum 0'],
    [{ x: Number.NaN, y: 0 }, 'p.x: expected a finite number, got NaN'],
    [{ x: Infinity, y: 0 }, 'p.x: expected a finite number, got Infinity'],
    [{ x: 1, y: 0.5 }, 'p.y: expected an integer, got 0.5'],
    [{ x: 1, y: 0, label: 'long' }, 'p.label: string too long (4 characters, at most 3)'],
    [{ x: 1, y: 0, extra: 1 }, 'p.extra: unexpected field'],
    [{ y: 0 }, 'p.x: required field is missing'],
    // valibot takes an array for an object; it still fails on the fields.
    [[1, 2], 'p.x: required field is missing'],
    [null, 'p: expected an object, got null'],
  ];
  for (const [value, message] of cases) {
    assert.throws(() => parse(point, value, 'p'), (e: unknown) => e instanceof ProtocolError && e.message === message, message);
  }
});

test('arrays, records and tagged unions report indices, keys and the tag', () => {
  const list = arr(point, { max: 2 });
  assert.throws(() => parse(list, [{ x: 1, y: 1 }, { x: 1, y: 'a' }], 'l'), /^ProtocolError: l\[1\]\.y: expected a finite number, got "a"$/);
  assert.throws(() => parse(list, [{ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 1 }], 'l'), /l: array too long \(3 items, at most 2\)/);
  const attrs = record(str({ max: 5 }), { maxKeys: 2 });
  assert.throws(() => parse(attrs, { a: 'x', b: 7 }, 'attrs'), /attrs\.b: expected a string, got 7/);
  assert.throws(() => parse(attrs, { a: '', b: '', c: '' }, 'attrs'), /attrs: too many keys \(3, at most 2\)/);
  const shape = tagged('kind', { circle: { r: num() }, none: {} });
  assert.deepEqual(parse(shape, { kind: 'circle', r: 2 }, 's'), { kind: 'circle', r: 2 });
  assert.throws(() => parse(shape, { kind: 'square' }, 's'), /s\.kind: expected one of circle, none, got "square"/);
  assert.throws(() => parse(shape, { kind: 'none', r: 1 }, 's'), /s\.r: unexpected field/);
  assert.throws(() => parse(shape, 'circle', 's'), /s: expected an object, got "circle"/);
  assert.throws(() => parse(oneOf(['a', 'b'] as const), 'c', 'o'), /o: expected one of a, b, got "c"/);
});

test('bytes accept a Uint8Array or an ArrayBuffer (as structured clone hands it over)', () => {
  const u = parse(bytes, new ArrayBuffer(3), 'b');
  assert.ok(u instanceof Uint8Array && u.length === 3);
  assert.throws(() => parse(bytes, [1, 2], 'b'), /b: expected binary data/);
});

test('check returns the problem instead of throwing', () => {
  assert.deepEqual(check(point, { x: 1, y: 1 }, 'p'), { ok: true, value: { x: 1, y: 1 } });
  assert.deepEqual(check(point, { x: 1, y: '1' }, 'p'), { ok: false, error: 'p.y: expected a finite number, got "1"', path: 'p.y' });
});
