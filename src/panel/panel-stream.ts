// A panel's screen stream: one FrameStreamer on the device the panel mirrors while the panel
// is visible, frames posted as `frame` (a whole screenshot) or `tiles` (the damaged parts at
// the panel's size), acknowledged by the webview, in the encoding the settings ask for.
import type { Device } from '../device/device';
import { isPanelFrameSource } from '../device/panel-frames';
import { toPanel, type HostMessage } from '../webview-protocol/device-panel';
import { panelPixelWidth, scaleJpeg, targetWidth, type Viewport } from './frame-scale';
import { FrameStreamer, type EncodedFrame } from './frame-streamer';

export type FrameEncoding = 'base64' | 'binary';

/**
 * Tile sets are small and each paint is short, so with one in flight the stream waits a round
 * trip (transfer, decode, paint, ack) per frame; three in flight keep the pipe full while
 * typing or scrolling, and latest-wins still applies beyond them.
 */
export const PANEL_WINDOW = 3;

/** How frames are made and sent (part of PanelServices). */
export interface StreamOptions {
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

export interface StreamHost {
  options: StreamOptions;
  post(message: HostMessage): void;
  /** A frame was posted; `resized` when the screen's size changed with it. */
  framed(resized: boolean): void;
  captureFailed(err: unknown): void;
}

export class PanelStream {
  private streamer: FrameStreamer | undefined;
  private device: Device | undefined;
  private deviceId: string | undefined;
  private viewport: Viewport | undefined;
  private size: { width: number; height: number } | undefined;

  constructor(private readonly host: StreamHost) {}

  /** The device's screen as the last frame showed it. */
  get screen(): { width: number; height: number } | undefined {
    return this.size;
  }

  get isStreaming(): boolean {
    return this.streamer?.isRunning ?? false;
  }

  get stats() {
    return this.streamer && { ...this.streamer.stats, ...this.streamer.snapshot() };
  }

  /** Streams `device` (a new streamer when it changed); stops when there is none or the panel is hidden. Returns whether it streams. */
  sync(device: Device | undefined, visible: boolean): boolean {
    if (!visible || !device) {
      this.streamer?.stop();
      if (!device) this.streamer = undefined;
      return false;
    }
    if (!this.streamer || this.device !== device) {
      this.stop();
      this.device = device;
      this.deviceId = device.id;
      this.streamer = this.streamerFor(device);
    }
    this.streamer.start();
    return true;
  }

  stop(): void {
    this.streamer?.stop();
    this.streamer = undefined;
    this.device = undefined;
  }

  /** Another device: what the stream knew of the screen no longer holds. */
  forgetScreen(): void {
    this.size = undefined;
  }

  setViewport(viewport: Viewport): void {
    this.viewport = viewport;
    // A device drawing at the panel's size redraws at the new size (the streamer asks it).
    if (this.streamer && this.device && isPanelFrameSource(this.device)) this.streamer.markDirty();
  }

  ack(seq: number, resync?: boolean): void {
    this.streamer?.ack(seq, { resync });
  }

  /** The webview (re)loaded: send the whole screen again. */
  refresh(): void {
    this.streamer?.refresh();
  }

  /** An input reached the device: its frame carries `inputSeq`. */
  inputApplied(inputSeq: number): void {
    this.streamer?.noteInputApplied(inputSeq);
    // Poll devices (and push devices whose input changed nothing visible) still need to show
    // that the input is done: ask for a frame rather than wait for the next change.
    if (this.device?.kind !== 'mock') this.streamer?.markDirty();
  }

  private streamerFor(device: Device): FrameStreamer {
    const o = this.host.options;
    const quality = o.jpegQuality?.() ?? 80;
    return new FrameStreamer(device, (f) => this.onFrame(f), (err) => this.host.captureFailed(err), {
      source: device.kind === 'mock' ? 'push' : 'poll',
      format: 'jpeg',
      quality,
      pollIntervalMs: 33,
      targetWidth: (screen) => (o.scaleFrames ? targetWidth(screen, this.viewport) : undefined),
      scale: (data, width) => scaleJpeg(data, width, quality),
      ...(isPanelFrameSource(device) ? {
        panel: {
          source: device,
          width: () => (o.panelFrames !== false && this.size ? panelPixelWidth(this.size, this.viewport) : undefined),
          window: () => o.panelWindow ?? PANEL_WINDOW,
        },
      } : {}),
    });
  }

  private onFrame(frame: EncodedFrame): void {
    const deviceId = this.deviceId;
    if (!deviceId) return;
    const resized = !this.size || this.size.width !== frame.width || this.size.height !== frame.height;
    this.size = { width: frame.width, height: frame.height };
    const binary = this.host.options.frameEncoding() === 'binary';
    const encode = (data: Buffer) => (binary ? { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) } : { data: data.toString('base64') });
    if (frame.panel?.kind === 'tiles') {
      this.host.post(toPanel('tiles', {
        seq: frame.seq, deviceId, width: frame.width, height: frame.height,
        base: frame.panel.base ?? 0,
        generation: frame.panel.generation,
        tiles: (frame.panel.tiles ?? []).map((t) => ({ x: t.x, y: t.y, w: t.w, h: t.h, ...encode(t.png) })),
        ...(frame.panel.shifts?.length ? { shifts: frame.panel.shifts } : {}),
        inputSeq: frame.inputSeq,
        captureMs: frame.captureMs,
      }));
    } else {
      this.host.post(toPanel('frame', {
        seq: frame.seq, deviceId, width: frame.width, height: frame.height,
        mime: frame.mime,
        ...encode(frame.data),
        inputSeq: frame.inputSeq,
        captureMs: frame.captureMs,
        ...(frame.panel ? { generation: frame.panel.generation } : {}),
      }));
    }
    this.host.framed(resized);
  }
}
