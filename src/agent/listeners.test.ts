import assert from 'node:assert/strict';
import test from 'node:test';
import { Listeners } from './emitter';

test('Listeners: every listener hears a change, a throwing one is reported and does not stop the others; remove works', () => {
  const errors: string[] = [];
  const l = new Listeners<[id: string]>('test', (e, what) => errors.push(`${what}: ${(e as Error).message}`));
  const heard: string[] = [];
  l.add(() => { throw new Error('boom'); });
  const off = l.add((id) => heard.push(`a ${id}`));
  l.add((id) => heard.push(`b ${id}`));
  l.fire('x');
  off();
  l.fire('y');
  assert.deepEqual(heard, ['a x', 'b x', 'b y']);
  assert.deepEqual(errors, ['test: boom', 'test: boom']);
});
