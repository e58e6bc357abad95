// `record` in the launch: over DAP, on the mock phone, a debugging session with a correction,
// a fork and a step back is recorded as trajectories — the episode up to the step back (its
// corrected step keeping the model's original), the branch it went on in (parent: the step
// before), and the fork (its own folder, parent: the step it branched at, its own verdict).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { readEpisode } from '../trajectory';
import { launch, startClient, stopped, topFrame } from './testing/client';

test('record: the episode, its corrected step, the branch after a step back and the fork each land in a trajectory', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-debug-record-'));
  const dc = await startClient();
  try {
    const out: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => out.push(e.body.output));
    await launch(dc, { record: root }, () => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'type' }] }));
    await stopped(dc);
    assert.equal((await topFrame(dc)).id, 3);
    const fork = await dc.evaluateRequest({ expression: 'fork type "Buy nothing"', context: 'repl', frameId: 3 });
    assert.match(fork.body.result, /verifier FAILED/);
    // Correct the pending action, run it, then step back over it and let the model's choice run.
    await dc.customRequest('setExpression', { expression: 'args.text', value: '"Buy soy milk"', frameId: 3 });
    await dc.setFunctionBreakpointsRequest({ breakpoints: [] });
    await dc.nextRequest({ threadId: 1 });
    await stopped(dc);
    assert.equal((await topFrame(dc)).id, 4);
    await dc.stepBackRequest({ threadId: 1 });
    await stopped(dc);
    const exited = dc.waitForEvent('exited');
    const terminated = dc.waitForEvent('terminated'); // sent right after exited: listen before
    await dc.continueRequest({ threadId: 1 });
    assert.equal(((await exited) as DebugProtocol.ExitedEvent).body.exitCode, 0, 'after the step back the task passes');
    await terminated;

    const folders = fs.readdirSync(root).map((f) => path.join(root, f));
    assert.equal(folders.length, 3, `three recordings: ${folders.join(', ')}`);
    for (const f of folders) assert.ok(out.some((o) => o.includes(f)), `the console named ${f}`);
    const eps = await Promise.all(folders.map((f) => readEpisode(f)));
    for (const e of eps) {
      assert.deepEqual(e.problems, [], e.folder);
      assert.equal(e.manifest.source, 'debug');
    }
    const first = eps.find((e) => !e.manifest.parent)!;
    const branch = eps.find((e) => e.manifest.parent && e.manifest.parent.episodeId === first.manifest.episodeId && e.manifest.episodeId === first.manifest.episodeId)!;
    const forked = eps.find((e) => e.manifest.episodeId !== first.manifest.episodeId)!;
    assert.ok(first && branch && forked, eps.map((e) => JSON.stringify(e.manifest.parent)).join(' | '));

    // The episode up to the step back: the corrected step with the model's original kept.
    assert.equal(first.manifest.outcome?.terminatedBy, 'aborted');
    const corrected = first.steps.find((s) => s.index === 3)!;
    assert.deepEqual(corrected.action, { type: 'type', text: 'Buy soy milk' });
    assert.deepEqual(corrected.corrected?.action, { type: 'type', text: 'Buy oat milk' });
    // The branch after the step back: from step 3 on, to the passing verdict.
    assert.deepEqual(branch.manifest.parent, { episodeId: first.manifest.episodeId, step: 2, folder: first.folder });
    assert.equal(branch.steps[0].index, 3);
    assert.deepEqual(branch.steps[0].action, { type: 'type', text: 'Buy oat milk' });
    assert.equal(branch.manifest.outcome?.success, true);
    // The fork: its own episode from step 3, the action it was given, its own (failing) verdict.
    assert.equal(forked.manifest.parent?.episodeId, first.manifest.episodeId);
    assert.equal(forked.manifest.parent?.step, 3);
    assert.equal(forked.steps[0].forked, true);
    assert.deepEqual(forked.steps[0].action, { type: 'type', text: 'Buy nothing' });
    assert.equal(forked.manifest.outcome?.success, false);
    assert.ok(fs.existsSync(path.join(forked.folder, forked.steps[0].screenshot!.file)), 'screenshots are recorded');
  } finally {
    await dc.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
