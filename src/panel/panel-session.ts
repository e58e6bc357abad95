// One webview (editor panel or activity-bar view) bound to one device. It only translates:
// validated webview messages become device calls, device frames and registry changes become
// host messages. Everything it receives is validated (`parsePanelMessage`) and every input is
// range-checked against the device's own screen before it reaches the device. No `vscode`
// import: the panel class hands it a `PanelPort`, tests hand it a fake one.
import { TypedEmitter } from '../agent/emitter';
import type { Device } from '../device/device';
import { isDeviceError } from '../device/errors';
import { parseUiTree, type UiTree } from '../device/ui-tree';
import {
  parsePanelMessage, toPanel, TYPE_TEXT_LIMIT, type HostMessage, type OverlayAction, type PanelMessage, type PanelMessageOf,
} from '../webview-protocol/device-panel';
import type { DeviceRegistry } from './devices/registry';
import type { HumanTurnBridge, ToolbarRegistry } from './extension-points';
import type { PausedEpisodeBridge } from './pause-bridge';
import { panelPixelWidth, scaleJpeg, targetWidth, type Viewport } from './frame-scale';
import { isPanelFrameSource } from '../device/panel-frames';
import { FrameStreamer, type EncodedFrame } from './frame-streamer';
import { applyGesture, checkInput, isInputMessage, type PanelGesture } from './input';
import { inspectAt, panelNodes, selectorFor, selectorYaml } from './inspector';

export interface PanelPort {
  post(message: HostMessage): unknown;
  onMessage(listener: (raw: unknown) => void): () => void;
}

export type FrameEncoding = 'base64' | 'binary';

export interface PanelServices {
  registry: DeviceRegistry;
  toolbar: ToolbarRegistry;
  humanTurns?: HumanTurnBridge;
  /** Paused episodes on the mirrored device: input during a pause replaces the pending action. */
  pauses?: Pick<PausedEpisodeBridge, 'isPaused' | 'submit' | 'overlayFor'>;
  log(level: 'info' | 'warn' | 'error', message: string): void;
  copyText(text: string): Promise<void>;
  frameEncoding(): FrameEncoding;
  /** Frames are captured at this JPEG quality (read when a device starts streaming: a change applies to the next). */
  jpegQuality?: () => number;
  /**
   * Scale frames down to the size the panel shows them (default false: measured slower on a
   * loaded 2-core machine, where the extra decode+encode costs more than the smaller frame
   * saves — bench/panel.bench.ts compares both in one run).
   */
  scaleFrames?: boolean;
  /**
   * Devices that can draw at the panel's size (the mock phone) do, and send only damaged tiles
   * for small changes (default true; false: today's full-size screenshots, for comparison).
   */
  panelFrames?: boolean;
  /**
   * Panel-size frames in flight at once (default PANEL_WINDOW). Screenshots (real devices, or
   * `panelFrames: false`) keep one: their frames are large, and a second would only queue.
   */
  panelWindow?: number;
}

/**
 * Tile sets are small and each paint is short, so with one in flight the stream waits a round
 * trip (transfer, decode, paint, ack) per frame; three in flight keep the pipe full while
 * typing or scrolling, and latest-wins still applies beyond them.
 */
export const PANEL_WINDOW = 3;

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
  private mode: 'control' | 'inspect' = 'control';
  private viewport: Viewport | undefined;
  private streamer: FrameStreamer | undefined;
  private streamedDevice: Device | undefined;
  private screen: { width: number; height: number } | undefined;
  private tree: UiTree | undefined;
  private treeLoading: Promise<UiTree | undefined> | undefined;
  private inputChain: Promise<unknown> = Promise.resolve();
  /** Orders inputs from their arrival to their place in `inputChain` or the policy's queue. */
  private arrival: Promise<unknown> = Promise.resolve();
  /**
   * The last input queued behind a running one, if it is typing that has not started: letters
   * that arrive meanwhile join it, so a burst of keys waiting on a slow device call (ADB's
   * `input text`) goes as one call, and a fast device (the mock phone) gets each key at once.
   */
  private queuedType: { device: Device; gesture: { kind: 'type'; text: string }; inputSeq: number; run?: Promise<void> } | undefined;
  private readonly disposers: (() => void)[] = [];
  private readonly deviceChanges = new DeviceChanges();

  constructor(
    private readonly port: PanelPort,
    private readonly services: PanelServices,
    initialDeviceId?: string,
  ) {
    this.deviceId = initialDeviceId;
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
    return this.streamer?.isRunning ?? false;
  }

  get streamerStats() {
    return this.streamer && { ...this.streamer.stats, ...this.streamer.snapshot() };
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
    if (deviceId === this.deviceId && this.streamer) return;
    const changed = deviceId !== this.deviceId;
    this.deviceId = deviceId;
    if (changed) this.deviceChanges.fire({ type: 'device', deviceId });
    this.tree = undefined;
    this.screen = undefined;
    this.stopStreaming();
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
        this.streamer?.refresh();
        if (this.mode === 'inspect') void this.postTree(true);
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
        this.streamer?.ack(msg.seq, { resync: msg.resync });
        return ok;
      case 'viewport':
        this.viewport = { width: msg.width, height: msg.height, dpr: msg.dpr };
        // A device drawing at the panel's size redraws at the new size (the streamer asks it).
        if (this.streamer && this.streamedDevice && isPanelFrameSource(this.streamedDevice)) this.streamer.markDirty();
        return ok;
      case 'setMode':
        this.mode = msg.mode;
        if (msg.mode === 'inspect') void this.postTree(true);
        return ok;
      case 'copySelector':
        return this.copySelector(msg);
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
    const device = this.deviceId ? this.services.registry.device(this.deviceId) : undefined;
    if (!device) return this.reject(msg.inputSeq, 'no device is connected to this panel');
    // Inputs are handled in the order they arrived, also when the screen size has to be asked
    // for first: each waits for the one before it to have its screen, and everything after the
    // await is synchronous until the input has its place (device chain, pause, policy queue).
    const known = this.screen;
    const screenReady = this.arrival.then(() => known ?? device.screenInfo());
    this.arrival = screenReady.catch(() => undefined);
    const screen = await screenReady;
    const checked = checkInput(msg, { ...screen, density: 0 });
    if (!checked.ok) return this.reject(msg.inputSeq, checked.reason);
    const gesture = checked.gesture;
    // A paused episode on this device: the input is the new pending action, not a device call.
    const pauses = this.services.pauses;
    if (pauses?.isPaused(device.id)) {
      const r = pauses.submit(device.id, gesture);
      if (!r.ok) return this.reject(msg.inputSeq, r.reason);
      this.notice('info', `Pending action replaced: ${r.call}. Continue or step to run it.`);
      return { accepted: true, type: msg.type };
    }
    const human = this.services.humanTurns;
    if (human?.driving(device.id)) {
      const r = human.submit(device.id, gesture);
      return r.ok ? { accepted: true, type: msg.type } : this.reject(msg.inputSeq, r.reason);
    }
    const queued = this.queuedType;
    if (gesture.kind === 'type' && queued?.run && queued.device === device
      && [...queued.gesture.text].length + [...gesture.text].length <= TYPE_TEXT_LIMIT) {
      queued.gesture.text += gesture.text;
      queued.inputSeq = Math.max(queued.inputSeq, msg.inputSeq);
      // A failure is reported once, by the message that queued the typing.
      await queued.run.catch(() => undefined);
      return { accepted: true, type: msg.type };
    }
    // Inputs run one after another, in the order the person made them.
    const entry = gesture.kind === 'type' ? { device, gesture: { kind: 'type' as const, text: gesture.text }, inputSeq: msg.inputSeq } : undefined;
    const run = this.inputChain.then(() => {
      if (!entry) return this.runGesture(device, gesture, msg.inputSeq);
      if (this.queuedType === entry) this.queuedType = undefined; // started: nothing joins it now
      return this.runGesture(device, entry.gesture, entry.inputSeq);
    });
    this.queuedType = entry && Object.assign(entry, { run });
    this.inputChain = run.catch(() => undefined);
    await run;
    return { accepted: true, type: msg.type };
  }

  private async runGesture(device: Device, gesture: PanelGesture, inputSeq: number): Promise<void> {
    this.services.log('info', `device panel: #${inputSeq} ${describeGesture(gesture)} on ${device.id}`);
    await applyGesture(device, gesture);
    this.streamer?.noteInputApplied(inputSeq);
    this.tree = undefined;
    // Poll devices (and push devices whose input changed nothing visible) still need to show
    // that the input is done: ask for a frame rather than wait for the next change.
    if (this.streamedDevice?.kind !== 'mock') this.streamer?.markDirty();
  }

  private reject(inputSeq: number, reason: string): ReceiveOutcome {
    this.services.log('warn', `device panel: rejected input: ${reason}`);
    this.post(toPanel('inputRejected', { inputSeq, reason }));
    return { accepted: false, reason };
  }

  private async copySelector(msg: PanelMessageOf<'copySelector'>): Promise<ReceiveOutcome> {
    const tree = this.tree ?? await this.loadTree();
    if (!tree) return this.reject(-1, 'no UI tree is available for this device');
    const screen = this.screen;
    if (screen && (msg.x < 0 || msg.y < 0 || msg.x >= screen.width || msg.y >= screen.height)) {
      return this.reject(-1, `inspect point (${msg.x}, ${msg.y}) is outside the ${screen.width}×${screen.height} screen`);
    }
    const node = inspectAt(tree, msg.x, msg.y);
    if (!node) return this.reject(-1, `no UI element at (${msg.x}, ${msg.y})`);
    const selector = selectorYaml(selectorFor(tree, node));
    await this.services.copyText(selector);
    this.post(toPanel('selectorCopied', { selector, attrs: node.attributes }));
    return { accepted: true, type: 'copySelector' };
  }

  private async loadTree(): Promise<UiTree | undefined> {
    const device = this.deviceId ? this.services.registry.device(this.deviceId) : undefined;
    if (!device) return undefined;
    this.treeLoading ??= device.uiTree().then((xml) => parseUiTree(xml)).then((t) => {
      this.tree = t;
      return t;
    }).finally(() => { this.treeLoading = undefined; });
    return this.treeLoading;
  }

  private async postTree(force = false): Promise<void> {
    if (this.mode !== 'inspect') return;
    if (force) this.tree = undefined;
    try {
      const tree = this.tree ?? await this.loadTree();
      if (!tree || !this.screen) return;
      this.post(toPanel('uiTree', { width: this.screen.width, height: this.screen.height, nodes: panelNodes(tree) }));
    } catch (err) {
      this.services.log('warn', `device panel: UI tree unavailable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private onFrame(frame: EncodedFrame): void {
    if (!this.deviceId) return;
    const resized = !this.screen || this.screen.width !== frame.width || this.screen.height !== frame.height;
    this.screen = { width: frame.width, height: frame.height };
    const binary = this.services.frameEncoding() === 'binary';
    const encode = (data: Buffer) => (binary ? { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) } : { data: data.toString('base64') });
    if (frame.panel?.kind === 'tiles') {
      this.post(toPanel('tiles', {
        seq: frame.seq,
        deviceId: this.deviceId,
        width: frame.width,
        height: frame.height,
        base: frame.panel.base ?? 0,
        generation: frame.panel.generation,
        tiles: (frame.panel.tiles ?? []).map((t) => ({ x: t.x, y: t.y, w: t.w, h: t.h, ...encode(t.png) })),
        ...(frame.panel.shifts?.length ? { shifts: frame.panel.shifts } : {}),
        inputSeq: frame.inputSeq,
        captureMs: frame.captureMs,
      }));
    } else {
      this.post(toPanel('frame', {
        seq: frame.seq,
        deviceId: this.deviceId,
        width: frame.width,
        height: frame.height,
        mime: frame.mime,
        ...encode(frame.data),
        inputSeq: frame.inputSeq,
        captureMs: frame.captureMs,
        ...(frame.panel ? { generation: frame.panel.generation } : {}),
      }));
    }
    if (this.mode === 'inspect') {
      this.tree = undefined;
      void this.postTree();
    } else if (resized) {
      this.tree = undefined;
    }
  }

  private syncStreaming(): void {
    const device = this.deviceId ? this.services.registry.device(this.deviceId) : undefined;
    if (!this.visible || !device) {
      this.streamer?.stop();
      if (!device) this.streamer = undefined;
      return;
    }
    if (!this.streamer || this.streamedDevice !== device) {
      this.stopStreaming();
      this.streamedDevice = device;
      const quality = this.services.jpegQuality?.() ?? 80;
      this.streamer = new FrameStreamer(device, (f) => this.onFrame(f), (err) => this.onCaptureError(err), {
        source: device.kind === 'mock' ? 'push' : 'poll',
        format: 'jpeg',
        quality,
        pollIntervalMs: 33,
        targetWidth: (screen) => (this.services.scaleFrames ? targetWidth(screen, this.viewport) : undefined),
        scale: (data, width) => scaleJpeg(data, width, quality),
        ...(isPanelFrameSource(device) ? {
          panel: {
            source: device,
            width: () => (this.services.panelFrames !== false && this.screen ? panelPixelWidth(this.screen, this.viewport) : undefined),
            window: () => this.services.panelWindow ?? PANEL_WINDOW,
          },
        } : {}),
      });
    }
    this.streamer.start();
    this.postState();
  }

  private stopStreaming(): void {
    this.streamer?.stop();
    this.streamer = undefined;
    this.streamedDevice = undefined;
  }

  private onCaptureError(err: unknown): void {
    this.services.log('warn', `device panel: screen capture failed: ${err instanceof Error ? err.message : String(err)}`);
    // A device that vanished without announcing it is found out by its next failing call.
    if (isDeviceError(err, 'disconnected') && this.deviceId) this.services.registry.markOffline(this.deviceId, err.message);
  }

  private onRegistryChange(): void {
    this.postDevices();
    const entry = this.deviceId ? this.services.registry.get(this.deviceId) : undefined;
    if (this.deviceId && (!entry || !entry.online)) this.stopStreaming();
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
    this.stopStreaming();
    for (const d of this.disposers.splice(0)) d();
  }
}

function describeGesture(g: PanelGesture): string {
  switch (g.kind) {
    case 'tap': return `tap (${g.at.x}, ${g.at.y})`;
    case 'longPress': return `long press (${g.at.x}, ${g.at.y}) ${g.durationMs} ms`;
    case 'swipe': return `swipe (${g.from.x}, ${g.from.y}) → (${g.to.x}, ${g.to.y}) ${g.durationMs} ms`;
    case 'key': return `key ${g.key}`;
    case 'type': return `type ${g.text.length} characters`;
  }
}
