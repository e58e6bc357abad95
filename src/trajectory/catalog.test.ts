// The Trajectories view's listing and the viewer's model: manifests only for the listing (flag
// counts from the manifest, or a byte scan for older recordings), filters, grouping, unreadable
// folders reported by name; step summaries without image bytes, marks, drawings, the detail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EpisodeWriter } from './writer';
import { readEpisode } from './reader';
import { groupByTask, listEpisodes, matchesFilter, NO_TASK } from './catalog';
import { episodeHeader, stepDetail, stepSummaries } from './view';
import { MANIFEST_FILE, STEPS_FILE } from './format';
import { sampleManifest, sampleStep } from './testing/samples';

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'pb-catalog-'));
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0xff, 0xd9]);

async function episode(root: string, name: string, over: Parameters<typeof sampleManifest>[0], success: boolean | undefined, steps = 2): Promise<string> {
  const dir = path.join(root, name);
  const w = await EpisodeWriter.create(dir, sampleManifest(over));
  for (let i = 1; i <= steps; i++) {
    const s = sampleStep(i, jpeg);
    if (i === 2) Object.assign(s, { corrected: { thought: 'was elsewhere', action: { type: 'click', point: { x: 10, y: 20 } } }, human: true });
    await w.appendStep(s);
  }
  if (success !== undefined) await w.finish({ success, score: success ? 1 : 0, terminatedBy: 'finish', reason: success ? 'all passed' : 'note missing' });
  return dir;
}

test('listing: verdicts, flag counts, grouping by task, filters, unreadable folders named', async () => {
  const root = tmp();
  const a = await episode(root, 'a', { episodeId: 'a', startedAt: '2026-01-01T00:00:00.000Z' }, true);
  const b = await episode(path.join(root, 'nested'), 'b', { episodeId: 'b', startedAt: '2026-02-01T00:00:00.000Z', source: 'demo', task: undefined, goal: 'free demo' }, false, 1);
  const c = await episode(root, 'c', { episodeId: 'c', startedAt: '2026-03-01T00:00:00.000Z' }, undefined);
  fs.mkdirSync(path.join(root, 'broken'));
  fs.writeFileSync(path.join(root, 'broken', MANIFEST_FILE), '{ not json');
  const { episodes, unreadable } = await listEpisodes(root);
  assert.deepEqual(episodes.map((e) => e.folder), [c, b, a], 'newest first');
  assert.deepEqual(episodes.map((e) => e.verdict), ['recording', 'failed', 'passed']);
  assert.deepEqual(unreadable.map((u) => u.folder), [path.join(root, 'broken')]);
  assert.match(unreadable[0].error, /JSON/);
  const byA = episodes.find((e) => e.folder === a)!;
  assert.deepEqual(byA.flags, { corrected: 1, human: 1, forked: 0 }, 'from the manifest');
  // A recording still open has no counts in its manifest: the step log's bytes are scanned.
  const byC = episodes.find((e) => e.folder === c)!;
  assert.equal(JSON.parse(fs.readFileSync(path.join(c, MANIFEST_FILE), 'utf8')).flags, undefined);
  assert.deepEqual(byC.flags, { corrected: 1, human: 1, forked: 0 });
  assert.deepEqual(groupByTask(episodes).map((g) => [g.taskKey, g.episodes.length]), [['notes.save', 2], [NO_TASK, 1]]);
  const f = (x: Parameters<typeof matchesFilter>[1]) => episodes.filter((e) => matchesFilter(e, x)).map((e) => e.folder);
  assert.deepEqual(f({ outcome: 'passed' }), [a]);
  assert.deepEqual(f({ outcome: 'unfinished' }), [c]);
  assert.deepEqual(f({ source: 'demo' }), [b]);
  assert.deepEqual(f({ task: 'FREE' }), [b], 'matches the goal, case-insensitive');
  assert.deepEqual(f({ since: Date.parse('2026-02-01T00:00:00.000Z') }), [c, b]);
});

test('viewer model: summaries carry no raw output or history; marks, drawings and the detail', async () => {
  const root = tmp();
  const dir = await episode(root, 'v', { episodeId: 'v' }, false, 3);
  fs.rmSync(path.join(dir, '0003.jpg'));
  const ep = await readEpisode(dir);
  const sums = stepSummaries(ep);
  assert.equal(sums.length, 3);
  assert.deepEqual(sums[0], {
    index: 1, time: sums[0].time, status: 'ok', source: 'solution', tool: 'click', label: 'click (500, 500)', thought: 'step 1', marks: [],
    image: { file: '0001.jpg', width: 1080, height: 2400 }, drawing: { kind: 'point', points: [{ x: 500, y: 500 }] },
  });
  assert.deepEqual(sums[1].marks, ['corrected', 'human']);
  assert.deepEqual(sums[1].original, { kind: 'point', points: [{ x: 10, y: 20 }] });
  assert.deepEqual(sums[2].marks, ['missing'], 'a missing screenshot is marked and not offered to the webview');
  assert.equal(sums[2].image, undefined);
  assert.ok(!JSON.stringify(sums).includes('# Instruction'), 'no history text in the timeline');
  const d = stepDetail(ep, 2)!;
  assert.equal(d.instruction, '# Instruction\nSave a note saying "hi"');
  assert.deepEqual(d.original, { thought: 'was elsewhere', raw: '', label: 'click (10, 20)' });
  assert.equal(stepDetail(ep, 99), undefined);
  assert.ok('model' in stepDetail(ep, 1)!.timings, 'a policy\'s decision time is the model\'s');
  // A person's step (a demonstration): the decision time is theirs, not a model's.
  ep.steps[0].source = 'human';
  const person = stepDetail(ep, 1)!.timings;
  assert.ok('person' in person && !('model' in person), JSON.stringify(person));
  const h = episodeHeader(ep);
  assert.equal(h.verdict, 'failed');
  assert.equal(h.stepCount, 3);
  assert.match(h.problems.join('\n'), /0003\.jpg is missing/);
  assert.equal(fs.readFileSync(path.join(dir, STEPS_FILE), 'utf8').split('\n').length, 4, 'viewing repaired nothing');
});
