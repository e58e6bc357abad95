// The agent debugger in VS Code: the `phonebuddy` debug type runs inline (the DAP session of
// src/debug in the extension host), a configuration provider fills launch configurations from
// the active task file and the settings (F5 on a task file with no launch.json just works), and
// `phonebuddy.debugTask` — behind the Debug CodeLens — starts a session for one task.
// Cheap at activation: the adapter, the agent loop and the mock phone load on the first session.
import path from 'node:path';
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import { config as settings } from '../config';
import { pickInstance } from '../pick-instance';
import { walkthroughStepDone } from '../walkthrough';
import type { PanelHub } from '../../panel/panel-hub';
import { DEBUG_TYPE_NAME } from '../../debug/debug-type';
import { resolveLaunchDefaults, TASK_FILE } from '../../debug/launch-defaults';
import { localModelChoice } from '../model/settings';
import { recordingFor } from '../task-language/recording-setting';
import { showEpisodesInPanel } from './panel-link';
import { DebugRuntimes } from './runtimes';

/** The sessions' runtimes, for features that draw on them (the device panel) and for tests. */
export const debugRuntimes = new DebugRuntimes();

class PhoneBuddyConfigurationProvider implements vscode.DebugConfigurationProvider {
  provideDebugConfigurations(): vscode.DebugConfiguration[] {
    return [{ type: DEBUG_TYPE_NAME, request: 'launch', name: 'Debug the task in the editor', task: '${file}', stopOnEntry: true }];
  }

  resolveDebugConfiguration(folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
    return this.resolve(folder, config, false);
  }

  // Again after ${…} substitution: the paths are final and the workspace's trust has the last word.
  resolveDebugConfigurationWithSubstitutedVariables(folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
    return this.resolve(folder, config, true);
  }

  private resolve(folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration, final: boolean): vscode.DebugConfiguration | undefined {
    const local = localModelChoice();
    const active = vscode.window.activeTextEditor?.document.uri;
    const activeFile = active?.scheme === 'file' ? active.fsPath : undefined;
    const cwd = (folder ?? vscode.workspace.workspaceFolders?.[0])?.uri.fsPath;
    const resolved = resolveLaunchDefaults(config, {
      activeFile,
      folder: cwd,
      trusted: vscode.workspace.isTrusted,
      localModel: local ? { spec: local.spec, options: local.local as Record<string, unknown> | undefined } : undefined,
      recordingDir: recordingFor('run')?.root,
      // The task's own workspace folder's apps (once its path is final): what ▶ Run would run it with.
      appsDir: final ? appsOfTask(config, cwd ?? (activeFile && path.dirname(activeFile))) : undefined,
    });
    if (resolved instanceof Error) {
      void vscode.window.showErrorMessage(`PhoneBuddy debugger: ${resolved.message}`);
      return undefined; // cancels the launch
    }
    return resolved as vscode.DebugConfiguration;
  }
}

/** The apps folder of the workspace folder holding the configuration's task file. */
function appsOfTask(config: vscode.DebugConfiguration, cwd: string | undefined): string | undefined {
  const task = typeof config.task === 'string' && config.task !== '' && config.task !== '${file}' ? config.task : vscode.window.activeTextEditor?.document.uri.fsPath;
  if (!task) return undefined;
  const base = typeof config.cwd === 'string' ? config.cwd : cwd ?? path.dirname(task);
  return settings.apps.folderFor(vscode.Uri.file(path.resolve(base, task)));
}

class InlineAdapterFactory implements vscode.DebugAdapterDescriptorFactory {
  constructor(private readonly hub: PanelHub | undefined) {}

  async createDebugAdapterDescriptor(session: vscode.DebugSession): Promise<vscode.DebugAdapterDescriptor> {
    const { PhoneBuddyDebugSession } = await import('../../debug/session');
    const { studioDebugDeps } = await import('../../studio/debug-deps');
    const adapter = new PhoneBuddyDebugSession({ deps: studioDebugDeps });
    debugRuntimes.add(session.id, adapter.runtime);
    showEpisodesInPanel(adapter.runtime, this.hub);
    return new vscode.DebugAdapterInlineImplementation(adapter);
  }
}

/** `hub`: the device panel's, when it started (a session's phones are shown in it). */
export function activateDebugger(context: vscode.ExtensionContext, hub?: PanelHub): void {
  const provider = new PhoneBuddyConfigurationProvider();
  context.subscriptions.push(
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE_NAME, provider),
    vscode.debug.registerDebugConfigurationProvider(DEBUG_TYPE_NAME, { provideDebugConfigurations: () => provider.provideDebugConfigurations() }, vscode.DebugConfigurationProviderTriggerKind.Dynamic),
    vscode.debug.registerDebugAdapterDescriptorFactory(DEBUG_TYPE_NAME, new InlineAdapterFactory(hub)),
    vscode.debug.onDidTerminateDebugSession((s) => debugRuntimes.remove(s.id)),
    // The Debug CodeLens (phonebuddy.task.debug) hands over to this command.
    studioCommand('phonebuddy.debugTask', (uri?: vscode.Uri, taskId?: string, extra?: Record<string, unknown>) => debugTask(uri, taskId, extra)),
  );
  // For the integration tests (never in an installed extension): the runtime behind a session.
  if (context.extensionMode !== vscode.ExtensionMode.Production) {
    context.subscriptions.push(studioCommand('phonebuddy.test.debug.recordedFolders', (sessionId: string) => debugRuntimes.get(sessionId)?.recordedFolders ?? []));
  }
}

/** Starts a debug session on a task file (the CodeLens's task, else the active editor's). */
async function debugTask(uri?: vscode.Uri, taskId?: string, extra: Record<string, unknown> = {}): Promise<boolean> {
  const file = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!file || !TASK_FILE.test(file.fsPath)) {
    void vscode.window.showWarningMessage('Open a *.task.yaml file first.');
    return false;
  }
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString());
  if (doc?.isDirty) await doc.save();
  const folder = vscode.workspace.getWorkspaceFolder(file);
  // A task with several parameter instances: which one (asked; the last choice first).
  let chosen: Record<string, unknown> = {};
  if (taskId && extra.params === undefined) {
    const { instancesOf } = await import('../../studio/task-runner');
    const instances = await instancesOf(file.fsPath, taskId, { appsDir: settings.apps.folderFor(file) }).catch(() => []); // a broken file: the adapter says why
    let instance;
    try {
      instance = await pickInstance(instances, 'Debug', typeof extra.instance === 'string' ? extra.instance : undefined);
    } catch (e) {
      void vscode.window.showErrorMessage(e instanceof Error ? e.message : String(e));
      return false;
    }
    if (instances.length > 0 && !instance) return false;
    if (instance && instances.length > 1) chosen = { params: instance.params, name: `Debug ${instance.instanceId}` };
  }
  const { instance: _named, ...launch } = extra;
  const started = await vscode.debug.startDebugging(folder, {
    type: DEBUG_TYPE_NAME, request: 'launch', name: `Debug ${taskId ?? file.path.split('/').pop()}`,
    task: file.fsPath, ...(taskId ? { taskId } : {}), ...chosen, ...launch,
  });
  if (started) walkthroughStepDone('debug');
  return started;
}
