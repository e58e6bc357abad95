import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EpisodeEvent, StepRecord } from '../agent/events';
import { parseHostMessage } from '../webview-protocol/device-panel';
import { overlayForEvent } from './agent-overlay';

const timings = { screenshot: 0, uiTree: 0, model: 0, parse: 0, action: 0, total: 0 };
const acted = (record: Partial<StepRecord>): EpisodeEvent => ({ type: 'acted', episodeId: 'e', step: 1, record: { step: 1, thought: '', status: 'ok', timings, ...record } });

test('episode events become overlay drawings in device pixels', () => {
  assert.deepEqual(overlayForEvent(acted({ action: { type: 'click', point: { x: 500, y: 500 } }, pixels: [{ x: 540, y: 1200 }] })), [{ kind: 'tap', x: 540, y: 1200 }]);
  assert.deepEqual(overlayForEvent(acted({ action: { type: 'scroll', from: { x: 1, y: 2 }, to: { x: 3, y: 4 }, tool: 'scroll' }, pixels: [{ x: 10, y: 20 }, { x: 30, y: 40 }] })),
    [{ kind: 'swipe', from: { x: 10, y: 20 }, to: { x: 30, y: 40 } }]);
  assert.deepEqual(overlayForEvent(acted({ action: { type: 'type', text: 'hello' } })), [{ kind: 'type', text: 'hello' }]);
  assert.deepEqual(overlayForEvent({ type: 'decided', episodeId: 'e', step: 2, decision: { thought: 'Open the Notes app', source: 'openai' } }),
    [{ kind: 'thought', text: 'Open the Notes app', step: 2 }]);
  assert.equal(overlayForEvent({ type: 'episode-started', episodeId: 'e', goal: 'g', deviceId: 'mock:1', policy: 'human', maxSteps: 5 })[0].kind, 'clear');
  assert.deepEqual(overlayForEvent({ type: 'step-started', episodeId: 'e', step: 1 }), []);
  // A step back voids the later steps: their marks and the later step's thought go.
  const back = overlayForEvent({ type: 'rewound', episodeId: 'e', step: 3 });
  assert.equal(back[0].kind, 'clear');
  assert.match(back[1].kind === 'thought' ? back[1].text : '', /^Stepped back to step 3/);
  // A local model streams its thought: the overlay shows it growing, without tags or the call.
  assert.deepEqual(overlayForEvent({ type: 'model-text', episodeId: 'e', step: 3, text: 'Tap the' }), [{ kind: 'thought', text: 'Tap the', step: 3 }]);
  assert.deepEqual(overlayForEvent({ type: 'model-text', episodeId: 'e', step: 3, text: 'Tap the button.</think>\n<tool_call>\n{"na' }), [{ kind: 'thought', text: 'Tap the button.', step: 3 }]);
});

test('every drawing is a valid host message', () => {
  const actions = [
    ...overlayForEvent(acted({ action: { type: 'long_press', point: { x: 1, y: 1 } }, pixels: [{ x: 1, y: 1 }] })),
    ...overlayForEvent(acted({ action: { type: 'button_press', button: 'back' } })),
    ...overlayForEvent(acted({ action: { type: 'open_app', app: 'com.x' } })),
    ...overlayForEvent(acted({ action: { type: 'type', text: 'x'.repeat(9000) } })),
  ];
  assert.equal(actions.length, 4);
  for (const action of actions) assert.ok(parseHostMessage({ type: 'overlay', layer: 'agent', action }).ok);
});
