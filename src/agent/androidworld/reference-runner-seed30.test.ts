// PhoneBuddy's AndroidWorld runner (stand-in) at its default seed 30: the other half of the
// served task types (seed 0 plays the first) passes, with our own runner's verdict (see
// reference-runner-seed0.test.ts, testing/sweep.ts).
import { test, before, after } from 'node:test';
import { startRunnerHarness, type RunnerHarness } from './testing/runner-harness';
import { sweepHalf } from './testing/sweep';

let h: RunnerHarness;
before(async () => { h = await startRunnerHarness({ rate: 100, screenshot: 'png' }); });
after(async () => { await h?.close(); });

test('seed 30 (the runner\'s default): the runner scores the other half of the served task types, as our own runner does', async () => {
  await sweepHalf(h, 30, 1);
});
