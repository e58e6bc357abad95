// The Record CodeLens (`phonebuddy.recordTask`, reached through `phonebuddy.task.record`): a
// task is recorded either as a human demonstration — a fresh mock phone prepared for the task,
// shown in the device panel, the person's gestures becoming the steps, Finish running the
// verifiers — or as a policy run with recording on. Both record into the recording directory
// (the setting, else runs/trajectories) and open the result in the trajectory viewer.
import * as vscode from 'vscode';
import { config } from '../config';
import type { TaskInstance } from '../../task/runnable';
import { pickInstance } from '../pick-instance';
import { walkthroughStepDone } from '../walkthrough';
import { UNTRUSTED_NOTE, warnUntrusted } from '../trust';
import { pickPolicy } from '../model/settings';
import type { PanelHub } from '../../panel/panel-hub';
import { demonstrationRoot, recordingError } from '../task-language/recording-setting';
import { openEpisodeInViewer } from './viewer';

export interface RecordArgs {
  mode?: 'demo' | 'policy';
  /** For mode 'policy': the policy spec (default: ask, like ▶ Run). */
  policy?: string;
  /** Open the recording in the viewer when it is done (default true). */
  open?: boolean;
  /** Which parameter instance (its id); default: ask when the task has several. */
  instance?: string;
}

export interface RecordResult {
  folders: string[];
  steps: number;
  success: boolean;
  terminatedBy: string;
}

let demo: { finish(): void; stop(): void } | undefined;

async function pickTaskId(uri: vscode.Uri): Promise<string | undefined> {
  const { taskLensSites } = await import('../../task/language/navigation');
  const ids = taskLensSites(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))).map((s) => s.taskId);
  return ids.length <= 1 ? ids[0] : vscode.window.showQuickPick(ids, { placeHolder: 'Which task?' });
}

export async function recordTask(log: vscode.LogOutputChannel, hub: PanelHub | undefined, uriArg?: vscode.Uri, taskIdArg?: string, args: RecordArgs = {}): Promise<RecordResult | undefined> {
  const uri = uriArg ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri?.fsPath.endsWith('.task.yaml')) {
    void vscode.window.showWarningMessage('Open a *.task.yaml file first.');
    return undefined;
  }
  const taskId = taskIdArg ?? (await pickTaskId(uri));
  if (!taskId) return undefined;
  const root = demonstrationRoot();
  if (!root) {
    void vscode.window.showWarningMessage('Open a folder (or set phonebuddy.recording.directory to an absolute path) to record into.');
    return undefined;
  }
  const mode = args.mode ?? (await vscode.window.showQuickPick([
    { mode: 'demo' as const, label: '$(person) Demonstrate by hand', description: 'on a fresh mock phone in the device panel' },
    { mode: 'policy' as const, label: '$(play) Record a policy run', description: 'the reference solution or a model' },
  ], { title: `Record ${taskId}` }))?.mode;
  if (!mode) return undefined;
  const runner = await import('../../studio/task-runner');
  // The task file's workspace folder's apps: the task loads and its phone runs them.
  const appsDir = config.apps.folderFor(uri);
  const instances = await runner.instancesOf(uri.fsPath, taskId, { appsDir });
  if (!instances.length) {
    void vscode.window.showErrorMessage(`No task ${taskId} in ${uri.fsPath}.`);
    return undefined;
  }
  let instance: TaskInstance | undefined;
  try {
    instance = await pickInstance(instances, 'Record', args.instance);
  } catch (e) {
    void vscode.window.showErrorMessage(e instanceof Error ? e.message : String(e));
    return undefined;
  }
  if (!instance) return undefined;
  let result: RecordResult;
  let leftOut = false;
  if (mode === 'policy') {
    const pick = await pickPolicy(args.policy);
    if (!pick) return undefined;
    const folders: string[] = [];
    const record = { root, source: 'run' as const, onError: recordingError };
    const options = { trusted: vscode.workspace.isTrusted, pick, record: { ...record, onFolder: (f: string) => folders.push(f) }, appsDir };
    const run = hub
      ? await runner.runShown(instance, {
        show: async (device, label) => {
          await hub.runPhones.start(device, label);
          await vscode.commands.executeCommand('phonebuddy.devicePanel.open', device.id, { preserveFocus: true });
        },
        watch: (deviceId, episode) => hub.watchEpisode(deviceId, episode),
        finished: (device) => hub.runPhones.finished(device),
      }, options)
      : (await runner.runInstances([instance], options))[0];
    result = { folders, steps: run.summary.steps.length, success: run.summary.success, terminatedBy: run.summary.terminatedBy };
    leftOut = runner.leftOutUntrusted(run);
  } else {
    if (!hub) {
      void vscode.window.showErrorMessage('A demonstration needs the device panel, which failed to start.');
      return undefined;
    }
    if (demo) {
      void vscode.window.showWarningMessage('A demonstration is already being recorded: finish or stop it first.');
      return undefined;
    }
    const [{ mockPhoneForTask }, { Demonstration }] = await Promise.all([import('../../studio/phones'), import('../../panel/demonstration')]);
    const device = await mockPhoneForTask(instance, { serial: `demo-${Date.now().toString(36)}`, appsDir });
    await hub.runPhones.start(device, `${instance.instanceId} (demonstration)`);
    await vscode.commands.executeCommand('phonebuddy.devicePanel.open', device.id);
    // The same recorded demonstration the panel's Record toggle starts, here with the task:
    // its setup runs on the fresh phone first, and Finish runs its verifiers.
    const d = Demonstration.start({ hub, deviceId: device.id, goal: instance.goal, root, task: instance, setup: true, trusted: vscode.workspace.isTrusted, onError: recordingError });
    const items = [
      hub.toolbar.register({ id: 'demo.finish', label: '✓ Finish', group: 'demo', enabled: true, run: () => void d.stop('done') }),
      hub.toolbar.register({ id: 'demo.stop', label: '■ Cancel', group: 'demo', enabled: true, run: () => void d.abort() }),
    ];
    demo = { finish: () => void d.stop('done'), stop: () => void d.abort() };
    void vscode.commands.executeCommand('setContext', 'phonebuddy.demonstrating', true);
    log.info(`recording a demonstration of ${instance.instanceId} into ${root}`);
    void vscode.window.showInformationMessage(`Recording a demonstration of ${instance.instanceId}: act on the phone in the device panel, then press ✓ Finish.`);
    try {
      const r = await d.result;
      result = { folders: r.folders, steps: r.steps, success: r.summary.success, terminatedBy: r.summary.terminatedBy };
      leftOut = runner.leftOutUntrusted({ instance, summary: r.summary });
    } finally {
      demo = undefined;
      hub.runPhones.finished(device);
      void vscode.commands.executeCommand('setContext', 'phonebuddy.demonstrating', false);
      for (const i of items) i.dispose();
    }
  }
  const where = result.folders.at(-1);
  // A demonstration is not stopped at the task's budget (a person's slips are acted on), but
  // one longer than a model may take is not what the task asks of a model: say so.
  const over = mode === 'demo' && result.steps > instance.maxSteps
    ? ` It took more steps than the task's max_steps (${instance.maxSteps}): a model would have been stopped at step ${instance.maxSteps}.` : '';
  const message = `${mode === 'demo' ? 'Demonstration' : 'Run'} of ${taskId} recorded: ${result.steps} step(s), ${result.success ? 'verifiers passed' : 'verifiers FAILED (kept, marked failed)'}.${over}`;
  log.info(`${message} ${where ?? ''}`);
  walkthroughStepDone('record');
  if (leftOut && !vscode.workspace.isTrusted) warnUntrusted(`${message} Its ${UNTRUSTED_NOTE}.`);
  else void vscode.window.showInformationMessage(message);
  // The view may not have been watching yet: runs/trajectories can have just been created.
  await vscode.commands.executeCommand('phonebuddy.trajectories.refresh');
  if (where && args.open !== false) await openEpisodeInViewer(where);
  return result;
}

/** The demonstration toolbar's actions as commands too (palette, keybindings, tests). */
export function demonstrationControls(): { finish(): boolean; stop(): boolean } {
  const active = demo;
  return {
    finish: () => { active?.finish(); return active !== undefined; },
    stop: () => { active?.stop(); return active !== undefined; },
  };
}
