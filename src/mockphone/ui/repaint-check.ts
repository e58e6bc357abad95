// Test helper: paints the phone's frame by damage (and scroll shifting), then in full, and
// fails when the two differ by a single byte (with where they differ).
import assert from 'node:assert/strict';
import type { MockPhone } from '../index';

/**
 * The screen the long pixel-equivalence walks run on: the default phone's size in dp (393 × 873)
 * at a fractional scale of 1.83, with 2.25× fewer pixels than 1080 × 2400. Damage and shift
 * rounding are exercised at a scale unlike the default's 2.75 (which the goldens and the panel
 * tests cover), and each full repaint — the oracle, drawn at every step — costs less than half.
 */
export const WALK_SCREEN = { width: 720, height: 1600, density: 293 } as const;
/** A length in pixels of the default 1080-wide phone, on the walk screen. */
export const onWalkScreen = (px: number): number => Math.round((px * WALK_SCREEN.width) / 1080);

/** Paints incrementally, then fully, and asserts both frames are the same pixels. */
export function assertSameAsFullRepaint(p: MockPhone, where: string): { damaged: number; shifted: boolean } {
  const { damage, shifted } = p.paintFrame();
  const incremental = Buffer.from(p.rawPixels());
  p.paintFrame({ full: true });
  const full = p.rawPixels();
  if (!incremental.equals(full)) {
    assert.fail(`damaged-rect painting differs from a full repaint: ${where} (damage ${JSON.stringify(damage)}; pixels differ in ${JSON.stringify(differingBounds(incremental, full, p.width))})`);
  }
  return { damaged: damage.reduce((s, r) => s + r.w * r.h, 0) / (p.width * p.height), shifted: !!shifted };
}

/** Bounding box of the pixels that differ (for the failure message). */
function differingBounds(a: Buffer, b: Buffer, width: number): { x1: number; y1: number; x2: number; y2: number } {
  let x1 = Infinity, y1 = Infinity, x2 = -1, y2 = -1;
  for (let i = 0; i < a.length; i += 4) {
    if (a.readUInt32LE(i) === b.readUInt32LE(i)) continue;
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    x1 = Math.min(x1, x); y1 = Math.min(y1, y); x2 = Math.max(x2, x); y2 = Math.max(y2, y);
  }
  return { x1, y1, x2, y2 };
}

