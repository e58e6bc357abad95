// The agent view: each action the agent takes on the mirrored device — crosshair for a tap,
// arrow for a swipe, a bubble for typed text — with a trail of the last few that fades away
// within FADE_MS, and the
// model's latest thought in a caption. Fed by `overlay` messages on the 'agent' layer.
import type { OverlayAction } from '../../src/webview-protocol/device-panel';
import { arrowHead, bubble, clipLabel, crosshair, type BubbleStyle } from './marks';
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
    // Every mark fades out completely: a mark left on the screen reads as an action still to
    // come (the pending layer's job), so an old tap must not stay. Older marks of the trail
    // are fainter than the newest.
    this.marks = this.marks.filter((m) => now - m.at < FADE_MS);
    this.marks.forEach((m, i) => {
      const age = now - m.at;
      const newest = i === this.marks.length - 1;
      const fade = 1 - age / FADE_MS;
      ctx.globalAlpha = newest ? fade : fade * (0.25 + (0.4 * i) / TRAIL);
      drawMark(ctx, map, m.action, this.lastPoint, newest ? Math.min(1, age / 250) : 1);
    });
    return this.marks.length > 0;
  }
}

const COLOUR = '#ff3d71';
const BUBBLE: BubbleStyle = { bold: false, size: 13, pad: 8, height: 24, radius: 6, background: 'rgba(30, 30, 30, 0.88)', anchor: 'bottom' };

function drawMark(ctx: CanvasRenderingContext2D, map: OverlayMapper, a: OverlayAction, last: { x: number; y: number } | undefined, grow: number): void {
  const d = map.dpr;
  ctx.lineWidth = 2.5 * d;
  ctx.strokeStyle = COLOUR;
  ctx.fillStyle = COLOUR;
  switch (a.kind) {
    case 'tap':
    case 'longPress': {
      const r = (a.kind === 'longPress' ? 22 : 16) * d * (0.6 + 0.4 * grow);
      crosshair(ctx, map.toCanvas({ x: a.x, y: a.y }), r, r * 1.6);
      break;
    }
    case 'swipe': {
      const p = map.toCanvas(a.from);
      const q = map.toCanvas(a.to);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(p.x + (q.x - p.x) * grow, p.y + (q.y - p.y) * grow);
      ctx.stroke();
      arrowHead(ctx, p, q, 12 * d);
      break;
    }
    case 'type':
    case 'key':
    case 'app': {
      const text = a.kind === 'type' ? `⌨ ${a.text}` : a.kind === 'key' ? `⏎ ${a.key}` : `▶ ${a.name}`;
      const anchor = last ? map.toCanvas(last) : { x: ctx.canvas.width / 2, y: ctx.canvas.height * 0.15 };
      ctx.lineWidth = 1.5 * d;
      bubble(ctx, clipLabel(text), anchor.x, anchor.y - 28 * d, d, BUBBLE);
      break;
    }
    default:
      break;
  }
}
