// Shows a debug session's phones in the device panel: the session's device (and each fork's)
// is listed in the device picker, the panel opens on the session's phone, the agent overlay
// follows the episode, and with the `human` policy the panel's gestures are its actions.
import * as vscode from 'vscode';
import type { DebugRuntime } from '../../debug/runtime';
import { HumanPolicy } from '../../agent/policies/human';
import type { PanelHub } from '../../panel/panel-hub';

export function showEpisodesInPanel(runtime: DebugRuntime, hub: PanelHub | undefined): void {
  if (!hub) return;
  const added = new Set<string>();
  runtime.on('episode', (e) => {
    const main = e.threadId === 1;
    if (!hub.registry.get(e.device.id)) {
      added.add(e.device.id);
      hub.registry.add(e.device, `${e.episode.task?.instanceId ?? 'debug'} (${main ? 'debugging' : `fork ${e.episode.id.slice(0, 8)}`})`);
    }
    const stops: (() => void)[] = [hub.watchEpisode(e.device.id, e.episode)];
    if (e.episode.policy instanceof HumanPolicy) stops.push(hub.driveByHand(e.device.id, e.episode.policy, e.episode));
    e.episode.on('finished', () => { for (const s of stops) s(); });
    if (main) void vscode.commands.executeCommand('phonebuddy.devicePanel.open', e.device.id);
  });
  runtime.on('ended', () => {
    // The session's phones are closed with it; they leave the picker too.
    for (const id of added) hub.registry.remove(id);
    added.clear();
  });
}
