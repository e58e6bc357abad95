// Owns what all device panels share in one window: the device registry, the toolbar
// registry, the human-policy bridge, and the list of open panel sessions (so agent events
// can be drawn on every panel that mirrors the device). No `vscode` import.
import type { EpisodeEvent } from '../agent/events';
import type { HumanPolicy } from '../agent/policies/human';
import type { DeviceRegistry } from './devices/registry';
import { overlayForEvent } from './agent-overlay';
import { ToolbarRegistry } from './extension-points';
import { HumanPolicyBridge, type EpisodeEventSource } from './human-bridge';
import { PanelSession, type PanelPort, type PanelServices } from './panel-session';

export class PanelHub {
  readonly toolbar = new ToolbarRegistry();
  readonly humanTurns = new HumanPolicyBridge();
  private readonly sessions = new Set<PanelSession>();

  constructor(readonly registry: DeviceRegistry, private readonly services: Omit<PanelServices, 'registry' | 'toolbar' | 'humanTurns'>) {}

  createSession(port: PanelPort, deviceId?: string): PanelSession {
    const session = new PanelSession(port, { ...this.services, registry: this.registry, toolbar: this.toolbar, humanTurns: this.humanTurns }, deviceId);
    this.sessions.add(session);
    return session;
  }

  closeSession(session: PanelSession): void {
    this.sessions.delete(session);
    session.dispose();
  }

  list(): PanelSession[] {
    return [...this.sessions];
  }

  /**
   * Draws an episode on the panels mirroring its device. The runner and Test Explorer call
   * this when they start an episode; returns the function that stops watching.
   */
  watchEpisode(deviceId: string, events: EpisodeEventSource): () => void {
    return events.onAny((e: EpisodeEvent) => {
      const actions = overlayForEvent(e);
      if (actions.length === 0) return;
      for (const s of this.sessions) {
        if (s.currentDeviceId === deviceId) for (const a of actions) s.overlay('agent', a);
      }
    });
  }

  /** Lets the panel act as the `human` policy of an episode on `deviceId`. */
  driveByHand(deviceId: string, policy: HumanPolicy, events: EpisodeEventSource): () => void {
    return this.humanTurns.attach(deviceId, policy, events);
  }

  dispose(): void {
    for (const s of this.sessions) s.dispose();
    this.sessions.clear();
  }
}
