import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTrajectoryHostMessage, parseViewerMessage, toViewer } from './trajectory-viewer';

test('viewer → host: well-formed messages parse; bad indexes, unknown types and extra fields are refused by name', () => {
  assert.deepEqual(parseViewerMessage({ type: 'wantStep', index: 3 }), { ok: true, message: { type: 'wantStep', index: 3 } });
  for (const [raw, why] of [
    [{ type: 'wantStep', index: 0 }, /wantStep\.index: 0 is below the minimum 1/],
    [{ type: 'wantStep', index: 1.5 }, /integer/],
    [{ type: 'openTask', path: '/etc/passwd' }, /openTask\.path: unexpected field/],
    [{ type: 'eval', code: '1' }, /unknown viewer message type "eval"/],
    [{ type: 'shown', index: 1, label: 'x', thought: '', marks: ['hacked'], imageLoaded: true, drawn: true, rowsInDom: 3 }, /shown\.marks\[0\]/],
  ] as const) {
    const r = parseViewerMessage(raw);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.error : '', why);
  }
});

test('host → viewer: a step may only name a step file, never a path', () => {
  const step = (file: string) => toViewer('steps', { from: 0, items: [{ index: 1, time: 't', status: 'ok', source: 's', tool: 'click', label: 'click', thought: '', marks: [], image: { file, width: 10, height: 10 } }] });
  assert.equal(parseTrajectoryHostMessage(step('0001.jpg')).ok, true);
  for (const bad of ['../../secret.jpg', '0001.jpg/../x', 'https://evil/0001.jpg', '0001.svg']) {
    const r = parseTrajectoryHostMessage(step(bad));
    assert.equal(r.ok, false, bad);
    assert.match(!r.ok ? r.error : '', /steps\.items\[0\]\.image\.file/);
  }
});
