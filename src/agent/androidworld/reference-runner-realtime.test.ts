// The runner's own pauses in real time (3 s before each screenshot, 2 s after each step) on a
// served phone whose clock follows the wall clock at the real rate: a timer-dependent task
// (the Assistant's reply arrives 1.2 s after the prompt; the solution copies it at once, and
// the scripted model may not wait) passes as on an emulator. The same task on a phone in
// strict virtual time fails — so this test can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startRunnerHarness } from './testing/runner-harness';

const TASK = path.join(__dirname, 'testing', 'assistant-copy.task.yaml');

test('real pauses, wall clock: the Assistant task passes; strict virtual time: it fails', async () => {
  const h = await startRunnerHarness({ taskPaths: [TASK], rate: 1, maxWaits: 0, screenshot: 'png' });
  try {
    const t0 = performance.now();
    const [r] = await h.runner(0, { settleMs: 3000, stepDelayMs: 2000 });
    const elapsed = performance.now() - t0;
    assert.equal(r.score, 1, `${r.error ?? r.terminated_by}: ${r.trajectory.map((s) => `${s.action} ${JSON.stringify(s.args)}`).join(' | ')}`);
    assert.equal(r.steps, 5);
    assert.ok(elapsed >= 5 * 3000 + 4 * 2000, `5 steps with the runner's pauses took only ${Math.round(elapsed)} ms`);

    // The served phone with `--clock virtual`: nothing moves during the pauses, the reply is
    // still "Thinking…" when the model goes for the copy button.
    h.phone.setClockMode('virtual');
    const [stuck] = await h.runner(0, { settleMs: 10, stepDelayMs: 10 });
    assert.equal(stuck.score, 0);
    assert.match(stuck.answer_text ?? '', /gave up: .*copy_button/);
  } finally {
    await h.close();
  }
});
