// The paused episode's pending action, drawn over the mirrored screen until the loop resumes:
// a crosshair where a click / long press will land, an arrow for a swipe or scroll, a bubble
// for typed text, a label for a key, an app or finish. Points come in the model's 0–1000 space
// and are mapped to the device pixel the device will touch (geometry.normToDevice), so the
// mark is right at any panel size and pixel ratio. A caption names the call and the step.
import type { OverlayAction, PendingMark } from '../../src/webview-protocol/device-panel';
import { normToDevice, type Size } from './geometry';
import { arrowHead, bubble, clipLabel, crosshair, type BubbleStyle } from './marks';
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

const BUBBLE: BubbleStyle = { bold: true, size: 14, pad: 10, height: 28, radius: 8, background: 'rgba(25, 25, 25, 0.92)', anchor: 'middle' };

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
      if (m.long) {
        // A dashed outer ring tells a long press from a click.
        ctx.setLineDash([4 * d, 3 * d]);
        ctx.beginPath();
        ctx.arc(c.x, c.y, r + 6 * d, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      crosshair(ctx, c, r, r * 1.7);
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
      arrowHead(ctx, p, q, 16 * d);
      break;
    }
    case 'bubble':
    case 'label': {
      const text = m.shape === 'bubble' ? `⌨ “${m.text}”` : m.text;
      const top = at({ x: 500, y: 120 });
      bubble(ctx, clipLabel(text), top.x, top.y, d, { ...BUBBLE, tail: m.shape === 'bubble' });
      break;
    }
  }
}
