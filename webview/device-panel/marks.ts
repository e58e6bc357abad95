// The strokes the overlay layers draw with, in canvas pixels: a crosshair, an arrowhead and a
// text bubble. The agent trail (agent-layer.ts) and the paused episode's pending action
// (pending-layer.ts) draw the same marks in their own colours and sizes; where each point is
// on the canvas is the layer's business (overlay.ts maps device pixels, geometry.ts the
// model's 0–1000 space).
type Point = { x: number; y: number };

/** Labels longer than this are cut with an ellipsis, so a bubble stays on the screen. */
const MAX_LABEL = 60;

export const clipLabel = (text: string): string => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 3)}…` : text);

/** A ring of radius `r` at `c` with horizontal and vertical arms reaching `arm` from it. */
export function crosshair(ctx: CanvasRenderingContext2D, c: Point, r: number, arm: number): void {
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(c.x - arm, c.y);
  ctx.lineTo(c.x + arm, c.y);
  ctx.moveTo(c.x, c.y - arm);
  ctx.lineTo(c.x, c.y + arm);
  ctx.stroke();
}

/** A filled arrowhead of length `h` at `to`, pointing along `from` → `to`. */
export function arrowHead(ctx: CanvasRenderingContext2D, from: Point, to: Point, h: number): void {
  const ang = Math.atan2(to.y - from.y, to.x - from.x);
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - h * Math.cos(ang - 0.45), to.y - h * Math.sin(ang - 0.45));
  ctx.lineTo(to.x - h * Math.cos(ang + 0.45), to.y - h * Math.sin(ang + 0.45));
  ctx.closePath();
  ctx.fill();
}

export interface BubbleStyle {
  /** The sans-serif font: bold or not, and its size in CSS pixels. */
  bold: boolean;
  size: number;
  /** Horizontal padding each side, and the bubble's height, in CSS pixels. */
  pad: number;
  height: number;
  radius: number;
  background: string;
  /** Where `y` is: the bubble's vertical middle, or its bottom edge. */
  anchor: 'middle' | 'bottom';
  /** A downward tail under the bubble, pointing at `x`. */
  tail?: boolean;
}

/**
 * A rounded label with white text, centred on `x` and kept inside the canvas, stroked with
 * the context's current stroke style and line width. `d` is canvas pixels per CSS pixel.
 */
export function bubble(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, d: number, s: BubbleStyle): void {
  ctx.font = `${s.bold ? 'bold ' : ''}${s.size * d}px sans-serif`;
  const w = ctx.measureText(text).width + 2 * s.pad * d;
  const h = s.height * d;
  const left = Math.max(2 * d, Math.min(ctx.canvas.width - w - 2 * d, x - w / 2));
  const top = Math.max(2 * d, s.anchor === 'middle' ? y - h / 2 : y - h);
  ctx.fillStyle = s.background;
  ctx.beginPath();
  ctx.roundRect(left, top, w, h, s.radius * d);
  if (s.tail) {
    ctx.moveTo(x - 8 * d, top + h);
    ctx.lineTo(x, top + h + 9 * d);
    ctx.lineTo(x + 8 * d, top + h);
  }
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + s.pad * d, top + h / 2);
}
