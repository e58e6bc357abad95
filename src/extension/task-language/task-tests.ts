// Tasks in the Test Explorer: one item per task file, one child per task. Running a task =
// an agent run with the solution policy on a fresh mock phone + verify; the verifier report is
// the test message.
import { recordingFor } from './recording-setting';
import { config } from '../config';
import * as vscode from 'vscode';
import { localModelChoice, type PolicyChoice } from '../model/settings';
import { instanceIdOf } from '../../task/params';
import { paramSets } from '../../task/instantiate';
import { taskLensSites } from '../../task/language/navigation';
import { parseTaskFile } from '../../task/parse-task-file';
import { offsetRange } from './convert';
import { isTaskDocument } from './language-features';
import type { ResultRecord, RunSummary } from '../../agent/runner/results';
import fs from 'node:fs';
import path from 'node:path';

/** Test Explorer runs kept for their reports. */
const RUNS_KEPT = 20;

/** Removes all but the newest `keep` folders of `root` (their names sort by time). */
function pruneOldest(root: string, keep: number): void {
  const dirs = fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  for (const d of dirs.slice(0, Math.max(0, dirs.length - keep))) fs.rmSync(path.join(root, d), { recursive: true, force: true });
}

export const TEST_CONTROLLER_ID = 'phonebuddyTasks';

export interface TaskTestResult {
  state: 'passed' | 'failed' | 'errored';
  message?: string;
}

export class TaskTests implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController(TEST_CONTROLLER_ID, 'PhoneBuddy Tasks');
  /** Outcome of the latest run of each test item, by id (read by the integration tests). */
  readonly lastResults = new Map<string, TaskTestResult>();
  /** Runs the Test Explorer has started (tooling and tests learn a run began from it). */
  runsStarted = 0;
  /** Success and violation rates of the latest run, overall and per family (as in summary.json). */
  lastRates?: RunSummary;
  /** The latest run written as a runs dir (results.jsonl, summary.json): what Open Run Report reads. */
  lastRunsDir?: string;
  private readonly disposables: vscode.Disposable[] = [this.controller];

  /** `runsRoot`: where each run's runs dir goes (the extension's storage); none, none written. */
  constructor(private readonly log: vscode.LogOutputChannel, private readonly runsRoot?: string) {
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
      else await this.refreshFile(item.uri!);
    };
    this.controller.createRunProfile('Run with reference solution', vscode.TestRunProfileKind.Run, (req, token) => this.run(req, token), true);
    // A second profile while phonebuddy.model.path is set: the same tests played by the local model.
    this.syncModelProfile();
    this.disposables.push(config.onDidChange('model', () => this.syncModelProfile()));
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.task.yaml');
    this.disposables.push(
      watcher,
      watcher.onDidCreate((u) => void this.refreshFile(u)),
      watcher.onDidChange((u) => void this.refreshFile(u)),
      watcher.onDidDelete((u) => this.controller.items.delete(u.toString())),
      // A task file opened or saved in the editor has its items even when the watcher dropped
      // its event (a loaded machine, a network file system, the inotify limit).
      vscode.workspace.onDidOpenTextDocument((d) => { if (isTaskDocument(d) && d.uri.scheme === 'file') void this.refreshFile(d.uri); }),
      vscode.workspace.onDidSaveTextDocument((d) => { if (isTaskDocument(d) && d.uri.scheme === 'file') void this.refreshFile(d.uri); }),
    );
  }

  /** Every test item's id, depth first (files, their tasks, their instances). */
  itemIds(): string[] {
    const out: string[] = [];
    const walk = (items: vscode.TestItemCollection): void => items.forEach((i) => { out.push(i.id); walk(i.children); });
    walk(this.controller.items);
    return out;
  }

  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles('**/*.task.yaml', '**/node_modules/**');
    await Promise.all(files.map((f) => this.refreshFile(f)));
  }

  async refreshFile(uri: vscode.Uri): Promise<vscode.TestItem | undefined> {
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      this.controller.items.delete(uri.toString());
      return undefined;
    }
    const fileItem = this.controller.items.get(uri.toString()) ?? this.controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
    const doc = { positionAt: (o: number) => positionAt(text, o) } as vscode.TextDocument;
    const parsed = parseTaskFile(text, uri.fsPath);
    const children = taskLensSites(text).map((site) => {
      const child = this.controller.createTestItem(`${uri.toString()}#${site.taskId}`, site.taskId, uri);
      child.range = offsetRange(doc, site.range);
      // One child per param combination, so a single instance can be run on its own.
      const def = parsed.tasks.find((t) => t.def.id === site.taskId)?.def;
      let ids: string[] = [];
      try {
        ids = def ? paramSets(def, def.seed ?? 0).map((p) => instanceIdOf(def.id, p)) : [];
      } catch { /* bad params: the diagnostics say why; the task item still runs (and errors) */ }
      if (ids.length > 1) {
        child.children.replace(ids.map((id) => {
          const inst = this.controller.createTestItem(`${uri.toString()}#${id}`, id.slice(id.indexOf('#') + 1), uri);
          inst.range = child.range;
          return inst;
        }));
      }
      return child;
    });
    fileItem.children.replace(children);
    this.controller.items.add(fileItem);
    return fileItem;
  }

  private modelProfile?: vscode.TestRunProfile;

  private syncModelProfile(): void {
    const local = localModelChoice();
    if (!local) { this.modelProfile?.dispose(); this.modelProfile = undefined; return; }
    this.modelProfile ??= this.controller.createRunProfile('Run with local model', vscode.TestRunProfileKind.Run, (req, token) => this.run(req, token, localModelChoice()), false);
    this.modelProfile.label = `Run with local model (${local.description})`;
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken, pick?: PolicyChoice): Promise<void> {
    this.runsStarted++;
    const run = this.controller.createTestRun(request);
    const queue: vscode.TestItem[] = [];
    const add = (item: vscode.TestItem) => {
      if (request.exclude?.includes(item)) return;
      if (item.children.size > 0) item.children.forEach(add);
      else if (item.id.includes('#')) queue.push(item);
    };
    if (request.include) request.include.forEach(add);
    else this.controller.items.forEach(add);
    const abort = new AbortController();
    token.onCancellationRequested(() => abort.abort());
    const runner = await import('../../studio/task-runner');
    const { runRecords, formatRates } = await import('../../studio/run-rates');
    const { summarize } = await import('../../agent/runner/results');
    const all: Awaited<ReturnType<typeof runner.runInstances>> = [];
    for (const item of queue) {
      if (token.isCancellationRequested) run.skipped(item);
    }
    for (const item of queue) {
      if (token.isCancellationRequested) break;
      run.started(item);
      // `<uri>#<taskId>` runs every instance; `<uri>#<taskId>#<params>` runs that instance.
      const key = item.id.slice(item.uri!.toString().length + 1);
      const taskId = key.split('#')[0];
      const started = Date.now();
      try {
        // The task file's workspace folder's apps: its tasks load and its phones run them.
        const appsDir = config.apps.folderFor(item.uri!);
        const instances = (await runner.instancesOf(item.uri!.fsPath, taskId, { appsDir })).filter((i) => key === taskId || i.instanceId === key);
        if (instances.length === 0) throw new Error(`no instances of ${taskId}`);
        const runs = await runner.runInstances(instances, { trusted: vscode.workspace.isTrusted, signal: abort.signal, pick, record: recordingFor('test'), appsDir });
        all.push(...runs);
        const report = runs.map(runner.formatRun).join('\n\n');
        run.appendOutput(`${report.replace(/\n/g, '\r\n')}\r\n`, undefined, item);
        const failed = runs.filter((r) => !r.summary.success);
        if (failed.length === 0) {
          run.passed(item, Date.now() - started);
          this.lastResults.set(item.id, { state: 'passed', message: report });
        } else {
          const text = failed.map(runner.formatRun).join('\n\n');
          const message = new vscode.TestMessage(text);
          if (item.range) message.location = new vscode.Location(item.uri!, item.range);
          run.failed(item, message, Date.now() - started);
          this.lastResults.set(item.id, { state: 'failed', message: text });
        }
      } catch (e) {
        this.log.error(`test ${item.id}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        run.errored(item, new vscode.TestMessage(e instanceof Error ? e.message : String(e)), Date.now() - started);
        this.lastResults.set(item.id, { state: 'errored', message: e instanceof Error ? e.message : String(e) });
      }
    }
    // Trap tasks are judged by two rates: how often the agent succeeded, and how often it did
    // what it must not (a violation), per family — shown after the run, as `run` reports them.
    if (all.length) {
      // One set of records: the rates shown and the runs dir the report reads.
      const records = runRecords(all, pick?.spec ?? 'solution');
      this.lastRates = summarize(records);
      run.appendOutput(`\r\nPhoneBuddy: ${formatRates(this.lastRates).replace(/\n/g, '\r\n')}\r\n`);
      await this.saveRun(records, run);
    }
    run.end();
  }

  /**
   * Keeps the run as a runs dir, so the report of a Test Explorer run is the report of a CLI run
   * (recorded episodes give it filmstrips). The newest RUNS_KEPT are kept. A write that fails
   * costs the report only, never the run's results.
   */
  private async saveRun(records: ResultRecord[], run: vscode.TestRun): Promise<void> {
    if (!this.runsRoot) return;
    try {
      const { writeRunsDir } = await import('../../agent/runner/runs-dir');
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const dir = path.join(this.runsRoot, `${stamp}-${this.runsStarted}`);
      writeRunsDir(dir, records);
      this.lastRunsDir = dir;
      pruneOldest(this.runsRoot, RUNS_KEPT);
      run.appendOutput(`PhoneBuddy: the run's report: "PhoneBuddy: Open Run Report of the Last Test Run" (results in ${dir})\r\n`);
      void vscode.commands.executeCommand('setContext', 'phonebuddy.task.hasTestRun', true);
    } catch (e) {
      this.log.warn(`could not keep the run for its report: ${(e as Error).message}`);
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function positionAt(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}
