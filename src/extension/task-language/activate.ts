// The task language in VS Code: language features, the Run / Debug / Record / Check commands
// behind the CodeLenses, and the Test Explorer. Cheap at activation: the mock phone, the agent
// loop and SQLite load on first use (task-runner.ts, mock-catalog.ts).
import { recordingFor } from './recording-setting';
import path from 'node:path';
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import { config } from '../config';
import { pickPolicy } from '../model/settings';
import { checkDiagnostics } from '../../task/language/check-sites';
import type { PanelHub } from '../../panel/panel-hub';
import { toDiagnostic } from './convert';
import { TaskLanguageFeatures } from './language-features';
import { TaskTests } from './task-tests';
import type { InstanceRun } from '../../studio/task-runner';
import { rememberInstanceChoicesIn } from '../pick-instance';
import { newTask, type NewTaskArgs } from './new-task';
import { walkthroughStepDone } from '../walkthrough';
import { UNTRUSTED_NOTE, warnUntrusted } from '../trust';

/** Debug / Record are owned by other features; until they register these commands we say so. */
const LATER: Record<string, { command: string; what: string }> = {
  'phonebuddy.task.debug': { command: 'phonebuddy.debugTask', what: 'Debugging a task' },
  'phonebuddy.task.record': { command: 'phonebuddy.recordTask', what: 'Recording a demonstration' },
};

export interface TaskLanguageApi {
  features: TaskLanguageFeatures;
  tests: TaskTests;
}

let api: TaskLanguageApi | undefined;
export function taskLanguageApi(): TaskLanguageApi | undefined {
  return api;
}

async function taskTarget(uri?: vscode.Uri, taskId?: string): Promise<{ uri: vscode.Uri; taskId?: string } | undefined> {
  const u = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!u || !u.fsPath.endsWith('.task.yaml')) {
    void vscode.window.showWarningMessage('Open a *.task.yaml file first.');
    return undefined;
  }
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === u.toString());
  if (doc?.isDirty) await doc.save();
  return { uri: u, ...(taskId ? { taskId } : {}) };
}

/** `hub`: the device panel's, when it started (runs are drawn on their phones in it). */
export function activateTaskLanguage(context: vscode.ExtensionContext, hub?: PanelHub): void {
  const log = vscode.window.createOutputChannel('PhoneBuddy Tasks', { log: true });
  const features = new TaskLanguageFeatures(log);
  rememberInstanceChoicesIn(context.workspaceState);
  // Problems found by ✓ Check verifiers, on the verify/solution key; stale once the file changes.
  const checkResults = vscode.languages.createDiagnosticCollection('phonebuddy-check');
  context.subscriptions.push(checkResults, vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.contentChanges.length > 0) checkResults.delete(e.document.uri);
  }), vscode.workspace.onDidGrantWorkspaceTrust(() => checkResults.clear())); // "not proven: … did not run" no longer holds
  const tests = new TaskTests(log, path.join((context.storageUri ?? context.globalStorageUri).fsPath, 'test-runs'));
  api = { features, tests };
  context.subscriptions.push(log, features, tests);

  context.subscriptions.push(
    studioCommand('phonebuddy.task.run', async (uri?: vscode.Uri, taskId?: string, policy?: string) => {
      const target = await taskTarget(uri, taskId);
      if (!target) return undefined;
      const runner = await import('../../studio/task-runner');
      const id = target.taskId ?? (await pickTask(target.uri));
      if (!id) return undefined;
      let pick;
      try {
        pick = await pickPolicy(policy);
      } catch (e) {
        void vscode.window.showErrorMessage((e as Error).message);
        return undefined;
      }
      if (!pick) return undefined;
      return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Running ${id} on a mock phone (${pick.label})`, cancellable: true }, async (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        // Every parameter instance runs (one that passes says nothing of another), each
        // reported on its own.
        // The task file's workspace folder's apps: its tasks load and its phones run them.
        const appsDir = config.apps.folderFor(target.uri);
        const instances = await runner.instancesOf(target.uri.fsPath, id, { appsDir });
        const runs: InstanceRun[] = [];
        const options = { trusted: vscode.workspace.isTrusted, signal: abort.signal, pick, record: recordingFor('run'), appsDir };
        // With the device panel available, each run is drawn on its phone in it; else headless.
        if (hub) {
          for (const instance of instances) {
            if (abort.signal.aborted) break;
            if (instances.length > 1) progress.report({ message: `${runs.length + 1}/${instances.length}: ${instance.instanceId}` });
            runs.push(await runner.runShown(instance, {
            show: async (device, label) => {
              await hub.runPhones.start(device, label);
              await vscode.commands.executeCommand('phonebuddy.devicePanel.open', device.id, { preserveFocus: true });
            },
            watch: (deviceId, episode) => hub.watchEpisode(deviceId, episode),
            finished: (device) => hub.runPhones.finished(device),
            }, options));
          }
        } else {
          runs.push(...await runner.runInstances(instances, options));
        }
        for (const r of runs) log.info(runner.formatRun(r));
        if (runs.length) walkthroughStepDone('run');
        const passed = runs.filter((r) => r.summary.success).length;
        const failed = runs.filter((r) => !r.summary.success).map((r) => r.instance.instanceId);
        log.show(true);
        const verdict = runs.length === 1 ? (passed ? 'passed' : 'FAILED')
          : `${passed}/${runs.length} instances passed${failed.length ? ` — FAILED: ${failed.slice(0, 3).join(', ')}${failed.length > 3 ? ', …' : ''}` : ''}`;
        const stopped = runs.length < instances.length ? ` (stopped after ${runs.length} of ${instances.length})` : '';
        if (!vscode.workspace.isTrusted && runs.some(runner.leftOutUntrusted)) warnUntrusted(`${id}: ${verdict}${stopped} — ${UNTRUSTED_NOTE}; see the PhoneBuddy Tasks output`);
        else void vscode.window.showInformationMessage(`${id}: ${verdict}${stopped} — see the PhoneBuddy Tasks output`);
        return runs.map((r) => ({ instanceId: r.instance.instanceId, success: r.summary.success, score: r.summary.score, policy: pick.spec, steps: r.summary.steps.map((s) => ({ status: s.status, raw: s.raw, error: s.error })) }));
      });
    }),
    studioCommand('phonebuddy.task.new', async (args?: NewTaskArgs) => {
      try {
        return await newTask(args);
      } catch (e) {
        void vscode.window.showErrorMessage(`New task: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    }),
    studioCommand('phonebuddy.task.check', async (uri?: vscode.Uri, taskId?: string) => {
      const target = await taskTarget(uri, taskId);
      if (!target) return undefined;
      const runner = await import('../../studio/task-runner');
      return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Checking verifiers${target.taskId ? ` of ${target.taskId}` : ''}` }, async () => {
        const result = await runner.checkTaskFile(target.uri.fsPath, target.taskId, vscode.workspace.isTrusted, { appsDir: config.apps.folderFor(target.uri) });
        const doc = await vscode.workspace.openTextDocument(target.uri);
        checkResults.set(target.uri, checkDiagnostics(doc.getText(), target.uri.fsPath, result.checks).map((d) => toDiagnostic(d, 'phonebuddy-check')));
        for (const c of result.checks) log.info(c.ok ? `✓ ${c.instanceId} (${c.runs} runs, ${c.ms} ms)` : `✗ ${c.instanceId}\n${c.problems.map((p) => `    ${p.kind}: ${p.message}`).join('\n')}`);
        const proven = result.checks.filter((c) => c.ok).length;
        const msg = `${target.taskId ?? 'tasks'}: ${proven}/${result.checks.length} instances proven${result.ok ? '' : ' — problems found, see the PhoneBuddy Tasks output'}`;
        if (result.ok) void vscode.window.showInformationMessage(msg);
        else if (!vscode.workspace.isTrusted && runner.checkLeftOutUntrusted(result)) {
          log.show(true);
          warnUntrusted(`${msg} — ${UNTRUSTED_NOTE}`);
        } else {
          log.show(true);
          void vscode.window.showWarningMessage(msg);
        }
        walkthroughStepDone('check');
        return { ok: result.ok, checks: result.checks.map((c) => ({ instanceId: c.instanceId, ok: c.ok, problems: c.problems.map((p) => p.kind) })) };
      });
    }),
    ...Object.entries(LATER).map(([command, later]) => studioCommand(command, async (uri?: vscode.Uri, taskId?: string, ...rest: unknown[]) => {
      const available = (await vscode.commands.getCommands(true)).includes(later.command);
      if (available) return vscode.commands.executeCommand(later.command, uri, taskId, ...rest);
      void vscode.window.showInformationMessage(`${later.what} is coming in a later release. Use ▶ Run or ✓ Check verifiers for now.`);
      return undefined;
    })),
  );
  // Not in the manifest: for integration tests and tooling that inspect Test Explorer runs.
  context.subscriptions.push(studioCommand('phonebuddy.task.testResults', () => Object.fromEntries(tests.lastResults)));
  // The latest Test Explorer run's success and violation rates (overall, per family, per trap).
  context.subscriptions.push(studioCommand('phonebuddy.task.testRates', () => tests.lastRates));
  // The ids of the Test Explorer's items (files, tasks, instances): tests wait for discovery on it.
  context.subscriptions.push(studioCommand('phonebuddy.task.testItems', () => tests.itemIds()));
  context.subscriptions.push(studioCommand('phonebuddy.task.testRunsStarted', () => tests.runsStarted));
  // The latest Test Explorer run's report (its runs dir is kept in the extension's storage).
  context.subscriptions.push(studioCommand('phonebuddy.report.openLastTestRun', () => {
    if (!tests.lastRunsDir) {
      void vscode.window.showInformationMessage('No Test Explorer run yet in this window: run some tasks in the Test Explorer first.');
      return undefined;
    }
    return vscode.commands.executeCommand('phonebuddy.report.open', { runs: [tests.lastRunsDir] });
  }));
  // Discover tasks for the Test Explorer without blocking activation.
  void tests.discover();
}

async function pickTask(uri: vscode.Uri): Promise<string | undefined> {
  const { taskLensSites } = await import('../../task/language/navigation');
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const ids = taskLensSites(text).map((s) => s.taskId);
  if (ids.length <= 1) return ids[0];
  return vscode.window.showQuickPick(ids, { placeHolder: 'Which task?' });
}
