import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordingDevice } from '../device/testing/recording-device';
import { applyGesture, checkInput, scrollToSwipe } from './input';

const screen = { width: 1080, height: 2400, density: 440 };

test('taps on the screen pass and are floored to device pixels', () => {
  assert.deepEqual(checkInput({ type: 'tap', x: 1079.9, y: 0, inputSeq: 1 }, screen), { ok: true, gesture: { kind: 'tap', at: { x: 1079, y: 0 } } });
});

test('coordinates off the screen are rejected with a reason naming them', () => {
  for (const [x, y] of [[1080, 5], [-1, 5], [5, 2400], [5, -0.5]]) {
    const r = checkInput({ type: 'tap', x, y, inputSeq: 1 }, screen);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /outside the 1080×2400 screen/);
  }
  const s = checkInput({ type: 'swipe', from: { x: 10, y: 10 }, to: { x: 10, y: 99999 }, durationMs: 200, inputSeq: 2 }, screen);
  assert.match(!s.ok ? s.reason : '', /swipe end/);
});

test('rotation is honoured: a landscape screen accepts x beyond the portrait width', () => {
  const landscape = { width: 2400, height: 1080, density: 440 };
  assert.ok(checkInput({ type: 'tap', x: 2000, y: 500, inputSeq: 1 }, landscape).ok);
  assert.equal(checkInput({ type: 'tap', x: 500, y: 2000, inputSeq: 1 }, landscape).ok, false);
});

test('huge pastes get a clear message; control characters are refused; empty text too', () => {
  const r = checkInput({ type: 'type', text: 'x'.repeat(5321), inputSeq: 1 }, screen);
  assert.match(!r.ok ? r.reason : '', /5,321 characters; the panel types at most 1,000/);
  assert.equal(checkInput({ type: 'type', text: 'a\u0007b', inputSeq: 1 }, screen).ok, false);
  assert.equal(checkInput({ type: 'type', text: '', inputSeq: 1 }, screen).ok, false);
  assert.ok(checkInput({ type: 'type', text: 'héllo 你好\n', inputSeq: 1 }, screen).ok);
});

test('wheel scroll becomes an opposite swipe kept on screen', () => {
  const g = scrollToSwipe({ x: 540, y: 1200 }, 0, 600, screen);
  assert.equal(g.kind, 'swipe');
  if (g.kind !== 'swipe') return;
  assert.deepEqual(g.from, { x: 540, y: 1200 });
  assert.deepEqual(g.to, { x: 540, y: 600 }, 'scrolling down pushes the finger up');
  const far = scrollToSwipe({ x: 540, y: 100 }, 0, -5000, screen);
  assert.ok(far.kind === 'swipe' && far.to.y < 2400 && far.to.y > 2300);
});

test('gestures reach the device as the matching calls', async () => {
  const d = new RecordingDevice();
  await applyGesture(d, { kind: 'tap', at: { x: 1, y: 2 } });
  await applyGesture(d, { kind: 'longPress', at: { x: 1, y: 2 }, durationMs: 700 });
  await applyGesture(d, { kind: 'swipe', from: { x: 1, y: 2 }, to: { x: 3, y: 4 }, durationMs: 250 });
  await applyGesture(d, { kind: 'key', key: 'enter' });
  await applyGesture(d, { kind: 'type', text: 'hi' });
  assert.deepEqual(d.calls.map((c) => c.op), ['tap', 'longPress', 'swipe', 'pressKey', 'typeText']);
  assert.deepEqual(d.calls[2].args, [{ x: 1, y: 2 }, { x: 3, y: 4 }, 250]);
});
