import { test } from 'node:test';
import assert from 'node:assert/strict';
import { combinations, constraintViolation, instanceIdOf, paramDomain, paramValues, sampleOf } from './params';
import { paramSets } from './instantiate';
import { bindNamed, namedParams } from './sql-params';
import { fillTemplate, fillValue, templateSlots } from './template';

test('int and float ranges honour the step', () => {
  assert.deepEqual(paramValues({ min: 1, max: 7, step: 3 }), [1, 4, 7]);
  assert.deepEqual(paramValues({ type: 'float', min: 0.1, max: 0.5, step: 0.2 }), [0.1, 0.3, 0.5]);
  assert.deepEqual(paramValues({ type: 'bool' }), [false, true]);
  assert.throws(() => paramValues({ min: 5, max: 1 }), /greater than max/);
  assert.throws(() => paramValues({}), /needs 'choices'/);
});

test('seeded draws are reproducible and differ by seed', () => {
  const def = { min: 1, max: 100, draw: 3 };
  const a = paramDomain('n', def, 7);
  assert.equal(a.length, 3);
  assert.deepEqual(paramDomain('n', def, 7), a);
  assert.notDeepEqual(paramDomain('n', def, 8), a);
  assert.deepEqual(sampleOf([1, 2, 3], 5, 1), [1, 2, 3]);
});

test('JSON-Schema-style constraints drop bad values', () => {
  assert.match(constraintViolation({ minimum: 3 }, 2)!, /below minimum 3/);
  assert.match(constraintViolation({ pattern: '^A' }, 'Bob')!, /does not match/);
  assert.match(constraintViolation({ maxLength: 2 }, 'abc')!, /longer than 2/);
  assert.equal(constraintViolation({ type: 'int' }, 3), undefined);
  assert.deepEqual(paramDomain('n', { min: 1, max: 5, maximum: 3 }, 0), [1, 2, 3]);
});

test('combinations, CEL constraints across params, instance ids', () => {
  assert.equal(combinations({ a: [1, 2], b: ['x', 'y', 'z'] }).length, 6);
  const sets = paramSets({ id: 't', goal: '{a}{b}', verify: [], params: { a: { min: 1, max: 3 }, b: { min: 1, max: 3 } }, constraints: ['a < b'] }, 0);
  assert.deepEqual(sets, [{ a: 1, b: 2 }, { a: 1, b: 3 }, { a: 2, b: 3 }]);
  assert.equal(instanceIdOf('t', { a: 1, b: 'x' }), 't#a=1,b=x');
  assert.equal(instanceIdOf('t', {}), 't');
});

test('template slots and filling keep types for whole-slot values', () => {
  assert.deepEqual(templateSlots('Send {msg} to {who}, {{literal}}').map((s) => s.name), ['msg', 'who']);
  assert.equal(fillTemplate('Hi {who} {{x}}', { who: 'Ana' }), 'Hi Ana {x}');
  assert.equal(fillValue('{n}', { n: 3 }), 3);
  assert.equal(fillValue('%{n}%', { n: 3 }), '%3%');
});

test('named SQL params are bound, never pasted, and literals are left alone', () => {
  const sql = "SELECT * FROM t WHERE a = :a AND b = ':b' AND c = \"x:y\" -- :c\n AND d = :d";
  assert.deepEqual(namedParams(sql).map((r) => r.name), ['a', 'd']);
  const bound = bindNamed(sql, { a: "O'Brien", d: true });
  assert.equal(bound.sql, "SELECT * FROM t WHERE a = ? AND b = ':b' AND c = \"x:y\" -- :c\n AND d = ?");
  assert.deepEqual(bound.values, ["O'Brien", 1]);
  assert.throws(() => bindNamed('SELECT :zz', {}), /:zz is not a declared param/);
});
