import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProgress } from './progress';
import type { ResultRecord } from './results';

function sink(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let out = '';
  const stream = { isTTY, columns: 100, write: (s: string) => { out += s; return true; } } as unknown as NodeJS.WriteStream;
  return { stream, text: () => out };
}
const rec = (task: string, success: boolean, error: string | null = null): ResultRecord => ({
  task, goal: 'g', tags: [], score: success ? 1 : 0, success, steps: 3, terminated_by: success ? 'finish' : 'errors', reason: '', error,
  device: 'mock:1', policy: 'solution', duration_ms: 1, trajectory: [],
});

test('plain lines off a terminal: one per finished task, with the error', () => {
  const s = sink(false);
  const p = createProgress(s.stream, 2, 0);
  p.event({ type: 'step-started', episodeId: 'e', step: 1 }, 'a');
  p.result(rec('a', true), 1, 2);
  p.result(rec('b', false, 'endpoint timed out'), 2, 2);
  p.end();
  assert.equal(s.text(), '[1/2] PASS a  score=1 steps=3 by=finish\n[2/2] FAIL b  score=0 steps=3 by=errors  (endpoint timed out)\n');
});

test('a bar redrawn in place on a terminal', () => {
  const s = sink(true);
  const p = createProgress(s.stream, 4, 0);
  p.event({ type: 'step-started', episodeId: 'e', step: 2 }, 'task-x');
  assert.match(s.text(), /\r\x1b\[2K\[\.{24}\] 0\/4 ok 0 \d+s task-x@2/);
  p.result(rec('task-x', true), 1, 4);
  assert.match(s.text(), /PASS task-x/);
  assert.match(s.text(), /\[#{6}\.{18}\] 1\/4 ok 1/);
});
