// The mirrored screen: a canvas "contain"-fitted in the stage with the device's aspect ratio
// (which follows rotation, since frames carry their own size). Whole frames replace its
// pixels; tiles (frames drawn at the panel's size, mock phone) are composited into it
// (compositor.ts). Each message is acked once painted so the host sends the next, and frame
// rate and input-to-frame latency are measured for the status line. Several frames may be in
// flight (the host pipelines panel-size frames): each starts decoding as it arrives —
// createImageBitmap decodes off the main thread, so decodes overlap — and they are drawn
// strictly in arrival order, since tiles build on the frame before them.
import type { HostMessageOf } from '../../src/webview-protocol/device-panel';
import { FrameCompositor } from './compositor';
import { fitRect, type Rect, type Size } from './geometry';

export interface FrameStats {
  frames: number;
  fps: number;
  /** Last input→painted-frame latency (ms). */
  latencyMs: number | undefined;
  latencies: number[];
  decodeMs: number;
  /** Host capture+encode time of recent frames (ms). */
  captureMs: number[];
  bytes: number;
}

export class ScreenView {
  private readonly canvas = document.createElement('canvas');
  private readonly compositor: FrameCompositor<ImageBitmap, HTMLCanvasElement>;
  private device: Size | undefined;
  private paintTimes: number[] = [];
  private readonly inputsSent = new Map<number, number>();
  readonly stats: FrameStats = { frames: 0, fps: 0, latencyMs: undefined, latencies: [], decodeMs: 0, captureMs: [], bytes: 0 };
  /** The last paint queued: the next one draws after it. */
  private painting: Promise<void> = Promise.resolve();

  constructor(private readonly stage: HTMLElement, private readonly onLayout: () => void) {
    this.canvas.className = 'screen';
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Mirrored phone screen');
    this.compositor = new FrameCompositor<ImageBitmap, HTMLCanvasElement>(this.canvas.getContext('2d')!, document.createElement('canvas').getContext('2d')!);
    stage.append(this.canvas);
    new ResizeObserver(() => this.layout()).observe(stage);
  }

  get deviceSize(): Size | undefined {
    return this.device;
  }

  /** Where the screen is drawn, in client (CSS) pixels. */
  drawnRect(): Rect {
    const box = this.stage.getBoundingClientRect();
    if (!this.device) return { left: box.left, top: box.top, width: 0, height: 0 };
    return fitRect({ left: box.left, top: box.top, width: box.width, height: box.height }, this.device);
  }

  /** Frames painted in the last second. */
  currentFps(now = performance.now()): number {
    return this.paintTimes.filter((t) => t >= now - 1000).length;
  }

  noteInputSent(inputSeq: number): void {
    this.inputsSent.set(inputSeq, performance.now());
  }

  /** Decodes and paints a frame; resolves when it is on screen (then the caller acks it). */
  show(frame: HostMessageOf<'frame'>): Promise<number> {
    const decoded = settle(decode(frame.bytes, frame.data, frame.mime, `frame ${frame.seq}`));
    return this.paint(frame, async () => {
      const image = await decoded;
      this.stats.bytes = frame.bytes?.byteLength ?? Math.round(((frame.data?.length ?? 0) * 3) / 4);
      this.compositor.full(image, frame.generation);
      image.close();
    });
  }

  /** Composites a tile set onto the frame shown; rejects with TileMismatch if it builds on another. */
  showTiles(msg: HostMessageOf<'tiles'>): Promise<number> {
    const decoded = settle(Promise.all(msg.tiles.map((t, i) => decode(t.bytes, t.data, 'image/png', `tile ${i} of frame ${msg.seq}`))));
    return this.paint(msg, async () => {
      const images = await decoded;
      this.stats.bytes = msg.tiles.reduce((n, t) => n + (t.bytes?.byteLength ?? Math.round(((t.data?.length ?? 0) * 3) / 4)), 0);
      try {
        this.compositor.tiles(msg.base, msg.generation, msg.tiles.map((t, i) => ({ x: t.x, y: t.y, w: t.w, h: t.h, image: images[i] })), msg.shifts);
      } finally {
        for (const im of images) im.close();
      }
    });
  }

  /** Runs one paint after the previous one, then updates size, stats and latency. */
  private paint(m: { width: number; height: number; inputSeq: number; captureMs: number }, draw: () => Promise<void>): Promise<number> {
    const run = this.painting.then(async () => {
      const started = performance.now();
      await draw();
      const resized = !this.device || this.device.width !== m.width || this.device.height !== m.height;
      this.device = { width: m.width, height: m.height };
      if (resized) this.layout();
      const now = performance.now();
      this.recordPaint(now, m.inputSeq);
      this.stats.decodeMs = now - started;
      this.stats.captureMs.push(m.captureMs);
      if (this.stats.captureMs.length > 1000) this.stats.captureMs.shift();
      return now - started;
    });
    this.painting = run.then(() => undefined, () => undefined);
    return run;
  }

  clear(): void {
    this.device = undefined;
    this.compositor.generation = undefined;
    this.layout();
  }

  layout(): void {
    const r = this.drawnRect();
    const box = this.stage.getBoundingClientRect();
    // CSSOM style properties are allowed under the CSP (no inline style attributes needed).
    this.canvas.style.left = `${r.left - box.left}px`;
    this.canvas.style.top = `${r.top - box.top}px`;
    this.canvas.style.width = `${r.width}px`;
    this.canvas.style.height = `${r.height}px`;
    this.canvas.hidden = r.width === 0;
    this.onLayout();
  }

  private recordPaint(now: number, inputSeq: number): void {
    this.stats.frames++;
    this.paintTimes.push(now);
    while (this.paintTimes.length && this.paintTimes[0] < now - 1000) this.paintTimes.shift();
    this.stats.fps = this.paintTimes.length;
    // The first frame that reflects an input closes that input's latency measurement.
    let latest: number | undefined;
    for (const [seq, sentAt] of this.inputsSent) {
      if (seq <= inputSeq) {
        if (seq === inputSeq) latest = now - sentAt;
        this.inputsSent.delete(seq);
      }
    }
    if (latest !== undefined) {
      this.stats.latencyMs = latest;
      this.stats.latencies.push(latest);
      if (this.stats.latencies.length > 1000) this.stats.latencies.shift();
    }
  }
}

/** A decode that is awaited later: its rejection is handled there, not reported as unhandled meanwhile. */
function settle<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

type FromBase64 = (s: string) => Uint8Array;
/** Native base64 → bytes (Chromium ≥ 140): ~80× faster than atob + a per-character copy. */
const fromBase64: FromBase64 = (Uint8Array as unknown as { fromBase64?: FromBase64 }).fromBase64?.bind(Uint8Array)
  ?? ((s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0)));

/** Decodes an image off the main thread, pixels as they are (no colour conversion: tiles must match). */
async function decode(bytes: Uint8Array | undefined, base64: string | undefined, mime: string, what: string): Promise<ImageBitmap> {
  let data: Uint8Array;
  try {
    data = bytes ?? fromBase64(base64 ?? '');
  } catch {
    throw new Error(`${what} is not valid base64`);
  }
  try {
    return await createImageBitmap(new Blob([data as Uint8Array<ArrayBuffer>], { type: mime }), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  } catch {
    throw new Error(`${what} could not be decoded as ${mime}`);
  }
}
