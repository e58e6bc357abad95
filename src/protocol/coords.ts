// 0–1000 model space ↔ device pixels, exactly as the reference runner scales:
// x = int(nx * width / 1000), clamped to [0, width - 1] (and the same for y).
import type { NormPoint } from './action';

export interface ScreenSize {
  width: number;
  height: number;
}

export const COORD_NORM = 1000;

function scaleAxis(n: number, size: number): number {
  const v = Math.trunc((Math.trunc(n) * size) / COORD_NORM);
  return Math.max(0, Math.min(v, size - 1));
}

/** Model point (0–1000; out-of-range values are clamped to the screen) → device pixel. */
export function toPixels(p: NormPoint, screen: ScreenSize): { x: number; y: number } {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`point must have finite coordinates, got ${JSON.stringify(p)}`);
  return { x: scaleAxis(p.x, screen.width), y: scaleAxis(p.y, screen.height) };
}

function unscaleAxis(px: number, size: number): number {
  // Of the two integers around px·1000/size, take the one that maps back closest to px
  // (exactly px whenever any model value can reach that pixel).
  const exact = (px * COORD_NORM) / size;
  const lo = Math.max(0, Math.min(COORD_NORM, Math.floor(exact)));
  const hi = Math.max(0, Math.min(COORD_NORM, Math.ceil(exact)));
  const dLo = Math.abs(scaleAxis(lo, size) - px);
  const dHi = Math.abs(scaleAxis(hi, size) - px);
  return dHi <= dLo ? hi : lo;
}

/** Device pixel → model point, for recording a human's click as the model would have written it. */
export function toNormalized(p: { x: number; y: number }, screen: ScreenSize): NormPoint {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`pixel must have finite coordinates, got ${JSON.stringify(p)}`);
  const x = Math.max(0, Math.min(screen.width - 1, Math.round(p.x)));
  const y = Math.max(0, Math.min(screen.height - 1, Math.round(p.y)));
  return { x: unscaleAxis(x, screen.width), y: unscaleAxis(y, screen.height) };
}
