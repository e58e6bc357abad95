// Owns what all device panels share in one window: the device registry, the toolbar
// registry, the human-policy bridge, and the list of open panel sessions (so agent events
// can be drawn on every panel that mirrors the device). No `vscode` import.
import type { Episode } from '../agent/episode';
import type { EpisodeEvent } from '../agent/events';
import { onEpisodeAnnounced, type PausedEpisodeController } from '../agent/pause-control';
import type { HumanPolicy } from '../agent/policies/human';
import type { OverlayAction } from '../webview-protocol/device-panel';
import type { DeviceRegistry } from './devices/registry';
import { RunPhones } from './devices/run-phones';
import { overlayForEvent } from './agent-overlay';
import { ToolbarRegistry } from './extension-points';
import { HumanPolicyBridge, type AttachOptions, type EpisodeEventSource } from './human-bridge';
import { PausedEpisodeBridge } from './pause-bridge';
import { PanelSession, type PanelPort, type PanelServices } from './panel-session';
import { RunningDemonstrations } from './demonstrations';
import type { Demonstration } from './demonstration';

export class PanelHub {
  readonly toolbar = new ToolbarRegistry();
  readonly humanTurns = new HumanPolicyBridge();
  /** Paused episodes: the pending action drawn, the step buttons, panel input as the correction. */
  readonly pauses = new PausedEpisodeBridge(this.toolbar, (id, layer, a) => this.drawOn(id, layer, a), (id, level, m) => {
    for (const s of this.sessions) if (s.currentDeviceId === id) s.notice(level, m);
  });
  /** Demonstrations being recorded, by device (the Record toggle shows them, whoever started them). */
  readonly demonstrations = new RunningDemonstrations<Demonstration>();
  /** Phones of finished runs: released when the next run starts, unless kept. */
  readonly runPhones: RunPhones;
  private readonly sessions = new Set<PanelSession>();
  private readonly offAnnounced: () => void;

  constructor(readonly registry: DeviceRegistry, private readonly services: Omit<PanelServices, 'registry' | 'toolbar' | 'humanTurns' | 'pauses'>) {
    this.runPhones = new RunPhones(registry, this.toolbar);
    // Episodes the debugger (or anyone) announces get pause controls on their device's panels
    // (pause-control.ts). Drawing the agent's trail stays with whoever shows the episode
    // (watchEpisode), so it is not drawn twice.
    this.offAnnounced = onEpisodeAnnounced((e) => { this.pauses.attach(e.deviceId, e.episode, e.controller); });
  }

  createSession(port: PanelPort, deviceId?: string): PanelSession {
    const session = new PanelSession(port, { ...this.services, registry: this.registry, toolbar: this.toolbar, humanTurns: this.humanTurns, pauses: this.pauses }, deviceId);
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
      for (const a of overlayForEvent(e)) this.drawOn(deviceId, 'agent', a);
    });
  }

  /**
   * Draws an episode on its device's panels and gives them its pause controls (the pending
   * action, continue / step over / step back, input as the correction) until it finishes.
   * `controller` is the debugger's when it runs the episode; otherwise the plain one.
   */
  showEpisode(deviceId: string, episode: Episode, controller?: PausedEpisodeController): () => void {
    const offs = [this.watchEpisode(deviceId, episode), this.pauses.attach(deviceId, episode, controller)];
    const stop = () => { for (const off of offs.splice(0)) off(); };
    offs.push(episode.on('finished', stop));
    return stop;
  }

  /** Draws on the agent layer of `deviceId`'s panels (a watched environment session's trail). */
  drawAgent(deviceId: string, action: OverlayAction): void {
    this.drawOn(deviceId, 'agent', action);
  }

  private drawOn(deviceId: string, layer: string, action: OverlayAction): void {
    for (const s of this.sessions) if (s.currentDeviceId === deviceId) s.overlay(layer, action);
  }

  /** Lets the panel act as the `human` policy of an episode on `deviceId`. */
  driveByHand(deviceId: string, policy: HumanPolicy, events: EpisodeEventSource, options: AttachOptions = {}): () => void {
    return this.humanTurns.attach(deviceId, policy, events, options);
  }

  dispose(): void {
    this.offAnnounced();
    for (const s of this.sessions) s.dispose();
    this.sessions.clear();
  }
}
