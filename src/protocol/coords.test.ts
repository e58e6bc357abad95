import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toNormalized, toPixels } from './coords';

// Expected pixels computed by the reference's _extract_point (int) + _scale_xy.
const REFERENCE: [[number, number], number, number, [number, number]][] = [
  [[0, 0], 1080, 2400, [0, 0]], [[1000, 1000], 1080, 2400, [1079, 2399]], [[500, 500], 1080, 2400, [540, 1200]],
  [[999, 1], 1080, 2400, [1078, 2]], [[1500, -20], 1080, 2400, [1079, 0]], [[333, 667], 720, 1280, [239, 853]],
  [[152.9, 912.4], 1080, 2400, [164, 2188]],
];

test('0–1000 → pixels: truncation and clamping as the reference', () => {
  for (const [[x, y], width, height, [px, py]] of REFERENCE) {
    assert.deepEqual(toPixels({ x, y }, { width, height }), { x: px, y: py }, `${x},${y} on ${width}x${height}`);
  }
});

test('non-finite coordinates are refused with a clear error', () => {
  assert.throws(() => toPixels({ x: NaN, y: 1 }, { width: 10, height: 10 }), /finite/);
});

test('pixels → 0–1000 round-trips every pixel a model value can reach', () => {
  for (const [width, height] of [[1080, 2400], [720, 1280], [400, 300]]) {
    const screen = { width, height };
    for (let n = 0; n <= 1000; n++) {
      const px = toPixels({ x: n, y: n }, screen);
      const back = toNormalized(px, screen);
      assert.deepEqual(toPixels(back, screen), px, `n=${n} on ${width}x${height}`);
    }
  }
});

test('pixels → 0–1000 stays in range for any click, including off-screen', () => {
  const screen = { width: 1080, height: 2400 };
  for (const p of [{ x: -5, y: 99999 }, { x: 1079, y: 2399 }, { x: 12.6, y: 0.2 }]) {
    const n = toNormalized(p, screen);
    assert.ok(n.x >= 0 && n.x <= 1000 && n.y >= 0 && n.y <= 1000 && Number.isInteger(n.x) && Number.isInteger(n.y));
  }
  // Within one pixel for on-screen clicks, even where 1000 steps cannot reach every pixel.
  for (let x = 0; x < 1080; x++) {
    const back = toPixels(toNormalized({ x, y: 0 }, screen), screen);
    assert.ok(Math.abs(back.x - x) <= 1, `x=${x} → ${back.x}`);
  }
});
