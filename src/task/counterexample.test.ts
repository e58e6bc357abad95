import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendCounterexample, stepsFromEpisode } from './counterexample';
import { parseTaskFile } from './parse-task-file';

const file = `# a comment that must survive
id: notes.save
goal: Save a note
verify: { answer: { contains: saved } }
solution:
  - finish: saved
`;

test('a failed episode becomes a counterexample in the task file, comments kept', () => {
  const steps = stepsFromEpisode([
    { call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } }, status: 'ok' },
    { call: { name: 'click', args: { points: [[500, 120]] } }, status: 'failed' },
    { call: { name: 'click', args: { points: [[500, 900]] } }, status: 'ok' },
    { call: { name: 'type', args: { text: 'milk' } }, status: 'ok' },
    { status: 'ok' },
    { call: { name: 'finish', args: { text: 'done' } }, status: 'ok' },
  ]);
  assert.deepEqual(steps, [{ open_app: 'com.phonebuddy.notes' }, { click: { points: [[500, 900]] } }, { type: 'milk' }, { finish: 'done' }]);
  const once = appendCounterexample(file, 'notes.save', { reason: 'never saved', steps });
  const twice = appendCounterexample(once, 'notes.save', { reason: 'recorded run', episode: 'runs/ep-1' });
  assert.match(twice, /^# a comment that must survive/);
  const parsed = parseTaskFile(twice, 'x.task.yaml');
  assert.deepEqual(parsed.diagnostics, []);
  assert.deepEqual(parsed.tasks[0].def.counterexamples?.map((c) => c.reason), ['never saved', 'recorded run']);
  assert.throws(() => appendCounterexample(file, 'nope', { reason: 'r', steps }), /no task 'nope' in this file \(tasks: notes\.save\)/);
  assert.throws(() => appendCounterexample(file, 'notes.save', { reason: ' ', steps }), /needs a reason/);
});
