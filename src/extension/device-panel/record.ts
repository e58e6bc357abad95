// The panel's Record toggle in VS Code: the goal comes from an input box, the folder from
// phonebuddy.recording.directory (relative to the first workspace folder; empty: `runs/trajectories`
// there), and the result is announced with a button that reveals the episode folder.
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import { config, DEFAULT_RECORDING_DIR } from '../config';
import { demonstrationRoot } from '../task-language/recording-setting';
import type { PanelHub } from '../../panel/panel-hub';
import { registerRecordToggle, type RecordToggle } from '../../panel/record-toggle';

export function registerPanelRecording(hub: PanelHub, currentDeviceId: () => string | undefined, log: (m: string) => void): vscode.Disposable & { toggle: RecordToggle } {
  const toggle = registerRecordToggle(hub, {
    root: () => {
      const root = demonstrationRoot();
      if (!root) void vscode.window.showWarningMessage(`Record: open a folder, or set phonebuddy.recording.directory to an absolute path (it is '${config.recording.directory() || DEFAULT_RECORDING_DIR}').`);
      return root;
    },
    askGoal: () => Promise.resolve(vscode.window.showInputBox({
      title: 'Record a demonstration',
      prompt: 'What are you demonstrating? (the episode goal the trajectory is trained on)',
      placeHolder: 'e.g. Open Notes and search for pancakes',
      validateInput: (v) => (v.trim() ? undefined : 'A goal is required'),
      // Asked from the device panel: a glance back at the phone must not lose the goal typed so far.
      ignoreFocusOut: true,
    })).then((g) => g?.trim() || undefined),
    problem: (m) => void vscode.window.showWarningMessage(m),
    started: (deviceId, demo) => log(`recording a demonstration on ${deviceId}: ${demo.episode.goal}`),
    finished: (deviceId, r) => {
      const folder = r.folders.at(-1);
      log(`demonstration on ${deviceId}: ${r.steps} step(s), ${r.summary.terminatedBy}${folder ? ` → ${folder}` : ''}`);
      const verdict = r.summary.verify ? (r.summary.success ? ', verifier passed' : ', verifier FAILED (kept, marked failed)') : '';
      void vscode.window.showInformationMessage(`Recorded ${r.steps} step(s)${verdict}${folder ? ` in ${folder}` : ''}.`, ...(folder ? ['Reveal'] : [])).then((pick) => {
        if (pick && folder) void vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(folder));
      });
    },
    onError: (e, folder) => void vscode.window.showErrorMessage(`PhoneBuddy: recording stopped${folder ? ` (${folder})` : ''}: ${e.message}. The steps written before it are kept.`),
  });
  // The same toggle as a command (keybindings, tests): the goal may be passed in.
  const command = studioCommand('phonebuddy.devicePanel.toggleRecording', async (goal?: unknown) => {
    const r = await toggle.toggle(currentDeviceId(), typeof goal === 'string' ? goal : undefined);
    return r && { folders: r.folders, steps: r.steps, terminatedBy: r.summary.terminatedBy, actions: r.summary.steps.map((s) => s.call?.name) };
  });
  return { toggle, dispose: () => { command.dispose(); toggle.dispose(); } };
}
