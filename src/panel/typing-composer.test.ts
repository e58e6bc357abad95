import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypingComposer } from './typing-composer';
import { TYPE_TEXT_LIMIT } from '../webview-protocol/device-panel';

function composer(idleMs = 60_000) {
  const commits: string[] = [];
  const shown: string[] = [];
  const c = new TypingComposer({ idleMs, commit: (t) => commits.push(t), changed: (t) => shown.push(t) });
  return { c, commits, shown };
}

test('a burst of letters is one commit with all of them, in order; Backspace takes back the last', () => {
  const { c, commits, shown } = composer();
  for (const k of 'Weekend plansx') c.add(k);
  assert.equal(c.backspace(), true);
  assert.equal(c.composing, 'Weekend plans');
  assert.deepEqual(commits, [], 'nothing goes before the burst ends');
  c.flush();
  assert.deepEqual(commits, ['Weekend plans']);
  assert.equal(shown.at(-1), '', 'the panel is told the burst is over');
  assert.equal(c.backspace(), false, 'nothing open: Backspace is the key itself');
  c.flush();
  assert.deepEqual(commits, ['Weekend plans'], 'an empty burst commits nothing');
});

test('a pause ends the burst', async () => {
  const { c, commits } = composer(30);
  c.add('a');
  c.add('b');
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(commits, ['ab']);
  c.dispose();
});

test('a burst never grows past the panel\'s typing limit: the full part is committed first', () => {
  const { c, commits } = composer();
  c.add('x'.repeat(TYPE_TEXT_LIMIT));
  c.add('yz');
  assert.deepEqual(commits, ['x'.repeat(TYPE_TEXT_LIMIT)]);
  assert.equal(c.composing, 'yz');
  c.dispose();
  assert.equal(c.composing, '');
});
