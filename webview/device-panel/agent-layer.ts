// The agent view: each action the agent takes on the mirrored device — crosshair for a tap,
// arrow for a swipe, a bubble for typed text — with a fading trail of the last few, and the
// model's latest thought in a caption. Fed by `overlay` messages on the 'agent' layer.
import type { OverlayAction } from '../../src/webview-protocol/device-panel';
import type { OverlayLayer, OverlayMapper } from './overlay';

const TRAIL = 5;
const FADE_MS = 6000;

interface Mark {
  action: OverlayAction;
  at: number;
}

export class AgentLayer implements OverlayLayer {
  readonly id = 'agent';
  readonly order = 10;
  private marks: Mark[] = [];
  private lastPoint: { x: number; y: number } | undefined;

  constructor(private readonly thoughtEl: HTMLElement, private readonly invalidate: () => void) {}

  push(action: OverlayAction): void {
    if (action.kind === 'clear') {
      this.marks = [];
      this.thoughtEl.textContent = '';
      this.thoughtEl.hidden = true;
    } else if (action.kind === 'thought') {
      this.thoughtEl.textContent = action.step !== undefined ? `Step ${action.step}: ${action.text}` : action.text;
      this.thoughtEl.hidden = action.text.length === 0;
    } else {
      this.marks.push({ action, at: performance.now() });
      if (this.marks.length > TRAIL) this.marks.shift();
      if (action.kind === 'tap' || action.kind === 'longPress') this.lastPoint = { x: action.x, y: action.y };
      if (action.kind === 'swipe') this.lastPoint = action.to;
    }
    this.invalidate();
  }

  draw(ctx: CanvasRenderingContext2D, map: OverlayMapper, now: number): boolean {
    let animating = false;
    this.marks.forEach((m, i) => {
      const age = now - m.at;
      const newest = i === this.marks.length - 1;
      const alpha = newest ? Math.max(0.35, 1 - age / FADE_MS) : 0.25 + (0.4 * i) / TRAIL;
      if (newest && age < FADE_MS) animating = true;
      ctx.globalAlpha = alpha;
      drawMark(ctx, map, m.action, this.lastPoint, newest ? Math.min(1, age / 250) : 1);
    });
    return animating;
  }
}

function drawMark(ctx: CanvasRenderingContext2D, map: OverlayMapper, a: OverlayAction, last: { x: number; y: number } | undefined, grow: number): void {
  const d = map.dpr;
  ctx.lineWidth = 2.5 * d;
  ctx.strokeStyle = '#ff3d71';
  ctx.fillStyle = '#ff3d71';
  switch (a.kind) {
    case 'tap':
    case 'longPress': {
      const c = map.toCanvas({ x: a.x, y: a.y });
      const r = (a.kind === 'longPress' ? 22 : 16) * d * (0.6 + 0.4 * grow);
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(c.x - r * 1.6, c.y);
      ctx.lineTo(c.x + r * 1.6, c.y);
      ctx.moveTo(c.x, c.y - r * 1.6);
      ctx.lineTo(c.x, c.y + r * 1.6);
      ctx.stroke();
      break;
    }
    case 'swipe': {
      const p = map.toCanvas(a.from);
      const q = map.toCanvas(a.to);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(p.x + (q.x - p.x) * grow, p.y + (q.y - p.y) * grow);
      ctx.stroke();
      const ang = Math.atan2(q.y - p.y, q.x - p.x);
      const h = 12 * d;
      ctx.beginPath();
      ctx.moveTo(q.x, q.y);
      ctx.lineTo(q.x - h * Math.cos(ang - 0.45), q.y - h * Math.sin(ang - 0.45));
      ctx.lineTo(q.x - h * Math.cos(ang + 0.45), q.y - h * Math.sin(ang + 0.45));
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'type':
    case 'key':
    case 'app': {
      const text = a.kind === 'type' ? `⌨ ${a.text}` : a.kind === 'key' ? `⏎ ${a.key}` : `▶ ${a.name}`;
      const anchor = last ? map.toCanvas(last) : { x: ctx.canvas.width / 2, y: ctx.canvas.height * 0.15 };
      bubble(ctx, text.length > 60 ? `${text.slice(0, 57)}…` : text, anchor.x, anchor.y - 28 * d, d);
      break;
    }
    default:
      break;
  }
}

function bubble(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, d: number): void {
  ctx.font = `${13 * d}px sans-serif`;
  const w = ctx.measureText(text).width + 16 * d;
  const h = 24 * d;
  const left = Math.max(2 * d, Math.min(ctx.canvas.width - w - 2 * d, x - w / 2));
  const top = Math.max(2 * d, y - h);
  ctx.fillStyle = 'rgba(30, 30, 30, 0.88)';
  ctx.strokeStyle = '#ff3d71';
  ctx.lineWidth = 1.5 * d;
  ctx.beginPath();
  ctx.roundRect(left, top, w, h, 6 * d);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 8 * d, top + h / 2);
}
