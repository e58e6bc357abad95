// "Open Run Report" in a real VS Code: the report of two runs dirs (recorded episodes with real
// JPEG screenshots) opens in a webview under the webview's CSP, the page reports it drew its
// charts and episodes, an episode's filmstrip loads its screenshots through the webview's
// resource URIs, a forged page message is refused, and a folder that is no runs dir is named
// in an error and opens nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ResultRecord } from '../../../src/agent/runner/results';
import { EpisodeWriter } from '../../../src/trajectory/writer';
import type { DurableFs } from '../../../src/trajectory/durable-fs';
import { record, step, writeRunsDir } from '../../../src/report/testing/fixture';
import { activateWithFolder, publishMetric, scaled, until } from './support';

interface PanelState { folder: string; title: string; runs: string[]; drawn?: { charts: number; episodes: number; renderMs: number }; shown?: { episodes: number[]; images: number; loaded: number }; rejected: number; errors: string[] }
const panels = () => vscode.commands.executeCommand<PanelState[]>('phonebuddy.test.report.panels');

/** Test data needs no fsync. */
const plainFs: DurableFs = {
  writeFile: async (f, d) => fs.writeFileSync(f, d),
  append: async (f, d) => fs.appendFileSync(f, d),
  replace: async (f, d) => fs.writeFileSync(f, d),
  syncDir: async () => undefined,
  mkdir: async (d) => { fs.mkdirSync(d, { recursive: true }); },
};

async function recordedRun(dir: string, passing: boolean): Promise<string> {
  // Loaded here, not at the top: the suites share the extension host with the activation
  // suite, which checks that nothing loaded sharp before a command needed it.
  const { default: sharp } = await import('sharp');
  const records: ResultRecord[] = [];
  for (const task of ['notes.a#1', 'notes.b#1']) {
    const folder = path.join(dir, 'rec', task.replace(/\W/g, '-'));
    const w = await EpisodeWriter.create(folder, { episodeId: `${task}-${passing}`, source: 'run', goal: `Do ${task}`, device: { id: 'mock:1', kind: 'mock', screen: { width: 108, height: 240 } }, policy: 'test', startedAt: new Date().toISOString() }, { fs: plainFs });
    for (const i of [1, 2]) {
      const data = await sharp({ create: { width: 108, height: 240, channels: 3, background: { r: 40 * i, g: 140, b: 90 } } }).jpeg().toBuffer();
      await w.appendStep({ index: i, time: new Date().toISOString(), instruction: task, thought: `step ${i}`, status: 'ok', source: 'test', timings: { screenshot: 0, uiTree: 0, model: 0, parse: 0, action: 0, total: 0 }, call: { name: 'click', args: { points: [[500, 500]] } }, action: { type: 'click', point: { x: 500, y: 500 } }, image: { data, format: 'jpeg', width: 108, height: 240 } });
    }
    await w.finish({ success: passing, score: passing ? 1 : 0, terminatedBy: 'finish', reason: 'done' });
    records.push({ ...record(task, { success: passing, score: passing ? 1 : 0, trajectory: [step(1), step(2)] }), trajectory_dir: folder });
  }
  return writeRunsDir(path.join(dir, 'run'), records);
}

suite('run report', () => {
  let root: string;

  suiteSetup(async function () {
    this.timeout(scaled(60_000));
    root = await activateWithFolder('report');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Open Run Report shows the report in a webview: drawn, filmstrip screenshots loaded, forged messages refused', async function () {
    this.timeout(scaled(120_000));
    const cand = await recordedRun(path.join(root, 'cand'), true);
    const base = await recordedRun(path.join(root, 'base'), false);
    const t0 = Date.now();
    const r = await vscode.commands.executeCommand<{ folder: string } | undefined>('phonebuddy.report.open', { runs: [cand], compare: [base], episode: 0 });
    assert.ok(r, 'the report opened');
    const p = await until('the report to be drawn with its filmstrip loaded', async () => {
      const x = (await panels()).find((q) => q.folder === r.folder);
      return x?.drawn && x.shown && x;
    }, scaled(60_000));
    publishMetric('report.webviewDrawnMs', Date.now() - t0);
    assert.equal(p.drawn!.episodes, 4);
    assert.equal(p.drawn!.charts, 6);
    assert.deepEqual(p.shown!.episodes, [0]);
    assert.equal(p.shown!.images, 2);
    assert.equal(p.shown!.loaded, 2, 'both screenshots loaded through the webview resource URIs');
    assert.deepEqual(p.errors, []);
    assert.ok(fs.existsSync(path.join(r.folder, 'shots', '0', '0001.jpg')));

    const rejected = await vscode.commands.executeCommand<number>('phonebuddy.test.report.forge', { type: 'drawn', charts: -1, episodes: 'x', renderMs: 1 });
    assert.equal(rejected, p.rejected + 1);

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('the closed report\'s folder to be removed', () => !fs.existsSync(r.folder), scaled(10_000));
  });

  test('a folder that is not a runs dir opens nothing', async () => {
    const before = (await panels()).length;
    const r = await vscode.commands.executeCommand('phonebuddy.report.open', { runs: [root] });
    assert.equal(r, undefined);
    assert.equal((await panels()).length, before);
  });
});
