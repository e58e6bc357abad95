// PhoneBuddy's AndroidWorld runner (its Python-free stand-in, testing/reference-runner.ts)
// against our served suite over loopback HTTP with a perfect scripted model, at seed 0: half
// the task types (the other half runs at seed 30, so CI plays each once; why that is enough:
// testing/sweep.ts) pass, with the verdict our own runner gives. Screenshots travel as PNG
// for speed; one task also takes the default {"pixels"} JSON path.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRunnerHarness, verdictDiffs, type RunnerHarness } from './testing/runner-harness';
import { sweepHalf } from './testing/sweep';

const RATE = 100;
let png: RunnerHarness;

before(async () => { png = await startRunnerHarness({ rate: RATE, screenshot: 'png' }); });
after(async () => { await png?.close(); });

test('seed 0: the runner scores its half of the served task types, as our own runner does', async () => {
  const records = await sweepHalf(png, 0, 0);
  const shots = records.flatMap((r) => r.trajectory.map((s) => s.screenshot));
  assert.ok(shots.every((s) => s.kind === 'image' && s.width === 1080 && s.height === 2400), 'image/png decoded at full size');
});

test('seed 0, default pixels JSON: decoded as an H×W×3 array, same verdict', async () => {
  const pixels = await startRunnerHarness({ rate: RATE });
  try {
    const only = ['notes.count-answer-zh'];
    const [r] = await pixels.runner(0, { tasks: only });
    assert.deepEqual(verdictDiffs([r], await pixels.ourScores(0, only)), []);
    assert.ok(r.trajectory.every((s) => s.screenshot.kind === 'pixels' && s.screenshot.width === 1080 && s.screenshot.height === 2400));
  } finally {
    await pixels.close();
  }
});
