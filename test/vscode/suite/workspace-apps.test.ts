// A workspace's own mock app, written only in YAML, through every path of the editor that runs a
// task: a temporary folder in the workspace holds apps/pantry-like.app.yaml and a task on it,
// phonebuddy.apps.folder points at it, and the task file's diagnostics know its tables (and
// follow a saved app file), ✓ Check proves the task, ▶ Run passes it (and a saved change to
// the app file is what the next run sees, with no window reload), the Test
// Explorer runs it, a debug session stops on it at a breakpoint, and Record saves its trajectory.
// Without the workspace's apps each of them fails: the task names an app the phone lacks.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { centreOfText, forge, panelState } from './panel-support';
import { activateWithFolder, repoRoot, scaled, until } from './support';

const PACKAGE = 'com.example.pantry';
const TASK_ID = 'pantry.add_honey';
const APP = fs.readFileSync(path.join(repoRoot, 'apps-examples', 'pantry.app.yaml'), 'utf8');
const TASK = fs.readFileSync(path.join(repoRoot, 'apps-examples', 'pantry-add-honey.task.yaml'), 'utf8');

suite('workspace apps in the editor', () => {
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  let dir: string;
  let appFile: string;
  let task: vscode.Uri;
  let recordings: string;
  const stopped: { session: string; body: DebugProtocol.StoppedEvent['body'] }[] = [];
  const disposables: vscode.Disposable[] = [];

  suiteSetup(async function () {
    this.timeout(scaled(60_000));
    recordings = await activateWithFolder('workspace-apps-recordings');
    // A folder of the workspace's own (the task file's workspace folder is the one whose apps load).
    const name = `appruns-${Date.now()}`;
    dir = path.join(folder().fsPath, name);
    appFile = path.join(dir, 'apps', 'pantry-like.app.yaml');
    fs.mkdirSync(path.dirname(appFile), { recursive: true });
    fs.writeFileSync(appFile, APP);
    task = vscode.Uri.file(path.join(dir, 'pantry.task.yaml'));
    fs.writeFileSync(task.fsPath, TASK);
    await vscode.workspace.getConfiguration('phonebuddy.apps').update('folder', `${name}/apps`, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('phonebuddy.recording').update('directory', recordings, vscode.ConfigurationTarget.Workspace);
    disposables.push(vscode.debug.registerDebugAdapterTrackerFactory('phonebuddy', {
      createDebugAdapterTracker: (session) => ({
        onDidSendMessage: (m: DebugProtocol.ProtocolMessage) => {
          if (m.type === 'event' && (m as DebugProtocol.Event).event === 'stopped') stopped.push({ session: session.id, body: (m as DebugProtocol.StoppedEvent).body });
        },
      }),
    }));
  });

  suiteTeardown(async () => {
    for (const d of disposables) d.dispose();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
    await vscode.workspace.getConfiguration('phonebuddy.apps').update('folder', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('phonebuddy.recording').update('directory', undefined, vscode.ConfigurationTarget.Workspace);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('✓ Check proves the task on the workspace app', async function () {
    this.timeout(scaled(120_000));
    const r = await vscode.commands.executeCommand<{ ok: boolean; checks: { instanceId: string; ok: boolean; problems: string[] }[] }>('phonebuddy.task.check', task, TASK_ID);
    assert.equal(r.ok, true, JSON.stringify(r.checks));
    assert.deepEqual(r.checks.map((c) => [c.instanceId, c.ok]), [[TASK_ID, true]]);
  });

  test('the task file\'s diagnostics know the workspace app\'s tables, and follow a saved app file', async function () {
    this.timeout(scaled(60_000));
    // A second task on a table the app does not have yet.
    const other = vscode.Uri.file(path.join(dir, 'shelves.task.yaml'));
    fs.writeFileSync(other.fsPath, TASK.replace('id: pantry.add_honey', 'id: pantry.shelves').replace("SELECT qty FROM items WHERE name = 'Honey'", 'SELECT id FROM shelves'));
    const doc = await vscode.workspace.openTextDocument(other);
    await vscode.window.showTextDocument(doc);
    const errors = () => vscode.languages.getDiagnostics(other).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => d.message);
    const unknown = await until('a diagnostic on the unknown table (and none on the app)', () => {
      const e = errors();
      return e.some((m) => /shelves/.test(m)) && e;
    }, 30_000);
    assert.ok(!unknown.some((m) => m.includes(`unknown app '${PACKAGE}'`)), unknown.join('\n'));
    // The author adds the table in the editor and saves (the save, not a file watcher that a
    // loaded machine may starve, is what the task diagnostics must follow).
    const app = await vscode.workspace.openTextDocument(vscode.Uri.file(appFile));
    const setApp = async (text: string) => {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(app.uri, new vscode.Range(app.positionAt(0), app.positionAt(app.getText().length)), text);
      assert.ok(await vscode.workspace.applyEdit(edit), 'the app file edit applies');
      assert.ok(await app.save(), 'the app file saves');
    };
    await setApp(APP.replace('CREATE TABLE prefs', 'CREATE TABLE shelves (id INTEGER PRIMARY KEY, name TEXT);\n    CREATE TABLE prefs'));
    try {
      await until('the diagnostic to go once the app file has the table', () => errors().length === 0, 30_000);
    } finally {
      await setApp(APP);
      fs.rmSync(other.fsPath, { force: true });
    }
  });

  test('▶ Run passes it; a saved change to the app file is what the next run sees (no window reload)', async function () {
    this.timeout(scaled(180_000));
    type Run = { instanceId: string; success: boolean; steps: { status: string; error?: string }[] };
    const run = () => vscode.commands.executeCommand<Run[]>('phonebuddy.task.run', task, TASK_ID, 'solution');
    const first = await run();
    assert.deepEqual(first.map((r) => [r.instanceId, r.success]), [[TASK_ID, true]], JSON.stringify(first));
    // The add button loses the id the solution clicks: the next run cannot find it.
    fs.writeFileSync(appFile, APP.replace('id: add_item', 'id: add_entry'));
    try {
      const second = await run();
      assert.equal(second[0].success, false, 'the next run runs the saved app');
      assert.ok(second[0].steps.some((s) => /add_item/.test(s.error ?? '')), JSON.stringify(second[0].steps));
    } finally {
      fs.writeFileSync(appFile, APP);
    }
    const third = await run();
    assert.equal(third[0].success, true, 'and the app as saved again');
  });

  test('the Test Explorer runs it', async function () {
    this.timeout(scaled(180_000));
    const id = `${task.toString()}#${TASK_ID}`;
    // Opened in the editor, the task file has its items whether or not the file watcher saw it created.
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(task));
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await until(`the Test Explorer item ${id}`, async () => (await vscode.commands.executeCommand<string[]>('phonebuddy.task.testItems')).includes(id), 30_000);
    // The workbench learns a new file's items a little after the extension has them: ask again until a run has started.
    const before = await vscode.commands.executeCommand<number>('phonebuddy.task.testRunsStarted');
    await until('the Test Explorer to start the run', async () => {
      await vscode.commands.executeCommand('testing.runAtCursor');
      return until('a run', async () => (await vscode.commands.executeCommand<number>('phonebuddy.task.testRunsStarted')) > before, 5_000).catch(() => false);
    }, 60_000);
    const result = await until('the test result', async () => (await vscode.commands.executeCommand<Record<string, { state: string; message?: string }>>('phonebuddy.task.testResults'))[id], 120_000);
    assert.equal(result.state, 'passed', result.message);
    assert.match(result.message ?? '', /PASSED pantry\.add_honey/);
  });

  test('a debug session stops on it at a breakpoint and ends with its verdict', async function () {
    this.timeout(scaled(120_000));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(task));
    const bp = new vscode.FunctionBreakpoint('type', true, `app == "${PACKAGE}"`);
    vscode.debug.addBreakpoints([bp]);
    try {
      const started = new Promise<vscode.DebugSession>((r) => { const d = vscode.debug.onDidStartDebugSession((s) => { d.dispose(); r(s); }); });
      assert.equal(await vscode.commands.executeCommand<boolean>('phonebuddy.debugTask', task, TASK_ID), true);
      const session = await started;
      assert.equal(session.configuration.apps, path.dirname(appFile), 'the configuration names the task\'s workspace apps');
      const stop = await until('the session to stop at the breakpoint', () => stopped.find((s) => s.session === session.id), 60_000);
      assert.equal(stop.body.reason, 'breakpoint');
      const stack = await session.customRequest('stackTrace', { threadId: stop.body.threadId ?? 1 }) as DebugProtocol.StackTraceResponse['body'];
      assert.match(stack.stackFrames[0].name, /^3: type "Honey" \(pending\)$/);
      const ended = new Promise<void>((r) => { const d = vscode.debug.onDidTerminateDebugSession((s) => { if (s.id === session.id) { d.dispose(); r(); } }); });
      vscode.debug.removeBreakpoints([bp]);
      await session.customRequest('continue', { threadId: 1 });
      await ended;
    } finally {
      vscode.debug.removeBreakpoints([bp]);
    }
  });

  test('Record saves a trajectory of it', async function () {
    this.timeout(scaled(120_000));
    const r = await vscode.commands.executeCommand<{ folders: string[]; steps: number; success: boolean }>('phonebuddy.recordTask', task, TASK_ID, { mode: 'policy', policy: 'solution', open: false });
    assert.equal(r.success, true);
    assert.equal(r.folders.length, 1);
    assert.ok(r.folders[0].startsWith(recordings), `${r.folders[0]} is under the recording directory`);
    // The episode on disk: its manifest and its steps, on the workspace app.
    const manifest = JSON.parse(fs.readFileSync(path.join(r.folders[0], 'manifest.json'), 'utf8')) as { task?: { taskId: string } };
    assert.equal(manifest.task?.taskId, TASK_ID);
    const steps = fs.readFileSync(path.join(r.folders[0], 'steps.jsonl'), 'utf8').trim().split('\n');
    assert.equal(steps.length, r.steps);
    assert.match(steps[0], new RegExp(PACKAGE.replace(/\./g, '\\.')), 'the first step opens the workspace app');
  });

  test('Demonstrate by hand: the demonstration\'s phone has the workspace app on its launcher', async function () {
    this.timeout(scaled(120_000));
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
    const running = vscode.commands.executeCommand<{ folders: string[]; steps: number; success: boolean; terminatedBy: string }>('phonebuddy.recordTask', task, TASK_ID, { mode: 'demo', open: false });
    const first = await until('the demonstration\'s first turn', async () => { const p = await panelState(); return p.humanTurn?.step === 1 && p; }, 60_000);
    const icon = centreOfText(first.uiTree!, 'Pantry');
    assert.deepEqual(await forge({ type: 'tap', x: icon.x, y: icon.y, inputSeq: 901 }), { accepted: true, type: 'tap' });
    const second = await until('the second turn', async () => { const p = await panelState(); return p.humanTurn?.step === 2 && p; }, 30_000);
    assert.match(second.uiTree!, new RegExp(`package="${PACKAGE.replace(/\./g, '\\.')}"`), 'the tap opened the workspace app');
    assert.equal(await vscode.commands.executeCommand('phonebuddy.demonstration.finish'), true);
    const r = await running;
    assert.equal(r.terminatedBy, 'finish');
    assert.equal(r.success, false, 'no honey was added: the verifier fails, the demonstration is kept');
    const steps = fs.readFileSync(path.join(r.folders[0], 'steps.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { human?: boolean });
    assert.equal(steps[0].human, true);
  });
});
