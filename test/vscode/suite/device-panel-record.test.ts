// Recording and agents from the device panel inside the real extension host: the Record toggle
// (here its command, with the goal passed in) records a demonstration made of panel taps into
// phonebuddy.recording.directory, which exports and validates; the panel's Run Agent offers the
// local model from phonebuddy.model.path and plays it on the mirrored phone in the model worker.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { writeFixture } from '../../../src/model/fixture/write';
import { exportTrajectories, validateExport } from '../../../src/trajectory/export';
import { centreOfText, forge, openStreamingPanel, panelState } from './panel-support';
import { until, scaled } from './support';

suite('device panel: record and run agents', () => {
  let root = '';
  suiteSetup(async function () {
    this.timeout(scaled(60_000));
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-vscode-panel-record-'));
    await openStreamingPanel();
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('phonebuddy.recording').update('directory', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('phonebuddy.model').update('path', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('Record: panel taps become a recorded demonstration that exports and validates', async function () {
    this.timeout(scaled(90_000));
    const dir = path.join(root, 'demos');
    await vscode.workspace.getConfiguration('phonebuddy.recording').update('directory', dir, vscode.ConfigurationTarget.Global);
    await forge({ type: 'key', key: 'home', inputSeq: 500 });
    const off = (await panelState()).toolbar.find((i) => i.id === 'recorder.toggle');
    assert.deepEqual([off?.label, off?.icon, off?.checked], ['Record', 'record', undefined]);
    assert.equal(await vscode.commands.executeCommand('phonebuddy.devicePanel.toggleRecording', 'Open the Notes app'), undefined);
    const turn = await until('the first turn of the demonstration', async () => (await panelState()).humanTurn);
    assert.deepEqual(turn, { goal: 'Open the Notes app', step: 1, notes: true }, 'a demonstration turn offers the thought note');
    const on = (await panelState()).toolbar.find((i) => i.id === 'recorder.toggle');
    assert.deepEqual([on?.label, on?.checked, on?.badge], ['REC', true, '0 steps']);
    const notes = centreOfText((await panelState()).uiTree!, 'Notes');
    assert.deepEqual(await forge({ type: 'tap', x: notes.x, y: notes.y, inputSeq: 501 }), { accepted: true, type: 'tap' });
    await until('Notes to open', async () => (await panelState()).foregroundApp === 'com.phonebuddy.notes');
    await until('one recorded step on the toggle', async () => (await panelState()).toolbar.find((i) => i.id === 'recorder.toggle')?.badge === '1 step');
    const folder = (await panelState()).recording?.folder;
    assert.ok(folder?.startsWith(dir), `recording into ${dir}: ${folder}`);
    const done = await vscode.commands.executeCommand<{ folders: string[]; steps: number; terminatedBy: string; actions: string[] }>('phonebuddy.devicePanel.toggleRecording');
    assert.deepEqual(done.actions, ['click', 'finish']);
    assert.equal(done.terminatedBy, 'finish');
    const manifest = JSON.parse(fs.readFileSync(path.join(done.folders[0], 'manifest.json'), 'utf8'));
    assert.equal(manifest.source, 'demo');
    assert.equal(manifest.status, 'complete');
    const out = path.join(root, 'export');
    const stats = await exportTrajectories({ inputs: [dir], format: 'phonebuddy', outDir: out });
    assert.equal(stats.steps.exported, 2);
    const report = validateExport(out);
    assert.deepEqual(report.errors, []);
    assert.equal(report.samples, 2);
    assert.equal((await panelState()).toolbar.find((i) => i.id === 'recorder.toggle')?.checked, undefined, 'Record is off again');
    await forge({ type: 'key', key: 'home', inputSeq: 502 });
  });

  test('Run Agent on the panel offers the local model and plays it on the mirrored phone', async function () {
    this.timeout(scaled(120_000));
    const script = 'Nothing to do.</think>\n<tool_call>\n{"name": "finish", "arguments": {"text": "done"}}\n</tool_call>';
    const model = writeFixture({ out: path.join(root, 'tiny'), script }).dir;
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('phonebuddy.devicePanel.runAgent', { policy: 'local', goal: 'x' })), /set phonebuddy\.model\.path/);
    const cfg = vscode.workspace.getConfiguration('phonebuddy.model');
    await cfg.update('path', model, vscode.ConfigurationTarget.Global);
    await cfg.update('maxPixels', 200_704, vscode.ConfigurationTarget.Global);
    const r = await vscode.commands.executeCommand<{ policy: string; steps: number; actions: string[] }>('phonebuddy.devicePanel.runAgent', { policy: 'local', goal: 'Say you are done', maxSteps: 2 });
    await cfg.update('maxPixels', undefined, vscode.ConfigurationTarget.Global);
    assert.deepEqual(r.actions, ['finish']);
    assert.ok((await panelState()).toolbar.some((i) => i.id === 'agent.run'), 'the panel toolbar offers Run Agent');
  });
});
