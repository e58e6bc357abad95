import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkQueryRequest, checkQueryResponse } from './messages';

test('query messages are checked on receipt and errors name the field', () => {
  assert.deepEqual(checkQueryResponse({ id: 1, rows: [{ a: 1, b: 'x', c: null, d: new Uint8Array([1]) }] }), { id: 1, rows: [{ a: 1, b: 'x', c: null, d: new Uint8Array([1]) }] });
  assert.deepEqual(checkQueryResponse({ ready: true }), { ready: true });
  assert.deepEqual(checkQueryResponse({ id: 2, needBytes: true }), { id: 2, needBytes: true });
  assert.throws(() => checkQueryResponse({ id: 1, rows: [{ a: {} }] }), /queryResponse\.rows\[0\]\.a: expected an SQL value/);
  assert.throws(() => checkQueryResponse({ id: 1, needBytes: false }), /queryResponse\.needBytes: expected true/);
  assert.throws(() => checkQueryResponse({ id: 'x', error: 'e' }), /queryResponse\.id: expected a finite number/);
  const request = { id: 3, key: 'k', stateId: 's', sql: 'SELECT 1', params: [1, 'a', null], maxRows: 10, maxBytes: 1000 };
  assert.deepEqual(checkQueryRequest(request), request);
  assert.throws(() => checkQueryRequest({ ...request, params: [true] }), /queryRequest\.params\[0\]: expected an SQL value/);
  assert.throws(() => checkQueryRequest({ ...request, extra: 1 }), /queryRequest\.extra: unexpected field/);
});
