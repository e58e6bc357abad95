// Streams one device's screen to one panel with backpressure: at most a window of frames is in
// flight (sent, not yet acked by the webview) — one for screenshots, a few for frames drawn at
// the panel's size (`panel.window`), whose small tile sets would otherwise wait a whole round
// trip each. Capturing overlaps with the flight: a change that arrives while the window is
// full is captured at once into a single "ready" slot that the next ack releases (latest
// wins); further changes are only marked and captured after that. Frames are never queued: a
// burst of changes costs at most one capture per ack, and a slow webview gets a recent screen
// when it is ready.
//
// Two sources: 'push' devices (the mock phone) announce `changed`, so nothing is captured
// while the screen is still; 'poll' devices (ADB screencap) are captured again as soon as the
// previous frame is acked, with a floor on the interval. No `vscode` import: tested in Node.
import type { Device, ImageFormat } from '../device/device';
import type { PanelFrameSource, PanelShift, PanelTile } from '../device/panel-frames';

/** A frame drawn at the panel's size (mock phone): a full JPEG or tiles onto generation `base`. */
export interface PanelPart {
  kind: 'full' | 'tiles';
  generation: number;
  base?: number;
  pixelWidth: number;
  pixelHeight: number;
  tiles?: PanelTile[];
  /** Rows moved (a scroll) before the tiles are drawn. */
  shifts?: PanelShift[];
}

export interface EncodedFrame {
  seq: number;
  width: number;
  height: number;
  mime: 'image/jpeg' | 'image/png';
  data: Buffer;
  /** Highest input sequence applied before the capture started (-1: none). */
  inputSeq: number;
  captureMs: number;
  /** Set for frames drawn at the panel's size; `data` is empty for tiles. */
  panel?: PanelPart;
}

export interface FrameStreamerOptions {
  source: 'push' | 'poll';
  format?: ImageFormat;
  quality?: number;
  /** Poll sources: minimum ms between capture starts. */
  pollIntervalMs?: number;
  /** A frame not acked within this time is presumed lost (webview reloaded or hidden). */
  ackTimeoutMs?: number;
  /** After a failed capture, wait this long before trying again. */
  errorBackoffMs?: number;
  /** Frames wider than this (px) are scaled down before sending (see frame-scale.ts). */
  targetWidth?: (screen: { width: number; height: number }) => number | undefined;
  scale?: (data: Buffer, width: number) => Promise<Buffer>;
  /** Push sources: wait this long after a change before capturing, to coalesce bursts. */
  settleMs?: number;
  /**
   * A device that draws at the panel's size (the mock phone): frames come from it at `width()`
   * pixels — tiles for small changes — instead of a screenshot. Undefined width: screenshots.
   */
  panel?: {
    source: PanelFrameSource;
    width: () => number | undefined;
    /** Frames drawn at the panel's size that may be in flight at once (default 1). */
    window?: () => number;
  };
}

export interface StreamerStats {
  captured: number;
  sent: number;
  acked: number;
  /** Changes absorbed into an already pending capture. */
  coalesced: number;
  /** Captured frames replaced by a newer one before they could be sent. */
  dropped: number;
  /** Frames scaled down to the panel's size before sending. */
  scaled: number;
  /** Polled captures identical to the frame last sent, so not sent. */
  unchanged: number;
  /** Panel-size frames sent as tiles (the rest of `sent` were whole frames). */
  tiled: number;
  /** Tile sets that also moved rows (a scroll's shift). */
  shifted: number;
  /** Send → ack round trips of recent frames (ms): transfer + decode + paint + ack. */
  ackMs: number[];
  captureErrors: number;
}

export class FrameStreamer {
  private running = false;
  private capturing = false;
  private dirty = true;
  /** Frames sent and not yet acked, oldest first: seq → when it was sent. */
  private readonly inFlight = new Map<number, number>();
  private lastSent: Buffer | undefined;
  private lastSentInputSeq = -1;
  /** Panel generation the webview has (or will have: the frame carrying it was sent). */
  private panelShown: number | undefined;
  /** A captured frame waiting for the in-flight one to be acked. */
  private ready: Omit<EncodedFrame, 'seq'> | undefined;
  private seq = 0;
  private appliedInputSeq = -1;
  private lastCaptureStart = 0;
  private backoffUntil = 0;
  /** Armed for the oldest frame in flight: not acked in time, it is presumed lost. */
  private ackTimer: ReturnType<typeof setTimeout> | undefined;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: (() => void) | undefined;
  readonly stats: StreamerStats = { captured: 0, sent: 0, acked: 0, coalesced: 0, dropped: 0, scaled: 0, unchanged: 0, ackMs: [], captureErrors: 0, tiled: 0, shifted: 0 };

  constructor(
    private readonly device: Device,
    private readonly sink: (frame: EncodedFrame) => void,
    private readonly onError: (err: unknown) => void,
    private readonly options: FrameStreamerOptions,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.dirty = true; // the panel needs the current screen whatever happened while stopped
    this.inFlight.clear();
    this.ready = undefined;
    this.lastSent = undefined;
    this.panelShown = undefined;
    if (this.options.source === 'push') {
      this.unsubscribe = this.device.onEvent((e) => {
        if (e.type === 'changed') this.markDirty();
      });
    }
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.clearTimers();
  }

  /**
   * The webview painted frame `seq` (it paints in order, so every earlier frame is done too);
   * the next one may go. Stale or duplicate acks are ignored. `resync`: the webview could not
   * build on what it has — a whole frame follows, unless the refused frame predates a refresh.
   */
  ack(seq: number, options: { resync?: boolean } = {}): void {
    const sentAt = this.inFlight.get(seq);
    if (sentAt === undefined) return;
    this.stats.acked++;
    this.stats.ackMs.push(performance.now() - sentAt);
    if (this.stats.ackMs.length > 200) this.stats.ackMs.shift();
    for (const s of this.inFlight.keys()) if (s <= seq) this.inFlight.delete(s);
    this.armAckTimer();
    if (options.resync) {
      this.refresh();
      return;
    }
    if (this.options.source === 'poll') this.dirty = true;
    if (this.ready) {
      const frame = this.ready;
      this.ready = undefined;
      this.send(frame);
    }
    this.schedule();
  }

  /** Where the pipeline stands (for the panel's test hook and bug reports). */
  snapshot(): { running: boolean; capturing: boolean; dirty: boolean; inFlight: number[]; ready: boolean; waiting: boolean } {
    return { running: this.running, capturing: this.capturing, dirty: this.dirty, inFlight: [...this.inFlight.keys()], ready: !!this.ready, waiting: !!this.wakeTimer };
  }

  /** An input finished on the device; frames captured from now on reflect it. */
  noteInputApplied(inputSeq: number): void {
    this.appliedInputSeq = Math.max(this.appliedInputSeq, inputSeq);
  }

  /** Force a fresh frame (panel reloaded, device rotated, reconnect). */
  refresh(): void {
    this.inFlight.clear();
    this.armAckTimer();
    this.ready = undefined;
    this.lastSent = undefined;
    this.panelShown = undefined;
    this.markDirty();
  }

  markDirty(): void {
    if (this.dirty || this.capturing) this.stats.coalesced++;
    this.dirty = true;
    this.schedule();
  }

  private schedule(): void {
    // Capture at most one frame ahead of a full window: on a busy machine, capturing again and
    // again only to drop the results would steal the CPU the pipeline needs. A change that
    // arrives meanwhile stays marked and is captured as soon as the ready frame goes out.
    const ahead = this.windowFull() && this.ready !== undefined;
    if (!this.running || this.capturing || !this.dirty || this.wakeTimer || ahead) return;
    const wait = this.options.source === 'poll'
      ? Math.max(0, this.lastCaptureStart + (this.options.pollIntervalMs ?? 0) - Date.now())
      : (this.options.settleMs ?? 0);
    const backoff = Math.max(0, this.backoffUntil - Date.now());
    // Even a zero wait goes through a timer: it lets the input that caused the change resolve
    // (and note its sequence) before the capture starts, and merges same-tick changes.
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      void this.capture();
    }, Math.max(wait, backoff));
  }

  private async capture(): Promise<void> {
    if (!this.running || this.capturing || !this.dirty) return;
    this.capturing = true;
    this.dirty = false;
    const inputSeq = this.appliedInputSeq;
    const started = performance.now();
    this.lastCaptureStart = Date.now();
    try {
      const panelWidth = this.options.panel?.width();
      if (this.options.panel && panelWidth !== undefined) {
        await this.capturePanel(this.options.panel.source, panelWidth, inputSeq, started);
        return;
      }
      const shot = await this.device.screenshot({ format: this.options.format ?? 'jpeg', quality: this.options.quality ?? 80 });
      this.stats.captured++;
      if (!this.running) return;
      const width = shot.format === 'jpeg' ? this.options.targetWidth?.(shot) : undefined;
      const data = width !== undefined && this.options.scale ? await this.options.scale(shot.data, width) : shot.data;
      if (data !== shot.data) this.stats.scaled++;
      if (!this.running) return;
      // A polled screen that did not change is not sent again: the webview has it already —
      // unless an input finished since, which the webview is waiting to see confirmed.
      if (this.options.source === 'poll' && inputSeq <= this.lastSentInputSeq && this.lastSent?.equals(data)) {
        this.stats.unchanged++;
        this.dirty = true;
        return;
      }
      const frame = {
        width: shot.width,
        height: shot.height,
        mime: shot.format === 'png' ? 'image/png' as const : 'image/jpeg' as const,
        data,
        inputSeq,
        captureMs: performance.now() - started,
      };
      this.deliver(frame);
    } catch (err) {
      this.stats.captureErrors++;
      this.onError(err);
      // Retry later rather than spin on a device that keeps failing.
      this.dirty = true;
      this.backoffUntil = Date.now() + (this.options.errorBackoffMs ?? 1000);
    } finally {
      this.capturing = false;
      this.schedule();
    }
  }

  /** Frames that may be in flight now: a window for panel-size frames, one for screenshots. */
  private windowSize(): number {
    const panel = this.options.panel;
    if (!panel || panel.width() === undefined) return 1;
    return Math.max(1, Math.floor(panel.window?.() ?? 1));
  }

  private windowFull(): boolean {
    return this.inFlight.size >= this.windowSize();
  }

  /** Sends now, or keeps as the one ready frame (latest wins) while the window is full. */
  private deliver(frame: Omit<EncodedFrame, 'seq'>): void {
    if (!this.windowFull()) {
      this.send(frame);
    } else {
      if (this.ready) this.stats.dropped++;
      this.ready = frame;
    }
  }

  /** A frame drawn at the panel's size: tiles onto what the webview has, or a whole frame. */
  private async capturePanel(source: PanelFrameSource, width: number, inputSeq: number, started: number): Promise<void> {
    const screen = await this.device.screenInfo();
    const cap = await source.panelFrame({ width, since: this.panelShown });
    this.stats.captured++;
    if (!this.running) return;
    // Nothing changed on screen: nothing to send — unless an input finished since the last
    // frame, which the webview is waiting to see confirmed (then an empty tile set).
    if (cap.kind === 'same' && inputSeq <= this.lastSentInputSeq) {
      this.stats.unchanged++;
      return;
    }
    const base = { width: screen.width, height: screen.height, inputSeq, captureMs: performance.now() - started };
    if (cap.kind === 'full') {
      this.deliver({ ...base, mime: cap.mime, data: cap.data, panel: { kind: 'full', generation: cap.generation, pixelWidth: cap.pixelWidth, pixelHeight: cap.pixelHeight } });
    } else {
      const part: PanelPart = cap.kind === 'same'
        ? { kind: 'tiles', generation: cap.generation, base: cap.generation, pixelWidth: 0, pixelHeight: 0, tiles: [] }
        : { kind: 'tiles', generation: cap.generation, base: cap.base, pixelWidth: cap.pixelWidth, pixelHeight: cap.pixelHeight, tiles: cap.tiles, ...(cap.shifts ? { shifts: cap.shifts } : {}) };
      this.deliver({ ...base, mime: 'image/png', data: Buffer.alloc(0), panel: part });
    }
  }

  private send(frame: Omit<EncodedFrame, 'seq'>): void {
    // Tiles build on the generation the webview has; ones captured against another (a frame
    // was lost or refreshed meanwhile) are useless: capture afresh instead.
    if (frame.panel?.kind === 'tiles' && frame.panel.base !== this.panelShown) {
      this.stats.dropped++;
      this.panelShown = undefined;
      this.markDirty();
      return;
    }
    this.panelShown = frame.panel?.generation; // a screenshot frame leaves nothing to build on
    if (frame.panel?.kind === 'tiles') this.stats.tiled++;
    if (frame.panel?.shifts?.length) this.stats.shifted++;
    const seq = ++this.seq;
    this.inFlight.set(seq, performance.now());
    this.lastSent = frame.data;
    this.lastSentInputSeq = frame.inputSeq;
    this.stats.sent++;
    if (!this.ackTimer) this.armAckTimer();
    this.sink({ seq, ...frame });
  }

  /** (Re)arms the lost-frame timer for the oldest frame in flight, or disarms it when none is. */
  private armAckTimer(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
    const oldest = this.inFlight.entries().next();
    if (oldest.done) return;
    const [seq, sentAt] = oldest.value;
    const wait = Math.max(0, sentAt + (this.options.ackTimeoutMs ?? 5000) - performance.now());
    this.ackTimer = setTimeout(() => {
      // Lost frame: forget every frame in flight and send the current screen instead.
      this.ackTimer = undefined;
      if (this.inFlight.has(seq)) {
        this.inFlight.clear();
        this.ready = undefined;
        this.lastSent = undefined;
        this.panelShown = undefined;
        this.markDirty();
      }
    }, wait);
  }

  private clearTimers(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.ackTimer = undefined;
    this.wakeTimer = undefined;
  }
}
