import { test } from 'node:test';
import assert from 'node:assert/strict';
import { actionToCall, extractPoint, toAction } from './action';
import { TOOL_NAMES } from './tools';

test('every prompt tool converts to an action and back to the same call', () => {
  const calls = {
    click: { points: [[1, 2]] }, double_click: { points: [[3, 4]], interval: 90 }, long_press: { points: [[5, 6]], duration: 800 },
    type: { text: 'hé' }, scroll: { points: [[5, 900], [5, 100]], duration: 300 }, drag: { points: [[1, 1], [9, 9]] },
    button_press: { type: 'home' }, open_app: { app: 'com.x' }, close_app: { app: 'com.y' }, wait: { time: 700 },
    output: { text: 'o' }, finish: { text: 'f' },
  } as const;
  assert.deepEqual(Object.keys(calls).sort(), [...TOOL_NAMES].sort());
  for (const [name, args] of Object.entries(calls)) {
    const r = toAction({ name, args: structuredClone(args) as Record<string, unknown> });
    assert.ok(r.ok, `${name}: ${!r.ok && r.reason}`);
    if (r.ok) assert.deepEqual(actionToCall(r.action), { name, args }, name);
  }
});

test('points under any known key, nested or flat, truncated like int()', () => {
  assert.deepEqual(extractPoint({ coordinate: [10.9, '20'] }), { x: 10, y: 20 });
  assert.deepEqual(extractPoint({ point: [[1, 2], [3, 4]] }, 1), { x: 3, y: 4 });
  assert.deepEqual(extractPoint({ coordinates: [7, 8] }), { x: 7, y: 8 });
  assert.equal(extractPoint({ points: [] }), undefined);
  assert.equal(extractPoint({ points: [['a', 1]] }), undefined);
  assert.equal(extractPoint({ points: [[1, 2]] }, 1), undefined);
});

test('bad arguments and unknown tools give a reason, not an exception', () => {
  for (const [name, args, re] of [
    ['click', {}, /needs a point/], ['scroll', { points: [[1, 2]] }, /two points/], ['button_press', { type: 'power' }, /back\/home\/menu\/enter/],
    ['open_app', {}, /package/], ['teleport', {}, /unknown tool 'teleport'/],
  ] as const) {
    const r = toAction({ name, args });
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.reason, re);
  }
});

test('reference fallbacks: wait default, direction-only scroll, terminal aliases', () => {
  assert.deepEqual(toAction({ name: 'wait', args: {} }), { ok: true, action: { type: 'wait', ms: 1000 } });
  const s = toAction({ name: 'swipe', args: { direction: 'up' } });
  assert.deepEqual(s.ok && s.action, { type: 'scroll', from: { x: 500, y: 500 }, to: { x: 500, y: 200 }, durationMs: undefined, tool: 'swipe' });
  for (const t of ['answer', 'terminate', 'call_user']) {
    const r = toAction({ name: t, args: { text: 'x' } });
    assert.deepEqual(r.ok && r.action, { type: 'finish', text: 'x', tool: t });
  }
});
