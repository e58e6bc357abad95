// A recorded episode becomes a counterexample and check replays it: a wrong run recorded by
// `run --record` is appended with `phonebuddy counterexample` (its steps copied, or the folder
// linked), and check rejects a verifier that accepts it — a weak verifier the mutants alone do
// not expose — while the corrected verifier is proven with the same counterexample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSuite, mockLocale, mockPool } from '../../src/agent/runner/run-suite';
import { SolutionPolicy } from '../../src/agent/policies/solution';
import { createMockPhone, withMockShell } from '../../src/mockphone';
import { loadMockTasks } from '../../src/studio/tasks';
import { mockCheckDeps } from '../../src/studio/check-deps';
import { checkFiles } from '../../src/task/check/check-files';
import { stepsFromEpisode } from '../../src/task/counterexample';
import { readEpisode } from '../../src/trajectory/reader';
import { run as counterexampleCommand } from '../../src/cli/commands/counterexample';

const task = (query: string) => `id: notes.milk
title: Write a note
category: single-app
device: mock
apps: [com.phonebuddy.notes]
goal: 'Create a new note in the Notes app that says "Buy oat milk".'
verify:
  sql:
    app: com.phonebuddy.notes
    query: ${query}
    expect: count == 1
solution:
  - open_app: com.phonebuddy.notes
  - click: { resource-id: new_note }
  - type: Buy oat milk
  - click: { resource-id: save }
  - finish: Saved the note.
`;
// A careful author's slip: the note is checked, but not that it is the only new one.
const WEAK = "SELECT body FROM notes WHERE body = 'Buy oat milk'";
const STRICT = "SELECT n.body FROM notes n WHERE n.body = 'Buy oat milk' AND NOT EXISTS (SELECT 1 FROM notes o WHERE o.id > n.id)";

const loadEpisode = async (folder: string) => stepsFromEpisode((await readEpisode(folder)).steps);

async function check(file: string) {
  const deps = await mockCheckDeps({ actuation: 'phonebuddy' });
  return checkFiles([file], deps, { catalog: deps.catalog, seeds: 1, loadEpisode }).finally(() => deps.close?.());
}

test('a recorded wrong episode, added with `phonebuddy counterexample`, is replayed by check', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-cx-'));
  const file = path.join(dir, 'milk.task.yaml');
  fs.writeFileSync(file, task(WEAK));
  // Record the wrong run: the note, then another one nobody asked for.
  const [inst] = (await loadMockTasks([file])).instances;
  const steps = inst.solution!;
  const again = steps.slice(0, -1).map((s) => (s.tool === 'type' ? { ...s, args: { text: 'Cancel the dentist' } } : s));
  const wrong = [...steps.slice(0, -1), { tool: 'close_app', args: { app: 'com.phonebuddy.notes' } }, ...again, steps[steps.length - 1]];
  const pool = mockPool(1, async (_s, locale) => withMockShell(await createMockPhone({ seed: 0, ...mockLocale(locale) })));
  const recorded = await runSuite({ instances: [{ ...inst, solution: wrong }], outDir: path.join(dir, 'out'), policy: () => new SolutionPolicy(), pool, record: { root: path.join(dir, 'episodes') } });
  const episode = recorded.records[0].trajectory_dir!;
  assert.ok(episode && fs.existsSync(episode), 'the run was recorded');
  assert.equal(recorded.records[0].success, true, 'the weak verifier accepts the wrong run');

  // Without the counterexample the weak verifier is proven: no mutant writes an extra note.
  assert.equal((await check(file)).ok, true);

  // Copied steps: check now replays the recorded run and says the verifier accepts it.
  assert.equal(await counterexampleCommand([file, '--task', 'notes.milk', '--reason', 'it also wrote another note', '--episode', episode]), 0);
  assert.match(fs.readFileSync(file, 'utf8'), /counterexamples:\n\s+- reason: it also wrote another note\n\s+steps:/);
  const weak = await check(file);
  assert.equal(weak.ok, false);
  assert.match(weak.checks[0].problems.map((p) => `${p.kind}: ${p.message}`).join('\n'), /counterexample-passes: counterexample 1 passes, but it must fail: it also wrote another note/);

  // The corrected verifier rejects the same recorded run: proven.
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(WEAK, STRICT));
  const fixed = await check(file);
  assert.equal(fixed.ok, true, JSON.stringify(fixed.checks[0].problems));

  // Linked (episode: DIR): the folder is read when the file is loaded, with the same verdicts.
  const linked = path.join(dir, 'linked.task.yaml');
  fs.writeFileSync(linked, task(WEAK));
  assert.equal(await counterexampleCommand([linked, '--task', 'notes.milk', '--reason', 'recorded run', '--episode', episode, '--link']), 0);
  assert.match(fs.readFileSync(linked, 'utf8'), /episode: episodes\//);
  const linkedWeak = await check(linked);
  assert.equal(linkedWeak.ok, false);
  assert.ok(linkedWeak.checks[0].problems.some((p) => p.kind === 'counterexample-passes'));
});
