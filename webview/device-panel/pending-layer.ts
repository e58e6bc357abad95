// The paused episode's pending action, drawn over the mirrored screen until the loop resumes:
// a crosshair where a click / long press will land, an arrow for a swipe or scroll, a bubble
// for typed text, a label for a key, an app or finish. Points come in the model's 0–1000 space
// and are mapped to the device pixel the device will touch (geometry.normToDevice), so the
// mark is right at any panel size and pixel ratio. A caption names the call and the step.
import type { OverlayAction, PendingMark } from '../../src/webview-protocol/device-panel';
import { normToDevice, type Size } from './geometry';
import type { OverlayLayer, OverlayMapper } from './overlay';

type Pending = Extract<OverlayAction, { kind: 'pending' }>;

/** Drawn in amber, apart from the agent trail's pink: this action has not happened yet. */
export const PENDING_COLOUR = '#ffb300';

export class PendingLayer implements OverlayLayer {
  readonly id = 'pending';
  readonly order = 20;
  private pending: Pending | undefined;

  constructor(private readonly captionEl: HTMLElement, private readonly device: () => Size | undefined, private readonly invalidate: () => void) {}

  get current(): Pending | undefined {
    return this.pending;
  }

  push(action: OverlayAction): void {
    this.pending = action.kind === 'pending' ? action : undefined;
    const p = this.pending;
    this.captionEl.hidden = !p;
    this.captionEl.textContent = p ? `Paused at step ${p.step}: ${p.call}${p.correctedBy ? ` (replaced by ${p.correctedBy})` : ''}` : '';
    this.invalidate();
  }

  draw(ctx: CanvasRenderingContext2D, map: OverlayMapper): boolean {
    const p = this.pending;
    const device = this.device();
    if (!p || !device) return false;
    drawMark(ctx, map, p.mark, device);
    return false;
  }
}

function drawMark(ctx: CanvasRenderingContext2D, map: OverlayMapper, m: PendingMark, device: Size): void {
  const d = map.dpr;
  const at = (p: { x: number; y: number }) => map.toCanvas(normToDevice(p, device));
  ctx.strokeStyle = PENDING_COLOUR;
  ctx.fillStyle = PENDING_COLOUR;
  ctx.lineWidth = 2.5 * d;
  switch (m.shape) {
    case 'crosshair': {
      const c = at(m.at);
      const r = (m.long ? 24 : 18) * d;
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
      ctx.stroke();
      if (m.long) {
        ctx.setLineDash([4 * d, 3 * d]);
        ctx.beginPath();
        ctx.arc(c.x, c.y, r + 6 * d, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      ctx.beginPath();
      ctx.moveTo(c.x - r * 1.7, c.y);
      ctx.lineTo(c.x + r * 1.7, c.y);
      ctx.moveTo(c.x, c.y - r * 1.7);
      ctx.lineTo(c.x, c.y + r * 1.7);
      ctx.stroke();
      break;
    }
    case 'arrow': {
      const p = at(m.from);
      const q = at(m.to);
      ctx.beginPath();
      ctx.arc(p.x, p.y, 6 * d, 0, Math.PI * 2);
      ctx.fill();
      ctx.setLineDash([8 * d, 5 * d]);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
      ctx.stroke();
      ctx.setLineDash([]);
      const ang = Math.atan2(q.y - p.y, q.x - p.x);
      const h = 16 * d;
      ctx.beginPath();
      ctx.moveTo(q.x, q.y);
      ctx.lineTo(q.x - h * Math.cos(ang - 0.45), q.y - h * Math.sin(ang - 0.45));
      ctx.lineTo(q.x - h * Math.cos(ang + 0.45), q.y - h * Math.sin(ang + 0.45));
      ctx.closePath();
      ctx.fill();
      break;
    }
    case 'bubble':
    case 'label': {
      const text = m.shape === 'bubble' ? `⌨ “${m.text}”` : m.text;
      const top = at({ x: 500, y: 120 });
      bubble(ctx, text.length > 60 ? `${text.slice(0, 57)}…` : text, top.x, top.y, d, m.shape === 'bubble');
      break;
    }
  }
}

function bubble(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, d: number, tail: boolean): void {
  ctx.font = `bold ${14 * d}px sans-serif`;
  const w = ctx.measureText(text).width + 20 * d;
  const h = 28 * d;
  const left = Math.max(2 * d, Math.min(ctx.canvas.width - w - 2 * d, x - w / 2));
  const top = Math.max(2 * d, y - h / 2);
  ctx.fillStyle = 'rgba(25, 25, 25, 0.92)';
  ctx.beginPath();
  ctx.roundRect(left, top, w, h, 8 * d);
  if (tail) {
    ctx.moveTo(x - 8 * d, top + h);
    ctx.lineTo(x, top + h + 9 * d);
    ctx.lineTo(x + 8 * d, top + h);
  }
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 10 * d, top + h / 2);
}
