// The reference-runner sweep at one seed, shared by the per-seed test files (one file per seed
// keeps each under the test runner's per-file timeout on a loaded CI machine).
import assert from 'node:assert/strict';
import type { RunnerHarness } from './runner-harness';
import { verdictDiffs } from './runner-harness';

/**
 * Every served task type at `seed`: the runner plays the whole live task list (zh-CN and en-US
 * tasks on one en-US served phone), and each verdict must be a pass equal to our own runner's.
 */
export async function sweepAllTaskTypes(h: RunnerHarness, seed: number): Promise<void> {
  const served = await h.served(seed);
  assert.ok(served.length >= 25, `only ${served.length} task types served`);
  const zh = served.filter((t) => t.locale === 'zh-CN').map((t) => t.taskId);
  assert.ok(zh.length >= 5 && zh.length < served.length, 'one served suite holds both locales');

  const ours = await h.ourScores(seed);
  const answered = h.model.answers.length;
  const records = await h.runner(seed);
  assert.deepEqual(records.map((r) => r.task_type).sort(), served.map((t) => t.taskId).sort(), 'the runner ran every task type of GET /suite/task_list');
  assert.deepEqual(verdictDiffs(records, ours), [], `seed ${seed}: verdicts that fail or differ from our own runner's`);
  assert.ok([...ours.values()].every((s) => s === 1), 'our own runner passes them all too');

  // The runner's exact calls: type → input_text, wait without a duration, every step answered by the model.
  const steps = records.flatMap((r) => r.trajectory);
  const typed = steps.filter((s) => s.action === 'type');
  assert.ok(typed.length >= 10 && typed.every((s) => s.json_action?.action_type === 'input_text'));
  for (const s of steps.filter((x) => x.action === 'wait')) assert.deepEqual(s.json_action, { action_type: 'wait' });
  assert.equal(h.model.answers.length - answered, steps.length);
  assert.ok(steps.every((s) => s.exec_ok), steps.filter((s) => !s.exec_ok).map((s) => s.exec_error).join('\n'));
  // zh-CN tasks were initialised in zh-CN: their goals (and so their phones' data) are Chinese.
  for (const r of records.filter((x) => zh.includes(x.task_type))) assert.match(r.goal, /[\u4e00-\u9fff]/, `${r.task_type}: ${r.goal}`);
}
