import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EpisodeEvent } from '../agent/events';
import { HumanPolicy } from '../agent/policies/human';
import { HumanPolicyBridge, gestureToAction } from './human-bridge';

const screen = { width: 1080, height: 2400, density: 440 };

function source() {
  const ls = new Set<(e: EpisodeEvent) => void>();
  return { onAny: (l: (e: EpisodeEvent) => void) => { ls.add(l); return () => ls.delete(l); }, emit: (e: EpisodeEvent) => ls.forEach((l) => l(e)) };
}

test('the panel acts as the human policy while its turn is pending', async () => {
  const policy = new HumanPolicy();
  const bridge = new HumanPolicyBridge();
  const events = source();
  const changes: string[] = [];
  bridge.onDidChange((id) => changes.push(id));
  bridge.attach('mock:1', policy, events);
  events.emit({ type: 'episode-started', episodeId: 'e', goal: 'Open Notes', deviceId: 'mock:1', policy: 'human', maxSteps: 3 });
  assert.equal(bridge.pending('mock:1'), undefined, 'no turn before the loop observes');
  events.emit({ type: 'observed', episodeId: 'e', step: 1, observation: { step: 1, screen } });
  assert.deepEqual(bridge.pending('mock:1'), { goal: 'Open Notes', step: 1 });
  assert.deepEqual(bridge.submit('mock:1', { kind: 'tap', at: { x: 540, y: 1200 } }), { ok: true });
  assert.equal(policy.pending, 1);
  const ctl = new AbortController();
  const decision = await policy.next({ signal: ctl.signal } as never);
  assert.deepEqual(decision, { kind: 'call', call: { name: 'click', args: { points: [[500, 500]] } }, thought: '' });
  assert.equal(bridge.pending('mock:1'), undefined, 'one action per turn');
  // A gesture made while the loop carries out the step waits in the policy's queue, in order.
  assert.equal(bridge.submit('mock:1', { kind: 'tap', at: { x: 1, y: 1 } }).ok, true);
  assert.equal(policy.pending, 1);
  events.emit({ type: 'finished', episodeId: 'e', summary: {} as never });
  assert.ok(changes.length >= 3);
});

test('gestures map to the model vocabulary; keys it lacks are explained', () => {
  assert.deepEqual(gestureToAction({ kind: 'swipe', from: { x: 540, y: 1800 }, to: { x: 540, y: 600 }, durationMs: 300 }, screen),
    { type: 'scroll', from: { x: 500, y: 750 }, to: { x: 500, y: 250 }, durationMs: 300, tool: 'scroll' });
  assert.deepEqual(gestureToAction({ kind: 'key', key: 'back' }, screen), { type: 'button_press', button: 'back' });
  assert.match(String(gestureToAction({ kind: 'key', key: 'dpad_up' }, screen)), /no 'dpad_up' key/);
});

test('a demonstration turn takes a thought note: it becomes the step thought, once, for its own step only', async () => {
  const policy = new HumanPolicy();
  const bridge = new HumanPolicyBridge();
  const events = source();
  bridge.attach('mock:1', policy, events, { notes: true });
  const ctl = new AbortController();
  const next = () => policy.next({ signal: ctl.signal } as never);
  events.emit({ type: 'observed', episodeId: 'e', step: 1, observation: { step: 1, screen } });
  assert.deepEqual(bridge.pending('mock:1'), { goal: '', step: 1, notes: true });
  bridge.setNote('mock:1', 2, 'a note for a step not yet waiting');
  bridge.setNote('mock:1', 1, '  The list is empty, so I open the editor.  ');
  bridge.submit('mock:1', { kind: 'tap', at: { x: 540, y: 1200 } });
  assert.deepEqual(await next(), { kind: 'call', call: { name: 'click', args: { points: [[500, 500]] } }, thought: 'The list is empty, so I open the editor.' });
  bridge.setNote('mock:1', 1, 'too late: the turn is over');
  events.emit({ type: 'observed', episodeId: 'e', step: 2, observation: { step: 2, screen } });
  bridge.submit('mock:1', { kind: 'key', key: 'back' });
  assert.equal((await next() as { thought: string }).thought, '', 'the next step starts without a note');
});

test('outside a demonstration no note is offered or taken', async () => {
  const policy = new HumanPolicy();
  const bridge = new HumanPolicyBridge();
  const events = source();
  bridge.attach('mock:1', policy, events);
  events.emit({ type: 'observed', episodeId: 'e', step: 1, observation: { step: 1, screen } });
  assert.equal(bridge.pending('mock:1')?.notes, undefined);
  bridge.setNote('mock:1', 1, 'ignored');
  bridge.submit('mock:1', { kind: 'tap', at: { x: 540, y: 1200 } });
  assert.equal((await policy.next({ signal: new AbortController().signal } as never) as { thought: string }).thought, '');
});

test('letters typed on a human turn are one type action when the typing ends; a later tap goes after it; gestures made while the loop is busy queue in order', async () => {
  const policy = new HumanPolicy();
  const bridge = new HumanPolicyBridge();
  const events = source();
  bridge.attach('mock:1', policy, events, { typingIdleMs: 60_000, budget: 1 });
  assert.equal(bridge.driving('mock:1'), true);
  events.emit({ type: 'observed', episodeId: 'e', step: 1, observation: { step: 1, screen } });
  for (const k of 'Buy milk') assert.deepEqual(bridge.submit('mock:1', { kind: 'type', text: k }), { ok: true });
  assert.equal(bridge.pending('mock:1')?.composing, 'Buy milk', 'the panel shows what is being typed');
  assert.equal(policy.pending, 0, 'nothing goes to the loop while the burst is open');
  bridge.submit('mock:1', { kind: 'tap', at: { x: 540, y: 1200 } });
  bridge.submit('mock:1', { kind: 'type', text: '!' });
  bridge.flushTyping('mock:1');
  const ctl = new AbortController();
  const calls = [];
  for (let i = 0; i < 3; i++) calls.push((await policy.next({ signal: ctl.signal } as never) as { call: unknown }).call);
  assert.deepEqual(calls, [
    { name: 'type', args: { text: 'Buy milk' } },
    { name: 'click', args: { points: [[500, 500]] } },
    { name: 'type', args: { text: '!' } },
  ]);
  events.emit({ type: 'observed', episodeId: 'e', step: 2, observation: { step: 2, screen } });
  assert.equal(bridge.pending('mock:1')?.budget, 1, 'the task budget is shown (step 2 is past it)');
  events.emit({ type: 'finished', episodeId: 'e', summary: {} as never });
  assert.equal(bridge.driving('mock:1'), false);
});
