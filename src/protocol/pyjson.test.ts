import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pyJsonDumps } from './pyjson';

// Expected strings are what CPython 3's json.dumps(v, ensure_ascii=False) prints.
test('Python json.dumps spelling', () => {
  assert.equal(pyJsonDumps({ a: [1, 2], b: { c: null, d: true } }), '{"a": [1, 2], "b": {"c": null, "d": true}}');
  assert.equal(pyJsonDumps('张三 ☕ "q" \\ \n \u0001'), '"张三 ☕ \\"q\\" \\\\ \\n \\u0001"');
  assert.equal(pyJsonDumps(0.5), '0.5');
  assert.equal(pyJsonDumps(1e-5), '1e-05');
  assert.equal(pyJsonDumps(-2.5e-7), '-2.5e-07');
  assert.equal(pyJsonDumps(1e21), '1000000000000000000000');
  assert.equal(pyJsonDumps([]), '[]');
  assert.equal(pyJsonDumps({}), '{}');
});

test('float paths mark literals written as floats', async () => {
  const { floatPaths, pathsUnder } = await import('./float-paths');
  assert.deepEqual(floatPaths('{"a": [1, 2.0, {"b": 3e2}], "c": "4.0", "d": -0.5}'), ['a.1', 'a.2.b', 'd']);
  assert.deepEqual(floatPaths('{bad'), []);
  assert.deepEqual(pathsUnder(['arguments.points.0.0', 'name'], 'arguments'), ['points.0.0']);
  assert.equal(pyJsonDumps({ p: [[500, 3]] }, new Set(['p.0.0'])), '{"p": [[500.0, 3]]}');
});
