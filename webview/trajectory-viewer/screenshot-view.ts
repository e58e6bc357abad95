// The selected step's screenshot with its action drawn over it: a tap as a ring, a long press
// as a double ring, a swipe / drag as an arrow, typing, keys and app switches as a caption.
// At a corrected step the model's original action is drawn dashed beside the correction.
// The image is loaded only when its step is shown (and the next one is prefetched), so a big
// episode opens without fetching a single screenshot it does not display.
import type { ViewerDrawing, ViewerStepSummary } from '../../src/webview-protocol/trajectory-viewer';
import { el } from './dom';

const DONE = '#3fb950';
const ORIGINAL = '#f0883e';

export class ScreenshotView {
  private readonly img = el('img', 'shot');
  private readonly canvas = el('canvas', 'shot-overlay');
  private readonly empty = el('div', 'shot-empty');
  private readonly caption = el('div', 'shot-caption');
  private current?: ViewerStepSummary;
  private prefetch?: HTMLImageElement;
  /** Called when the shown step's image loaded (or failed) and the action was drawn. */
  onDrawn: (loaded: boolean, drawn: boolean) => void = () => {};
  loaded = false;
  drawn = false;

  constructor(private readonly root: HTMLElement, private readonly imageBase: () => string) {
    this.img.alt = 'Screenshot the model was given at this step';
    root.append(this.img, this.canvas, this.empty, this.caption);
    this.img.addEventListener('load', () => { this.loaded = true; this.draw(); });
    this.img.addEventListener('error', () => {
      this.loaded = false;
      this.showEmpty(`The screenshot ${this.current?.image?.file ?? ''} could not be loaded.`);
      this.onDrawn(false, false);
    });
    new ResizeObserver(() => this.draw()).observe(root);
  }

  private url(file: string): string {
    return `${this.imageBase().replace(/\/$/, '')}/${file}`;
  }

  show(step: ViewerStepSummary, next?: ViewerStepSummary): void {
    this.current = step;
    this.loaded = false;
    this.drawn = false;
    this.caption.textContent = captionOf(step.drawing, step.original);
    this.caption.hidden = this.caption.textContent === '';
    if (!step.image) {
      this.img.hidden = true;
      this.img.removeAttribute('src');
      this.showEmpty(step.marks.includes('missing') ? 'The screenshot of this step is missing from the episode folder.' : 'This step has no screenshot.');
      this.clearCanvas();
      this.onDrawn(false, false);
    } else {
      this.empty.hidden = true;
      this.img.hidden = false;
      const src = this.url(step.image.file);
      if (this.img.getAttribute('src') !== src) this.img.src = src;
      else if (this.img.complete && this.img.naturalWidth > 0) { this.loaded = true; this.draw(); }
    }
    if (next?.image) {
      this.prefetch = new Image();
      this.prefetch.src = this.url(next.image.file);
    }
  }

  private showEmpty(text: string): void {
    this.empty.textContent = text;
    this.empty.hidden = false;
  }

  private clearCanvas(): void {
    this.canvas.width = 0;
    this.canvas.height = 0;
  }

  /** Where the image is drawn inside the root (object-fit: contain). */
  private drawnRect(): { x: number; y: number; w: number; h: number } {
    const box = this.root.getBoundingClientRect();
    const iw = this.img.naturalWidth || 1;
    const ih = this.img.naturalHeight || 1;
    const scale = Math.min(box.width / iw, box.height / ih);
    const w = iw * scale;
    const h = ih * scale;
    return { x: (box.width - w) / 2, y: (box.height - h) / 2, w, h };
  }

  private draw(): void {
    const s = this.current;
    if (!s?.image || !this.loaded) return;
    const r = this.drawnRect();
    const dpr = window.devicePixelRatio || 1;
    for (const e of [this.img, this.canvas]) {
      e.style.left = `${r.x}px`;
      e.style.top = `${r.y}px`;
      e.style.width = `${r.w}px`;
      e.style.height = `${r.h}px`;
    }
    this.canvas.width = Math.round(r.w * dpr);
    this.canvas.height = Math.round(r.h * dpr);
    const g = this.canvas.getContext('2d');
    if (!g) return;
    g.scale(dpr, dpr);
    const at = (p: { x: number; y: number }) => ({ x: (p.x / 1000) * r.w, y: (p.y / 1000) * r.h });
    let drawn = false;
    if (s.original) drawn = paint(g, s.original, at, ORIGINAL, true) || drawn;
    if (s.drawing) drawn = paint(g, s.drawing, at, DONE, false) || drawn;
    // A step without a spatial action (type, key, app) is "drawn" as its caption.
    this.drawn = drawn || Boolean(s.drawing && s.drawing.points.length === 0);
    this.onDrawn(true, this.drawn);
  }
}

function captionOf(d?: ViewerDrawing, original?: ViewerDrawing): string {
  const part = (x?: ViewerDrawing) => (x && x.points.length === 0 ? `${x.kind === 'text' ? 'type' : x.kind} ${x.text ?? ''}`.trim() : '');
  const now = part(d);
  const was = part(original);
  return was && was !== now ? `${now}  (model: ${was})` : now;
}

/** Draws an action (0–1000 points) onto a canvas; false when it has no points to draw. */
export function paint(g: CanvasRenderingContext2D, d: ViewerDrawing, at: (p: { x: number; y: number }) => { x: number; y: number }, colour: string, dashed: boolean): boolean {
  if (d.points.length === 0) return false;
  g.save();
  g.strokeStyle = colour;
  g.fillStyle = `${colour}55`;
  g.lineWidth = 3;
  g.setLineDash(dashed ? [6, 4] : []);
  const p0 = at(d.points[0]);
  if (d.kind === 'line' && d.points.length > 1) {
    const p1 = at(d.points[1]);
    g.beginPath();
    g.moveTo(p0.x, p0.y);
    g.lineTo(p1.x, p1.y);
    g.stroke();
    const a = Math.atan2(p1.y - p0.y, p1.x - p0.x);
    g.beginPath();
    g.moveTo(p1.x, p1.y);
    g.lineTo(p1.x - 14 * Math.cos(a - 0.4), p1.y - 14 * Math.sin(a - 0.4));
    g.lineTo(p1.x - 14 * Math.cos(a + 0.4), p1.y - 14 * Math.sin(a + 0.4));
    g.closePath();
    g.fillStyle = colour;
    g.fill();
    g.beginPath();
    g.arc(p0.x, p0.y, 8, 0, Math.PI * 2);
    g.stroke();
  } else {
    g.beginPath();
    g.arc(p0.x, p0.y, 14, 0, Math.PI * 2);
    g.fill();
    g.stroke();
    if (d.kind === 'long') {
      g.beginPath();
      g.arc(p0.x, p0.y, 22, 0, Math.PI * 2);
      g.stroke();
    }
  }
  g.restore();
  return true;
}
