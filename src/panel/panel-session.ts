// One webview (editor panel or activity-bar view) bound to one device. It only translates:
// validated webview messages are routed to their part — input to the InputRouter
// (panel-input.ts: range-checked against the device's screen, to a pause, a person's episode
// or the device), Inspect to the PanelInspector (panel-inspector.ts), frames to and from the
// PanelStream (panel-stream.ts) — and registry, toolbar and episode changes become state
// messages. Everything it receives is validated (`parsePanelMessage`). No `vscode` import:
// the panel class hands it a `PanelPort`, tests hand it a fake one.
import { TypedEmitter } from '../agent/emitter';
import { isDeviceError } from '../device/errors';
import {
  parsePanelMessage, toPanel, type HostMessage, type OverlayAction, type PanelMessage, type PanelMessageOf,
} from '../webview-protocol/device-panel';
import type { DeviceRegistry } from './devices/registry';
import type { HumanTurnBridge, ToolbarRegistry } from './extension-points';
import type { PausedEpisodeBridge } from './pause-bridge';
import { isInputMessage } from './input';
import { InputRouter } from './panel-input';
import { PanelInspector } from './panel-inspector';
import { PanelStream, type StreamOptions } from './panel-stream';

export { PANEL_WINDOW, type FrameEncoding } from './panel-stream';

export interface PanelPort {
  post(message: HostMessage): unknown;
  onMessage(listener: (raw: unknown) => void): () => void;
}

export interface PanelServices extends StreamOptions {
  registry: DeviceRegistry;
  toolbar: ToolbarRegistry;
  humanTurns?: HumanTurnBridge;
  /** Paused episodes on the mirrored device: input during a pause replaces the pending action. */
  pauses?: Pick<PausedEpisodeBridge, 'isPaused' | 'submit' | 'overlayFor'>;
  log(level: 'info' | 'warn' | 'error', message: string): void;
  copyText(text: string): Promise<void>;
}

/** What happened to one received message (returned for tests and the forged-message hook). */
export type ReceiveOutcome =
  | { accepted: true; type: PanelMessage['type'] }
  | { accepted: false; reason: string };

class DeviceChanges extends TypedEmitter<{ type: 'device'; deviceId: string }> {
  fire(e: { type: 'device'; deviceId: string }): void {
    this.emit(e);
  }
}

export class PanelSession {
  private deviceId: string | undefined;
  private visible = false;
  private readonly stream: PanelStream;
  private readonly inspector: PanelInspector;
  private readonly inputs: InputRouter;
  private readonly disposers: (() => void)[] = [];
  private readonly deviceChanges = new DeviceChanges();

  constructor(
    private readonly port: PanelPort,
    private readonly services: PanelServices,
    initialDeviceId?: string,
  ) {
    this.deviceId = initialDeviceId;
    const post = (m: HostMessage): void => this.post(m);
    this.stream = new PanelStream({
      options: services, post,
      framed: (resized) => this.inspector.onFrame(resized),
      captureFailed: (err) => this.onCaptureError(err),
    });
    this.inspector = new PanelInspector({
      device: () => this.device(), screen: () => this.stream.screen, post,
      copyText: (text) => services.copyText(text), log: (level, m) => services.log(level, m),
    });
    this.inputs = new InputRouter({
      humanTurns: services.humanTurns, pauses: services.pauses, log: (level, m) => services.log(level, m),
      knownScreen: () => this.stream.screen,
      applied: (_device, inputSeq) => {
        this.stream.inputApplied(inputSeq);
        this.inspector.invalidate();
      },
    });
    this.disposers.push(
      port.onMessage((raw) => void this.receive(raw)),
      services.registry.onDidChange(() => this.onRegistryChange()),
      services.toolbar.onDidChange(() => this.postToolbar()),
    );
    const human = services.humanTurns;
    if (human) this.disposers.push(human.onDidChange((id) => { if (id === this.deviceId) this.postHumanTurn(); }));
  }

  get currentDeviceId(): string | undefined {
    return this.deviceId;
  }

  get isStreaming(): boolean {
    return this.stream.isStreaming;
  }

  get streamerStats() {
    return this.stream.stats;
  }

  /** Only visible panels stream. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.syncStreaming();
  }

  /** The panel switched devices (its picker, or showDevice): its tab title follows. */
  onDidChangeDevice(listener: (deviceId: string) => void): () => void {
    return this.deviceChanges.on('device', (e) => listener(e.deviceId));
  }

  showDevice(deviceId: string): void {
    if (deviceId === this.deviceId && this.stream.stats) return;
    const changed = deviceId !== this.deviceId;
    this.deviceId = deviceId;
    if (changed) this.deviceChanges.fire({ type: 'device', deviceId });
    this.inspector.invalidate();
    this.stream.forgetScreen();
    this.stream.stop();
    this.postDevices();
    this.syncStreaming();
    this.postHumanTurn();
    this.postToolbar();
    this.postPending();
  }

  /** Draw an agent action or thought on this panel's overlay. */
  overlay(layer: string, action: OverlayAction): void {
    this.post(toPanel('overlay', { layer, action }));
  }

  notice(level: 'info' | 'warn' | 'error', message: string): void {
    this.post(toPanel('notice', { level, message }));
  }

  /** Every message from the webview enters here — real or forged by a test, same path. */
  async receive(raw: unknown): Promise<ReceiveOutcome> {
    const parsed = parsePanelMessage(raw);
    if (!parsed.ok) {
      if (parsed.unknownType !== undefined) {
        this.services.log('warn', `device panel: ignored ${parsed.error}`);
      } else {
        this.services.log('warn', `device panel: rejected ${parsed.error}`);
        const seq = (raw as { inputSeq?: unknown } | null)?.inputSeq;
        this.post(toPanel('inputRejected', { inputSeq: Number.isInteger(seq) && (seq as number) >= 0 ? (seq as number) : -1, reason: parsed.error }));
      }
      return { accepted: false, reason: parsed.error };
    }
    const msg = parsed.message;
    try {
      return await this.handle(msg);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.services.log('error', `device panel: ${msg.type} failed: ${reason}`);
      this.notice('error', `${msg.type} failed: ${reason}`);
      return { accepted: false, reason };
    }
  }

  private async handle(msg: PanelMessage): Promise<ReceiveOutcome> {
    const ok = { accepted: true as const, type: msg.type };
    if (isInputMessage(msg)) return this.input(msg);
    switch (msg.type) {
      case 'ready':
        this.postDevices();
        this.postToolbar();
        this.postState();
        this.postHumanTurn();
        this.postPending();
        this.stream.refresh();
        if (this.inspector.inspecting) void this.inspector.post(true);
        return ok;
      case 'selectDevice':
        if (!this.services.registry.get(msg.deviceId)) return this.reject(-1, `no device '${msg.deviceId}'`);
        this.showDevice(msg.deviceId);
        return ok;
      case 'reconnect': {
        if (!this.deviceId) return this.reject(-1, 'no device selected');
        this.post(toPanel('deviceState', { deviceId: this.deviceId, state: 'connecting' }));
        try {
          await this.services.registry.reconnect(this.deviceId);
        } catch (err) {
          this.postState(`reconnect failed: ${err instanceof Error ? err.message : String(err)}`);
          throw err;
        }
        return ok;
      }
      case 'frameAck':
        this.stream.ack(msg.seq, msg.resync);
        return ok;
      case 'viewport':
        this.stream.setViewport({ width: msg.width, height: msg.height, dpr: msg.dpr });
        return ok;
      case 'setMode':
        this.inspector.setMode(msg.mode);
        return ok;
      case 'copySelector': {
        const r = await this.inspector.copySelector(msg.x, msg.y);
        return r.ok ? ok : this.reject(-1, r.reason);
      }
      case 'toolbarClick': {
        // Only items this panel shows: one scoped to another device is not there to click.
        const item = this.services.toolbar.get(msg.id, this.deviceId);
        if (!item) return this.reject(-1, `no toolbar item '${msg.id}' on this panel`);
        if (!item.enabled) return this.reject(-1, `toolbar item '${msg.id}' is disabled`);
        await item.run(this.deviceId);
        return ok;
      }
      case 'log':
        this.services.log(msg.level, `device panel webview: ${msg.message}`);
        return ok;
      case 'humanNote':
        // Handled at once (no await before it), so a note sent just before a gesture is set
        // before that gesture reaches the bridge.
        if (this.deviceId) this.services.humanTurns?.setNote(this.deviceId, msg.step, msg.note);
        return ok;
    }
    return ok;
  }

  private async input(msg: PanelMessageOf<'tap' | 'longPress' | 'swipe' | 'scroll' | 'key' | 'type'>): Promise<ReceiveOutcome> {
    const device = this.device();
    if (!device) return this.reject(msg.inputSeq, 'no device is connected to this panel');
    const r = await this.inputs.route(device, msg);
    if (!r.ok) return this.reject(msg.inputSeq, r.reason);
    if (r.notice) this.notice('info', r.notice);
    return { accepted: true, type: msg.type };
  }

  private device() {
    return this.deviceId ? this.services.registry.device(this.deviceId) : undefined;
  }

  private reject(inputSeq: number, reason: string): ReceiveOutcome {
    this.services.log('warn', `device panel: rejected input: ${reason}`);
    this.post(toPanel('inputRejected', { inputSeq, reason }));
    return { accepted: false, reason };
  }

  private syncStreaming(): void {
    if (this.stream.sync(this.device(), this.visible)) this.postState();
  }

  private onCaptureError(err: unknown): void {
    this.services.log('warn', `device panel: screen capture failed: ${err instanceof Error ? err.message : String(err)}`);
    // A device that vanished without announcing it is found out by its next failing call.
    if (isDeviceError(err, 'disconnected') && this.deviceId) this.services.registry.markOffline(this.deviceId, err.message);
  }

  private onRegistryChange(): void {
    this.postDevices();
    const entry = this.deviceId ? this.services.registry.get(this.deviceId) : undefined;
    if (this.deviceId && (!entry || !entry.online)) this.stream.stop();
    this.syncStreaming();
    this.postState();
  }

  private postDevices(): void {
    this.post(toPanel('devices', { devices: this.services.registry.summaries(), selectedId: this.deviceId }));
  }

  private postState(extra?: string): void {
    if (!this.deviceId) {
      this.post(toPanel('deviceState', { state: 'none', message: 'Pick a device, or start a mock phone.' }));
      return;
    }
    const entry = this.services.registry.get(this.deviceId);
    if (!entry) {
      // Nothing to reconnect to: the phone of a finished run or debug session is gone.
      this.post(toPanel('deviceState', { deviceId: this.deviceId, state: 'none', message: `${this.deviceId} is no longer known (its run or debug session ended). Pick another device.` }));
    } else if (!entry.online) {
      const why = entry.reason ? ` (${entry.reason})` : '';
      this.post(toPanel('deviceState', { deviceId: entry.id, state: 'disconnected', message: `${entry.label} disconnected${why}.${extra ? ` ${extra}` : ''}` }));
    } else {
      this.post(toPanel('deviceState', { deviceId: entry.id, state: 'live', message: extra }));
    }
  }

  private postToolbar(): void {
    this.post(toPanel('toolbar', { items: this.services.toolbar.list(this.deviceId) }));
  }

  /** A panel that starts mirroring a paused device draws its pending action (or clears an old one). */
  private postPending(): void {
    const drawn = this.deviceId ? this.services.pauses?.overlayFor(this.deviceId) : undefined;
    this.overlay('pending', drawn ?? { kind: 'clear' });
  }

  private postHumanTurn(): void {
    const turn = this.deviceId ? this.services.humanTurns?.pending(this.deviceId) : undefined;
    const driving = this.deviceId ? this.services.humanTurns?.driving(this.deviceId) : undefined;
    this.post(toPanel('humanTurn', {
      active: !!turn, goal: turn?.goal, step: turn?.step, ...(turn?.notes ? { notes: true } : {}), ...(driving ? { driving } : {}),
      ...(turn?.composing ? { composing: turn.composing } : {}), ...(turn?.budget !== undefined ? { budget: turn.budget } : {}),
    }));
  }

  private post(message: HostMessage): void {
    try {
      void this.port.post(message);
    } catch (err) {
      this.services.log('warn', `device panel: post failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  dispose(): void {
    this.stream.stop();
    for (const d of this.disposers.splice(0)) d();
  }
}
