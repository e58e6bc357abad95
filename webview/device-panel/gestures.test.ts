import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LONG_PRESS_MS, MIN_SWIPE_MS, WheelAccumulator, classifyGesture, wheelToPixels, type PointerSample } from './gestures';

const s = (cx: number, cy: number, t: number): PointerSample => ({ client: { x: cx, y: cy }, device: { x: cx * 3, y: cy * 3 }, t });

test('a short still press is a tap at the press point', () => {
  assert.deepEqual(classifyGesture(s(10, 20, 0), s(12, 21, 120), 2.3), { kind: 'tap', at: { x: 30, y: 60 } });
});

test('holding still is a long press with the hold time', () => {
  assert.deepEqual(classifyGesture(s(10, 20, 0), s(10, 20, 800), 0), { kind: 'longPress', at: { x: 30, y: 60 }, durationMs: 800 });
  assert.equal(classifyGesture(s(10, 20, 0), s(10, 20, LONG_PRESS_MS - 1), 0).kind, 'tap');
});

test('a drag is a swipe with the drag duration, floored for very fast flicks', () => {
  assert.deepEqual(classifyGesture(s(10, 200, 0), s(10, 50, 340), 150), { kind: 'swipe', from: { x: 30, y: 600 }, to: { x: 30, y: 150 }, durationMs: 340 });
  assert.equal((classifyGesture(s(0, 0, 0), s(100, 0, 5), 100) as { durationMs: number }).durationMs, MIN_SWIPE_MS);
});

test('a drag that wanders away and comes back is still a swipe, not a tap', () => {
  assert.equal(classifyGesture(s(10, 10, 0), s(10, 10, 300), 80).kind, 'swipe');
});

test('wheel deltas in lines and pages become pixels', () => {
  assert.equal(wheelToPixels(3, 1, 800), 48);
  assert.equal(wheelToPixels(1, 2, 800), 800);
  assert.equal(wheelToPixels(-120, 0, 800), -120);
});

test('wheel events are coalesced into one scroll after a quiet gap', async () => {
  const out: unknown[] = [];
  const acc = new WheelAccumulator((at, dx, dy) => out.push({ at, dx, dy }), 20);
  acc.add({ x: 5, y: 6 }, 0, 10);
  acc.add({ x: 7, y: 8 }, 0, 15);
  assert.equal(out.length, 0);
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(out, [{ at: { x: 5, y: 6 }, dx: 0, dy: 25 }]);
  acc.release();
  assert.equal(out.length, 1, 'nothing pending, nothing sent');
});
