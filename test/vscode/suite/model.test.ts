// The local model inside a real VS Code: phonebuddy.model.path set to the tiny scripted
// fixture, ▶ Run plays a task with it — the model worker thread in the extension host, the
// real load, screenshot and generation — and the extension host keeps running.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { writeFixture } from '../../../src/model/fixture/write';
import { EXTENSION_ID, scaled } from './support';

const SCRIPT = 'Done already.</think>\n<tool_call>\n{"name": "finish", "arguments": {"text": "done"}}\n</tool_call>';

suite('local model', () => {
  let root = '';
  suiteSetup(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-vscode-model-'));
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('phonebuddy.model').update('path', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('▶ Run with the local model from phonebuddy.model.path runs the model worker in the extension host', async function () {
    this.timeout(scaled(120_000));
    const dir = writeFixture({ out: path.join(root, 'tiny'), script: SCRIPT }).dir;
    const cfg = vscode.workspace.getConfiguration('phonebuddy.model');
    await cfg.update('path', dir, vscode.ConfigurationTarget.Global);
    await cfg.update('maxPixels', 200_704, vscode.ConfigurationTarget.Global);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'single-app/notes-create.task.yaml'));
    const runs = await vscode.commands.executeCommand<{ policy: string; steps: { status: string; raw?: string; error?: string }[] }[]>('phonebuddy.task.run', doc.uri, 'notes.create', 'local');
    await cfg.update('maxPixels', undefined, vscode.ConfigurationTarget.Global);
    assert.equal(runs.length, 3, 'every parameter instance of notes.create runs');
    assert.ok(runs.every((r) => r.policy === `local:${dir}`));
    assert.equal(runs[0].steps[0].raw, SCRIPT, JSON.stringify(runs[0].steps));
  });

  test('a model folder that is not one gives a clear step error, and the host keeps serving', async function () {
    this.timeout(scaled(60_000));
    const cfg = vscode.workspace.getConfiguration('phonebuddy.model');
    await cfg.update('path', path.join(root, 'missing'), vscode.ConfigurationTarget.Global);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'single-app/notes-create.task.yaml'));
    const runs = await vscode.commands.executeCommand<{ steps: { status: string; error?: string }[] }[]>('phonebuddy.task.run', doc.uri, 'notes.create', 'local');
    assert.match(runs[0].steps[0].error ?? '', /missing does not exist: set phonebuddy\.model\.path/);
    const solution = await vscode.commands.executeCommand<{ success: boolean }[]>('phonebuddy.task.run', doc.uri, 'notes.create', 'solution');
    assert.equal(solution[0].success, true);
  });
});
