// Trajectories in a real VS Code: the Record command records a task run, the Trajectories view
// lists it, the viewer (a custom editor) opens it and its webview reports what it shows — the
// screenshot loaded, the action drawn, the marks of a corrected / forked step; a 3,000-step
// episode opens with a few dozen rows in the DOM; forged webview messages are refused; the
// export command exports and validates; a demonstration driven through the device panel is
// recorded (human steps, kept though its verifier fails); delete removes an episode.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { centreOfText, forge as forgePanel, panelState, type Outcome } from './panel-support';
import { activateWithFolder, outputDir, publishMetric, until, scaled } from './support';

interface Shown { index: number; label: string; thought: string; marks: string[]; imageLoaded: boolean; drawn: boolean; rowsInDom: number }
interface ViewerState { folder: string; steps: number; verdict?: string; shown?: Shown; rejected: number; loadMs?: number; error?: string; title: string }
interface TreeState { root?: string; refreshes: number; tasks: { label: string; description?: string; episodes: { folder: string; verdict: string; description: string }[] }[] }

const folder = () => vscode.workspace.workspaceFolders![0].uri;
const viewers = () => vscode.commands.executeCommand<ViewerState[]>('phonebuddy.test.trajectories.viewers');
const tree = () => vscode.commands.executeCommand<TreeState>('phonebuddy.test.trajectories.tree');
const forge = (raw: unknown) => vscode.commands.executeCommand<Outcome>('phonebuddy.test.trajectories.forge', raw);


const viewerOf = async (dir: string) => (await viewers()).find((v) => v.folder === dir);

/** A synthetic episode of `n` steps, its screenshot a hard link to a recorded one (no fsync per step: it is test data). */
function bigEpisode(root: string, jpg: string, n: number): string {
  const dir = path.join(root, '20260101-000000-big-episode-bigbig01');
  fs.mkdirSync(dir, { recursive: true });
  const size = fs.statSync(jpg).size;
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) {
    const file = `${String(i).padStart(4, '0')}.jpg`;
    fs.linkSync(jpg, path.join(dir, file));
    const x = (i * 37) % 1000;
    const step: Record<string, unknown> = {
      index: i, time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), instruction: `# Instruction\nScroll a long list\n\n# History\nstep ${i}`,
      thought: `Thought of step ${i}: tap at ${x}`, raw: `<think>tap</think>\n<tool_call>\n{"name": "click", "arguments": {"points": [[${x}, 500]]}}\n</tool_call>`,
      call: { name: 'click', args: { points: [[x, 500]] } }, action: { type: 'click', point: { x, y: 500 } }, pixels: [{ x: x + 1, y: 1200 }],
      status: 'ok', source: 'openai:test', timings: { screenshot: 1, uiTree: 1, model: 100, parse: 0, action: 5, total: 107 },
      screenshot: { file, bytes: size, width: 1080, height: 2400, sha256: '0'.repeat(64) },
    };
    if (i === 7) Object.assign(step, { corrected: { thought: 'the model wanted the other button', action: { type: 'click', point: { x: 900, y: 900 } } }, human: true, source: 'debugger' });
    if (i === 8) step.forked = true;
    lines.push(JSON.stringify(step));
  }
  fs.writeFileSync(path.join(dir, 'steps.jsonl'), `${lines.join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({
    format: 'phonebuddy-trajectory', version: 1, episodeId: 'bigbig01-episode', source: 'debug', goal: 'Scroll a long list',
    task: { taskId: 'big.list', instanceId: 'big.list#1' }, device: { id: 'mock:big', kind: 'mock', screen: { width: 1080, height: 2400 } },
    policy: 'openai:test', startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T01:00:00.000Z', status: 'complete', steps: n,
    outcome: { success: false, score: 0, terminatedBy: 'max-steps', reason: 'ran out of steps' },
    flags: { corrected: 1, human: 1, forked: 1 },
  }, null, 2));
  return dir;
}

suite('trajectories', () => {
  let root: string;
  let recorded: string;

  suiteSetup(async function () {
    this.timeout(scaled(60_000));
    root = await activateWithFolder('trajectories');
    await vscode.workspace.getConfiguration('phonebuddy.recording').update('directory', root, vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
    await vscode.workspace.getConfiguration('phonebuddy.recording').update('directory', undefined, vscode.ConfigurationTarget.Workspace);
  });

  test('Record (policy run): the episode is recorded, listed in the view, and opens in the viewer with its screenshot and action', async function () {
    this.timeout(scaled(120_000));
    const uri = vscode.Uri.joinPath(folder(), 'single-app', 'notes-create.task.yaml');
    const r = await vscode.commands.executeCommand<{ folders: string[]; steps: number; success: boolean }>('phonebuddy.recordTask', uri, 'notes.create', { mode: 'policy', policy: 'solution', instance: 'notes.create#body=Buy oat milk' });
    assert.equal(r.success, true);
    assert.equal(r.folders.length, 1);
    recorded = r.folders[0];
    assert.ok(recorded.startsWith(root), `${recorded} is under the recording directory`);
    const t0 = Date.now();
    const v = await until('the viewer to show step 1 with its screenshot', async () => {
      const x = await viewerOf(recorded);
      return x?.shown?.index === 1 && x.shown.imageLoaded && x;
    }, 30_000);
    publishMetric('trajectories.viewerFirstStepMs', Date.now() - t0);
    assert.equal(v.steps, r.steps);
    assert.equal(v.verdict, 'passed');
    assert.match(v.shown!.label, /^open com\.phonebuddy\.notes/);
    // Step 2 is the tap on "new note": drawn over its screenshot.
    await vscode.commands.executeCommand('phonebuddy.test.trajectories.select', 2);
    const s2 = await until('step 2 drawn', async () => {
      const x = await viewerOf(recorded);
      return x?.shown?.index === 2 && x.shown.imageLoaded && x.shown.drawn && x.shown;
    });
    assert.match(s2.label, /^click \(\d+, \d+\)$/);
    const listed = await until('the view to list the episode', async () => {
      const t = await tree();
      return t.tasks.find((k) => k.label === 'notes.create' && k.episodes.some((e) => e.folder === recorded)) && t;
    });
    const ep = listed.tasks.find((k) => k.label === 'notes.create')!.episodes.find((e) => e.folder === recorded)!;
    assert.equal(ep.verdict, 'passed');
    assert.match(ep.description, new RegExp(`passed · ${r.steps} steps`));
  });

  test('forged viewer messages are refused with a reason; a valid openTask jumps to the task file', async () => {
    for (const raw of [{ type: 'wantStep', index: 0 }, { type: 'wantStep', index: 'x' }, { type: 'runShell', cmd: 'rm -rf /' }, { type: 'openTask', extra: 1 }, null]) {
      const o = await forge(raw);
      assert.equal(o.accepted, false, JSON.stringify(raw));
    }
    assert.deepEqual(await forge({ type: 'openTask' }), { accepted: true, type: 'openTask' });
    // The file may already be open in another editor (earlier tests open it): wait for the
    // editor that openTask focuses, not any editor that shows the file.
    const ed = await until('the task file to open at its task', async () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.fsPath.endsWith('notes-create.task.yaml') && /id: notes\.create/.test(e.document.lineAt(e.selection.active.line).text) && e;
    }, 15_000).catch(() => vscode.window.activeTextEditor);
    assert.ok(ed?.document.uri.fsPath.endsWith('notes-create.task.yaml'), `active editor: ${ed?.document.uri.fsPath}`);
    assert.match(ed!.document.lineAt(ed!.selection.active.line).text, /id: notes\.create/);
  });

  test('a 3,000-step episode opens fast with a virtual list; a corrected and a forked step show their marks', async function () {
    this.timeout(scaled(90_000));
    const big = bigEpisode(root, path.join(recorded, '0002.jpg'), 3000);
    const t0 = Date.now();
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(path.join(big, 'manifest.json')), 'phonebuddy.trajectoryViewer');
    const v = await until('step 1 of the big episode', async () => {
      const x = await viewerOf(big);
      return x?.shown?.index === 1 && x.shown.imageLoaded && x;
    }, 30_000);
    const ms = Date.now() - t0;
    publishMetric('trajectories.bigEpisodeOpenMs', ms);
    assert.equal(v.steps, 3000);
    assert.ok(v.shown!.rowsInDom < 100, `${v.shown!.rowsInDom} rows in the DOM for 3,000 steps`);
    await vscode.commands.executeCommand('phonebuddy.test.trajectories.select', 7);
    const s7 = await until('step 7', async () => { const x = await viewerOf(big); return x?.shown?.index === 7 && x.shown.drawn && x.shown; });
    assert.deepEqual(s7.marks, ['corrected', 'human']);
    await vscode.commands.executeCommand('phonebuddy.test.trajectories.select', 8);
    const s8 = await until('step 8', async () => { const x = await viewerOf(big); return x?.shown?.index === 8 && x.shown; });
    assert.deepEqual(s8.marks, ['forked']);
    await vscode.commands.executeCommand('phonebuddy.test.trajectories.select', 2999);
    const last = await until('step 2999', async () => { const x = await viewerOf(big); return x?.shown?.index === 2999 && x.shown.imageLoaded && x.shown; });
    assert.ok(last.rowsInDom < 100);
    // Selected before the last chunk may have arrived: the viewer shows it when it does. The
    // host's load time is known once every chunk was posted.
    const loaded = await until('the host to post every chunk', async () => { const x = await viewerOf(big); return typeof x?.loadMs === 'number' && x; });
    publishMetric('trajectories.bigEpisodeHostLoadMs', loaded.loadMs!);
    const t = await until('the big episode in the view', async () => { const x = await tree(); return x.tasks.find((k) => k.label === 'big.list') && x; });
    assert.match(t.tasks.find((k) => k.label === 'big.list')!.episodes[0].description, /failed · 3000 steps · ✎ 1 corrected/);
    // Delete (confirmed): the folder goes and the view follows.
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const node = { kind: 'episode', episode: { folder: big, verdict: 'failed', manifest: {}, flags: {}, taskKey: 'big.list' } };
    assert.equal(await vscode.commands.executeCommand<number>('phonebuddy.trajectories.delete', node, [node], true), 1);
    assert.equal(fs.existsSync(big), false);
    await until('the view to drop it', async () => !(await tree()).tasks.some((k) => k.label === 'big.list'));
  });

  test('Export Trajectories… exports off the extension host thread and validates', async function () {
    this.timeout(scaled(60_000));
    const out = path.join(outputDir(), `export-${Date.now()}`);
    const r = await vscode.commands.executeCommand<{ stats: { steps: { exported: number }; episodes: { exported: number } }; validation?: { samples: number; errors: string[]; moreErrors: number }; cancelled: boolean }>(
      'phonebuddy.trajectories.export', { inputs: [root], format: 'llamafactory', outDir: out });
    assert.equal(r.cancelled, false);
    assert.ok(r.stats.steps.exported > 0);
    assert.equal(r.validation?.errors.length, 0, r.validation?.errors.join('\n'));
    assert.equal(r.validation?.samples, r.stats.steps.exported);
    assert.ok(fs.existsSync(path.join(out, 'train.jsonl')) && fs.existsSync(path.join(out, 'dataset_info.json')));
  });

  test('Record (demonstration): gestures in the device panel become human steps; a failing verifier keeps it, marked failed', async function () {
    this.timeout(scaled(120_000));
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
    const uri = vscode.Uri.joinPath(folder(), 'single-app', 'notes-create.task.yaml');
    const running = vscode.commands.executeCommand<{ folders: string[]; steps: number; success: boolean; terminatedBy: string }>('phonebuddy.recordTask', uri, 'notes.create', { mode: 'demo', open: false, instance: 'notes.create#body=Buy oat milk' });
    const s = await until('the demonstration\'s first turn', async () => { const p = await panelState(); return p.humanTurn?.step === 1 && p; }, 60_000);
    const notes = centreOfText(s.uiTree!, 'Notes');
    // The thought note, as the panel's note field sends it, then the tap that carries it.
    const NOTE = 'The launcher shows Notes: open it to write the note.';
    const noted = await forgePanel({ type: 'humanNote', step: 1, note: NOTE });
    assert.deepEqual(noted, { accepted: true, type: 'humanNote' });
    const tap = await forgePanel({ type: 'tap', x: notes.x, y: notes.y, inputSeq: 900 });
    assert.deepEqual(tap, { accepted: true, type: 'tap' });
    await until('the second turn', async () => (await panelState()).humanTurn?.step === 2);
    // The panel's Record toggle shows this demonstration too, with its step count.
    const toggle = await until('REC on the toggle', async () => { const t = (await panelState()).toolbar.find((i) => i.id === 'recorder.toggle'); return t?.badge === '1 step' && t; });
    assert.deepEqual([toggle.label, toggle.checked], ['REC', true]);
    assert.equal(await vscode.commands.executeCommand('phonebuddy.demonstration.finish'), true);
    const r = await running;
    assert.equal(r.terminatedBy, 'finish');
    assert.equal(r.success, false, 'no note was written: the verifier fails');
    const dir = r.folders[0];
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    assert.equal(manifest.source, 'demo');
    assert.equal(manifest.outcome.success, false);
    const steps = fs.readFileSync(path.join(dir, 'steps.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(steps[0].human, true);
    assert.equal(steps[0].action.type, 'click');
    assert.equal(steps[0].source, 'human');
    assert.deepEqual([steps[0].note, steps[0].thought], [NOTE, NOTE], 'the note is the step\'s thought');
    assert.equal(steps[1].note, undefined, 'the finish step has no note');
    assert.ok(fs.existsSync(path.join(dir, steps[0].screenshot.file)), 'the screenshot is on disk');
    await until('the view to list the demonstration as failed', async () => (await tree()).tasks.some((k) => k.episodes.some((e) => e.folder === dir && e.verdict === 'failed')));
    // The viewer shows the note as step 1's thought, marked as a note.
    await vscode.commands.executeCommand('phonebuddy.trajectories.open', vscode.Uri.file(dir));
    const shown = await until('the demonstration in the viewer', async () => { const x = await viewerOf(dir); return x?.shown?.index === 1 && x.shown; }, 30_000);
    assert.equal(shown.thought, NOTE);
    assert.ok(shown.marks.includes('note') && shown.marks.includes('human'), `marks: ${shown.marks.join(', ')}`);
  });
});
