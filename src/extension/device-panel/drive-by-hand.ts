// `PhoneBuddy: Drive Mirrored Device by Hand`: runs an episode on the mirrored device whose
// policy is the person at the panel. The panel shows "your turn", each gesture becomes the
// step's action (in the model's vocabulary), the agent overlay draws it, and the toolbar
// gets Finish / Stop items for as long as the episode runs — registered through the same
// toolbar extension point later features use.
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import type { PanelHub } from '../../panel/panel-hub';

export function registerDriveByHand(hub: PanelHub, currentDeviceId: () => string | undefined, log: (m: string) => void): vscode.Disposable {
  let running = false;
  return studioCommand('phonebuddy.devicePanel.driveByHand', async (goalArg?: unknown) => {
    const id = currentDeviceId();
    const device = id ? hub.registry.device(id) : undefined;
    if (!id || !device) {
      void vscode.window.showWarningMessage('Open the device panel on a connected device first.');
      return undefined;
    }
    if (running) {
      void vscode.window.showWarningMessage('A hand-driven episode is already running.');
      return undefined;
    }
    const goal = typeof goalArg === 'string' ? goalArg : await vscode.window.showInputBox({
      title: 'Drive by hand',
      prompt: 'What are you demonstrating? (the episode goal)',
      placeHolder: 'e.g. Open Notes and search for pancakes',
      validateInput: (v) => (v.trim() ? undefined : 'A goal is required'),
      // Asked from the device panel: a glance back at the phone (the webview taking focus)
      // must not throw away a goal half typed.
      ignoreFocusOut: true,
    });
    if (!goal) return undefined;
    // The agent loop is loaded when a person first drives by hand, not at activation.
    const [{ Episode }, { HumanPolicy }] = await Promise.all([import('../../agent/episode'), import('../../agent/policies/human')]);
    const policy = new HumanPolicy();
    const episode = new Episode({ device, policy, goal, maxSteps: 50, observe: { screenshot: false, uiTree: true } });
    const disposers = [
      hub.watchEpisode(id, episode),
      hub.driveByHand(id, policy, episode),
    ];
    const items = [
      hub.toolbar.register({ id: 'human.finish', label: 'Finish', icon: 'check', group: 'human', enabled: true, deviceId: id, run: () => { hub.humanTurns.flushTyping(id); policy.push({ type: 'finish', text: 'done', tool: 'finish' }); } }),
      hub.toolbar.register({ id: 'human.stop', label: 'Stop', icon: 'debug-stop', group: 'human', enabled: true, deviceId: id, run: () => policy.end() }),
    ];
    running = true;
    log(`drive by hand on ${id}: ${goal}`);
    try {
      const summary = await episode.run();
      const message = `Hand-driven episode finished after ${summary.steps.length} step(s): ${summary.reason}`;
      log(message);
      void vscode.window.showInformationMessage(message);
      return { steps: summary.steps.length, terminatedBy: summary.terminatedBy, actions: summary.steps.map((s) => s.call?.name) };
    } finally {
      running = false;
      for (const d of disposers) d();
      for (const i of items) i.dispose();
    }
  });
}
