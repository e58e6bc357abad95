// Recording debugger sessions on the real mock phone: a fork is its own episode folder with
// its parent named, its first step flagged forked and corrected (the model's original kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Episode } from '../episode';
import { SolutionPolicy } from '../policies/solution';
import { readEpisode } from '../../trajectory';
import { attachRecorder } from './attach';

const EXAMPLE = path.join(__dirname, '..', '..', '..', 'tasks-examples', 'single-app', 'notes-create.task.yaml');

test('debugger fork: recorded as a child episode with parent + step, forked and corrected flags', async () => {
  const { loadMockTasks: loadTasks } = await import('../../studio/tasks');
  const { createMockPhone } = await import('../../mockphone');
  const { instances } = await loadTasks([EXAMPLE]);
  const task = instances[0];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-rec-debug-'));
  const device = await createMockPhone({ seed: task.seed });
  const ep = new Episode({ device, policy: new SolutionPolicy(), task, checkpoints: { keep: 8 } });
  const parentRec = attachRecorder(ep, { root, source: 'debug', device, task });
  const parent = await ep.run();
  await parentRec.finished();
  assert.equal(parent.success, true);
  const typeStep = parent.steps.find((s) => s.action?.type === 'type')!;

  const branchPhone = await createMockPhone({ seed: task.seed });
  const fork = ep.fork(typeStep.step, { type: 'type', text: 'Something else' }, { device: branchPhone, policy: new SolutionPolicy() });
  const forkRec = attachRecorder(fork, { root, source: 'debug', device: branchPhone, task });
  const f = await fork.run();
  await forkRec.finished();
  assert.equal(f.success, false);

  const p = await readEpisode(parentRec.recorder.folder!);
  const c = await readEpisode(forkRec.recorder.folder!);
  assert.deepEqual(c.problems, []);
  assert.deepEqual(c.manifest.parent, { episodeId: parent.episodeId, step: typeStep.step });
  assert.equal(c.manifest.outcome?.success, false);
  assert.equal(c.steps[0].index, typeStep.step, 'the fork records from the step it branched at');
  assert.equal(c.steps[0].forked, true);
  assert.deepEqual(c.steps[0].action, { type: 'type', text: 'Something else' });
  assert.equal(c.steps[0].corrected?.action?.type, 'type');
  assert.notDeepEqual(c.steps[0].corrected?.action, c.steps[0].action);
  const same = p.steps.find((s) => s.index === typeStep.step)!;
  assert.equal(c.steps[0].instruction, same.instruction, 'the fork saw the parent\'s history up to the fork');
  assert.ok(fs.readFileSync(path.join(c.folder, c.steps[0].screenshot!.file)).equals(fs.readFileSync(path.join(p.folder, same.screenshot!.file))), 'same screen as the parent at that step');
  await device.close();
  await branchPhone.close();
});
