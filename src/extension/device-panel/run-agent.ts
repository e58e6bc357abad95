// `PhoneBuddy: Run Agent on Mirrored Device` (the panel toolbar's ▶ Agent): pick who plays —
// you, by hand, or the local model from phonebuddy.model.* when it is set — and a goal, then
// run an episode on the mirrored device. The panel draws it and gets its pause controls
// (pause, then continue / step over / step back); phonebuddy.recording.directory records it.
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import type { PanelHub } from '../../panel/panel-hub';
import { localModelChoice } from '../model/settings';
import { recordingFor } from '../task-language/recording-setting';

export interface RunAgentArgs {
  /** 'human' | 'local' — skips the question (tests, keybindings). */
  policy?: string;
  goal?: string;
  maxSteps?: number;
}

interface AgentPick extends vscode.QuickPickItem {
  id: 'human' | 'local' | 'settings';
}

export function registerRunAgent(hub: PanelHub, currentDeviceId: () => string | undefined, log: (m: string) => void): vscode.Disposable {
  let running: { stop(): void } | undefined;
  const command = studioCommand('phonebuddy.devicePanel.runAgent', async (args: RunAgentArgs = {}) => {
    const id = currentDeviceId();
    const device = id ? hub.registry.device(id) : undefined;
    if (!id || !device) {
      void vscode.window.showWarningMessage('Open the device panel on a connected device first.');
      return undefined;
    }
    const local = localModelChoice();
    const picks: AgentPick[] = [
      { id: 'human', label: '$(person) By hand', description: 'you act on the mirrored screen' },
      local
        ? { id: 'local', label: '$(chip) Local model', description: local.description }
        : { id: 'settings', label: '$(gear) Local model…', description: 'set phonebuddy.model.path to a model folder' },
    ];
    const pick = args.policy ? picks.find((p) => p.id === args.policy) : await vscode.window.showQuickPick(picks, { title: 'Run agent on the mirrored device', placeHolder: 'Who plays?', ignoreFocusOut: true });
    if (!pick) {
      if (args.policy === 'local') throw new Error('set phonebuddy.model.path to a model folder to run the local model');
      return undefined;
    }
    if (pick.id === 'settings') {
      // Filtered to the one setting by id, on the tab that can hold it: a machine-overridable
      // setting is not listed on the User tab when the extension host is remote (code-server,
      // SSH, containers), only on the Remote one.
      const command = vscode.env.remoteName ? 'workbench.action.openRemoteSettings' : 'workbench.action.openGlobalSettings';
      await vscode.commands.executeCommand(command, { query: '@id:phonebuddy.model.path' });
      return undefined;
    }
    const goal = args.goal ?? await vscode.window.showInputBox({ title: 'Run agent', prompt: 'The goal (what the agent is told to do)', validateInput: (v) => (v.trim() ? undefined : 'A goal is required'), ignoreFocusOut: true });
    if (!goal) return undefined;
    if (pick.id === 'human') return vscode.commands.executeCommand('phonebuddy.devicePanel.driveByHand', goal);
    if (running) {
      void vscode.window.showWarningMessage('An agent is already running from the panel.');
      return undefined;
    }
    const [{ Episode }, { createPolicy }, { attachRecorder }] = await Promise.all([import('../../agent/episode'), import('../../agent/policies'), import('../../agent/recording/attach')]);
    const policy = createPolicy(local!.spec, { local: local!.local });
    const episode = new Episode({ device, policy, goal, maxSteps: args.maxSteps ?? 30, checkpoints: true });
    const record = recordingFor('run');
    const recorder = record ? attachRecorder(episode, { root: record.root, source: 'run', device, model: local!.spec, onError: record.onError }) : undefined;
    const stopItem = hub.toolbar.register({ id: 'agent.stop', label: 'Stop agent', icon: 'debug-stop', group: 'agent', enabled: true, deviceId: id, run: () => episode.stop('stopped from the panel') });
    const unshow = hub.showEpisode(id, episode);
    running = episode;
    log(`local model on ${id}: ${goal}`);
    try {
      const summary = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Local model playing…' }, () => episode.run());
      await recorder?.finished();
      const message = `Local model: ${summary.steps.length} step(s), ${summary.reason}`;
      log(message);
      void vscode.window.showInformationMessage(message);
      return { policy: policy.name, folders: recorder?.folders ?? [], steps: summary.steps.length, terminatedBy: summary.terminatedBy, actions: summary.steps.map((s) => s.call?.name) };
    } finally {
      running = undefined;
      unshow();
      stopItem.dispose();
      await policy.close?.();
    }
  });
  const item = hub.toolbar.register({
    id: 'agent.run', label: 'Agent', icon: 'play', group: 'agent', enabled: true,
    title: 'Run an agent on this device: by hand, or the local model (phonebuddy.model.path)',
    view: (deviceId) => (!deviceId ? { enabled: false } : hub.pauses.hasEpisode(deviceId) ? { enabled: false, title: 'An episode is running on this device' } : {}),
    run: () => void vscode.commands.executeCommand('phonebuddy.devicePanel.runAgent'),
  });
  return vscode.Disposable.from(command, { dispose: () => { item.dispose(); running?.stop(); } });
}
