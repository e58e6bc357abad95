// The mirrored screen: shows each frame "contain"-fitted in the stage with the device's
// aspect ratio (which follows rotation, since frames carry their own size), acks each frame
// once it is decoded so the host sends the next, and measures frame rate and
// input-to-frame latency for the status line.
import type { HostMessageOf } from '../../src/webview-protocol/device-panel';
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
  private img = document.createElement('img');
  private device: Size | undefined;
  private objectUrl: string | undefined;
  private paintTimes: number[] = [];
  private readonly inputsSent = new Map<number, number>();
  readonly stats: FrameStats = { frames: 0, fps: 0, latencyMs: undefined, latencies: [], decodeMs: 0, captureMs: [], bytes: 0 };
  private decoding: Promise<void> = Promise.resolve();

  constructor(private readonly stage: HTMLElement, private readonly onLayout: () => void) {
    this.img.className = 'screen';
    this.img.alt = 'Mirrored phone screen';
    this.img.draggable = false;
    stage.append(this.img);
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
    const run = this.decoding.then(async () => {
      const started = performance.now();
      let url: string;
      if (frame.bytes) {
        url = URL.createObjectURL(new Blob([frame.bytes as Uint8Array<ArrayBuffer>], { type: frame.mime }));
        this.stats.bytes = frame.bytes.byteLength;
      } else {
        url = `data:${frame.mime};base64,${frame.data ?? ''}`;
        this.stats.bytes = Math.round(((frame.data?.length ?? 0) * 3) / 4);
      }
      const next = new Image();
      next.src = url;
      try {
        await next.decode();
      } catch {
        if (frame.bytes) URL.revokeObjectURL(url);
        throw new Error(`frame ${frame.seq} could not be decoded as ${frame.mime}`);
      }
      // Swap in the element that was just decoded rather than pointing the shown one at the
      // new URL, which would make the browser decode the frame a second time.
      next.className = this.img.className;
      next.alt = this.img.alt;
      next.draggable = false;
      next.style.cssText = this.img.style.cssText;
      this.img.replaceWith(next);
      this.img = next;
      if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
      this.objectUrl = frame.bytes ? url : undefined;
      const resized = !this.device || this.device.width !== frame.width || this.device.height !== frame.height;
      this.device = { width: frame.width, height: frame.height };
      if (resized) this.layout();
      const now = performance.now();
      this.recordPaint(now, frame.inputSeq);
      this.stats.decodeMs = now - started;
      this.stats.captureMs.push(frame.captureMs);
      if (this.stats.captureMs.length > 1000) this.stats.captureMs.shift();
      return now - started;
    });
    this.decoding = run.then(() => undefined, () => undefined);
    return run;
  }

  clear(): void {
    this.device = undefined;
    this.img.removeAttribute('src');
    this.layout();
  }

  layout(): void {
    const r = this.drawnRect();
    const box = this.stage.getBoundingClientRect();
    // CSSOM style properties are allowed under the CSP (no inline style attributes needed).
    this.img.style.left = `${r.left - box.left}px`;
    this.img.style.top = `${r.top - box.top}px`;
    this.img.style.width = `${r.width}px`;
    this.img.style.height = `${r.height}px`;
    this.img.hidden = r.width === 0;
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
