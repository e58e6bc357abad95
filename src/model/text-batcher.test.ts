import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextBatcher } from './text-batcher';

test('the first delta goes out at once, then deltas within the window are joined', () => {
  let t = 0;
  const sent: string[] = [];
  const b = new TextBatcher((d) => sent.push(d), 16, () => t);
  b.push('He');
  assert.deepEqual(sent, ['He']);
  t = 5; b.push('l');
  t = 10; b.push('l');
  assert.deepEqual(sent, ['He']);
  t = 17; b.push('o');
  assert.deepEqual(sent, ['He', 'llo']);
  t = 18; b.push('!');
  b.flush();
  assert.deepEqual(sent, ['He', 'llo', '!']);
  assert.equal(sent.join(''), 'Hello!');
});

test('a slow model streams every token; empty deltas and empty flushes send nothing', () => {
  let t = 0;
  const sent: string[] = [];
  const b = new TextBatcher((d) => sent.push(d), 16, () => t);
  for (const tok of ['a', '', 'b', 'c']) { t += 80; b.push(tok); }
  b.flush();
  b.flush();
  assert.deepEqual(sent, ['a', 'b', 'c']);
});
