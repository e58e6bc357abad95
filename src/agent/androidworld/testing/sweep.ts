// The reference-runner sweep at one seed, shared by the per-seed test files (one file per seed
// keeps each under the test runner's per-file timeout on a loaded CI machine).
//
// CI plays every served task type exactly once across its two seeds (0 and the runner's default
// 30), split by `half` below, instead of every type at both: what the sweep proves is the
// runner's path through our server (reinitialize with a seed, initialize in the task's locale,
// each step's screenshot, action and score) for each task type; that the task is valid at
// every seed, under AndroidWorld's actuation too, is what `phonebuddy check` proves for every
// instance at three seeds, and CI runs it over the examples and the catalogue. The
// whole-suite sweep at any seed stays one command away (scripts/androidworld-sweep.ts).
import assert from 'node:assert/strict';
import type { TaskInstance } from '../../../task/runnable';
import type { ReferenceRecord } from './reference-runner';
import type { RunnerHarness } from './runner-harness';
import { verdictDiffs } from './runner-harness';

/**
 * A stable half of the served task types: sorted by id within each locale, every other one
 * (part 0 takes the first). The two parts are disjoint, together are the whole suite, and each
 * holds both locales.
 */
export function half(served: readonly TaskInstance[], part: 0 | 1): string[] {
  const out: string[] = [];
  for (const locale of [...new Set(served.map((t) => t.locale ?? ''))].sort()) {
    const ids = served.filter((t) => (t.locale ?? '') === locale).map((t) => t.taskId).sort();
    out.push(...ids.filter((_id, i) => i % 2 === part));
  }
  return out.sort();
}

/**
 * The served task types `pick` chooses at `seed` (all by default): the runner plays them (zh-CN
 * and en-US tasks on one en-US served phone), and each verdict must be a pass — equal to our own
 * runner's unless `compare` is false (a sample whose tasks `check` proves under AndroidWorld's
 * actuation already). The runner's records are returned for further checks.
 */
export async function sweepTaskTypes(h: RunnerHarness, seed: number, pick: (served: TaskInstance[]) => string[] = (s) => s.map((t) => t.taskId), compare = true): Promise<ReferenceRecord[]> {
  const served = await h.served(seed);
  const chosen = pick(served);
  assert.ok(chosen.length > 0, 'no task type chosen');
  const zh = served.filter((t) => t.locale === 'zh-CN' && chosen.includes(t.taskId)).map((t) => t.taskId);

  const ours = compare ? await h.ourScores(seed, chosen) : new Map(chosen.map((id) => [id, 1]));
  const answered = h.model.answers.length;
  const records = await h.runner(seed, { tasks: chosen });
  assert.deepEqual(records.map((r) => r.task_type).sort(), [...chosen].sort(), 'the runner ran every chosen task type');
  assert.deepEqual(verdictDiffs(records, ours), [], `seed ${seed}: verdicts that fail or differ from our own runner's`);
  assert.ok([...ours.values()].every((s) => s === 1), 'our own runner passes them all too');

  // The runner's exact calls: type → input_text, wait without a duration, every step answered by the model.
  const steps = records.flatMap((r) => r.trajectory);
  const typed = steps.filter((s) => s.action === 'type');
  assert.ok(typed.every((s) => s.json_action?.action_type === 'input_text'));
  for (const s of steps.filter((x) => x.action === 'wait')) assert.deepEqual(s.json_action, { action_type: 'wait' });
  assert.equal(h.model.answers.length - answered, steps.length);
  assert.ok(steps.every((s) => s.exec_ok), steps.filter((s) => !s.exec_ok).map((s) => `${s.action}: ${s.exec_error}`).join('\n'));
  // zh-CN tasks were initialised in zh-CN: their goals (and so their phones' data) are Chinese.
  for (const r of records.filter((x) => zh.includes(x.task_type))) assert.match(r.goal, /[\u4e00-\u9fff]/, `${r.task_type}: ${r.goal}`);
  return records;
}

/**
 * Half the examples' served task types at `seed` (see `half`): the suite is whole and holds
 * both locales, the half is played, typing is among its steps.
 */
export async function sweepHalf(h: RunnerHarness, seed: number, part: 0 | 1): Promise<ReferenceRecord[]> {
  const served = await h.served(seed);
  assert.ok(served.length >= 25, `only ${served.length} task types served`);
  const zh = served.filter((t) => t.locale === 'zh-CN');
  assert.ok(zh.length >= 5 && zh.length < served.length, 'one served suite holds both locales');
  const records = await sweepTaskTypes(h, seed, (s) => half(s, part));
  assert.ok(records.flatMap((r) => r.trajectory).filter((s) => s.action === 'type').length >= 5, 'typing is among the steps played');
  assert.ok(records.some((r) => /[\u4e00-\u9fff]/.test(r.goal)) && records.some((r) => !/[\u4e00-\u9fff]/.test(r.goal)), 'both locales played');
  return records;
}

/**
 * One task type per app (CI's sample of a catalogue), for at most `max` apps spread evenly over
 * those of `packages` that have tasks, sorted (all of them when there are fewer): among the
 * served tasks about that app not chosen yet, the one with the shortest reference solution
 * (ties: by id).
 */
export function onePerApp(served: readonly TaskInstance[], packages: readonly string[], max = Infinity): string[] {
  const sorted = packages.filter((pkg) => served.some((t) => t.apps?.includes(pkg))).sort();
  const n = Math.min(max, sorted.length);
  const spread = sorted.length <= n ? sorted : Array.from({ length: n }, (_v, i) => sorted[Math.floor((i * sorted.length) / n)]);
  const out: string[] = [];
  for (const pkg of spread) {
    const mine = served.filter((t) => t.apps?.includes(pkg) && !out.includes(t.taskId))
      .sort((a, b) => (a.solution?.length ?? Infinity) - (b.solution?.length ?? Infinity) || a.taskId.localeCompare(b.taskId));
    if (mine[0]) out.push(mine[0].taskId);
  }
  return out;
}
