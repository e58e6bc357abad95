import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Episode, runEpisode } from './episode';
import type { EpisodeEvent } from './events';
import type { Policy, PolicyDecision } from './policy';
import { SolutionPolicy } from './policies/solution';
import { HumanPolicy } from './policies/human';
import { TinyPhone, NOTES_PKG } from './testing/tiny-phone';
import { saveNoteTask } from './testing/tiny-tasks';

/** A model-like policy that returns canned raw outputs in order. */
function scripted(outputs: string[]): Policy & { requests: unknown[] } {
  let i = 0;
  const requests: unknown[] = [];
  return {
    name: 'scripted', requests,
    async next(ctx): Promise<PolicyDecision> {
      requests.push(ctx.request());
      const o = outputs[i++];
      return o === undefined ? { kind: 'exhausted', message: 'script done' } : { kind: 'text', output: { content: o } };
    },
  };
}
const call = (name: string, args: object, think = 'ok'): string => `<think>${think}</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

test('solution policy completes a task; events arrive in order with timings; verifier passes', async () => {
  const phone = new TinyPhone();
  const task = saveNoteTask(phone, 'héllo 你好');
  const events: EpisodeEvent[] = [];
  const s = await runEpisode({ device: phone, policy: new SolutionPolicy(), task }, (e) => events.push(e));
  assert.equal(s.terminatedBy, 'finish');
  assert.equal(s.success, true, JSON.stringify(s.verify));
  assert.equal(s.answer, 'saved héllo 你好');
  assert.equal(s.steps.length, 5);
  assert.deepEqual(phone.saved, ['héllo 你好']);
  const kinds = events.filter((e) => e.type !== 'state').map((e) => e.type);
  assert.equal(kinds[0], 'episode-started');
  assert.deepEqual(kinds.slice(1, 5), ['step-started', 'observed', 'decided', 'acted']);
  assert.deepEqual(kinds.slice(-2), ['verified', 'finished']);
  for (const r of s.steps) {
    for (const k of ['screenshot', 'uiTree', 'model', 'parse', 'action', 'total'] as const) assert.ok(r.timings[k] >= 0);
    assert.ok(r.timings.total >= r.timings.screenshot + r.timings.action);
  }
  // Taps record the node under the finger, observed before acting.
  assert.equal(s.steps[1].targetNode?.['resource-id'], `${NOTES_PKG}:id/field`);
  assert.equal(s.steps[3].targetNode?.text, 'Save');
  // Selector targets become 0–1000 points like the model writes.
  assert.deepEqual(s.steps[3].call?.args.points, [[263, 425]]);
});

test('model output path: request holds history; garbage and unknown tools are failed steps, then recovery', async () => {
  const phone = new TinyPhone();
  const policy = scripted([
    call('open_app', { package: NOTES_PKG }, 'Open notes.'),
    'I am confused }{',
    call('teleport', { to: 'moon' }),
    call('click', { points: [[500, 175]] }),
    call('type', { text: 'hi' }),
    call('click', { points: [[263, 425]] }),
    call('finish', { text: 'done' }),
  ]);
  const s = await runEpisode({ device: phone, policy, task: saveNoteTask(phone, 'hi') });
  assert.equal(s.terminatedBy, 'finish');
  assert.equal(s.success, true);
  assert.deepEqual(s.steps.map((r) => r.status), ['ok', 'failed', 'failed', 'ok', 'ok', 'ok', 'ok']);
  assert.match(s.steps[1].error ?? '', /unparsable model output \(no-tool-call\)/);
  assert.equal(s.steps[1].raw, 'I am confused }{');
  assert.match(s.steps[2].error ?? '', /unknown tool 'teleport'/);
  // History: the unknown tool is in it (as the reference), the unparsable step is not.
  const last = policy.requests.at(-1) as { content: { text?: string }[] }[];
  const text = (last[1].content[2] as { text: string }).text;
  assert.match(text, /- Step 1:\nThought: Open notes.\nAction: open_app\(\{"app": "com.example.notes"\}\)/);
  assert.match(text, /Action: teleport\(\{\}\)/);
  assert.equal((text.match(/- Step /g) ?? []).length, 5);
  assert.match((last[1].content[1] as { image_url: { url: string } }).image_url.url, /^data:image\/jpeg;base64,\/9j\//);
});

test('error policy: N consecutive failures stop the episode with a clear reason', async () => {
  const phone = new TinyPhone();
  const s = await runEpisode({ device: phone, policy: scripted(['x', 'y', 'z', 'never']), maxConsecutiveErrors: 3, goal: 'g' });
  assert.equal(s.terminatedBy, 'errors');
  assert.equal(s.steps.length, 3);
  assert.match(s.reason, /3 failed steps in a row; last: unparsable model output/);
});

test('failed action (unknown package) is recorded with the device message and counted', async () => {
  const phone = new TinyPhone();
  const s = await runEpisode({ device: phone, policy: scripted([call('open_app', { package: 'com.nope' }), call('finish', { text: 'x' })]), goal: 'g' });
  assert.equal(s.steps[0].status, 'failed');
  assert.match(s.steps[0].error ?? '', /open_app com.nope failed: No activities found/);
  assert.equal(s.terminatedBy, 'finish');
});

test('out-of-range coordinates are clamped to the screen, as the reference', async () => {
  const phone = new TinyPhone();
  const s = await runEpisode({ device: phone, policy: scripted([call('click', { points: [[5000, -30]] }), call('finish', { text: '' })]), goal: 'g' });
  assert.deepEqual(s.steps[0].pixels, [{ x: 399, y: 0 }]);
  assert.equal(s.steps[0].status, 'ok');
});

test('step budget ends the episode as max-steps and still verifies', async () => {
  const phone = new TinyPhone();
  const s = await runEpisode({ device: phone, policy: scripted(Array(20).fill(call('wait', { time: 100 }))), task: saveNoteTask(phone, 'a'), maxSteps: 4 });
  assert.equal(s.terminatedBy, 'max-steps');
  assert.equal(s.steps.length, 4);
  assert.equal(phone.clock, 400);
  assert.equal(s.verify?.passed, false);
  assert.equal(s.success, false);
});

test('a device that disconnects mid-episode ends it with a recorded reason', async () => {
  const phone = new TinyPhone({ disconnectAfterCalls: 12 });
  const s = await runEpisode({ device: phone, policy: new SolutionPolicy(), task: saveNoteTask(phone, 'a') });
  assert.equal(s.terminatedBy, 'device-disconnected');
  assert.match(s.reason, /disconnected/);
  assert.ok(s.error);
  assert.equal(s.verify, undefined);
});

test('pause hook sees each action before it runs and can replace it', async () => {
  const phone = new TinyPhone();
  const seen: string[] = [];
  const s = await runEpisode({
    device: phone, goal: 'g', policy: scripted([call('button_press', { type: 'home' }), call('finish', { text: 'a' })]),
    beforeAction: ({ action }) => {
      seen.push(action.type);
      if (action.type === 'button_press') return { type: 'open_app', app: NOTES_PKG };
    },
  });
  assert.deepEqual(seen, ['button_press', 'finish']);
  assert.equal(phone.foreground, NOTES_PKG);
  assert.deepEqual(s.steps[0].call, { name: 'open_app', args: { app: NOTES_PKG } });
});

test('abort signal stops a waiting human policy; human actions are executed in order', async () => {
  const phone = new TinyPhone();
  const human = new HumanPolicy();
  const ac = new AbortController();
  const ep = new Episode({ device: phone, policy: human, goal: 'g', signal: ac.signal });
  const acted: number[] = [];
  ep.on('acted', (e) => {
    acted.push(e.step);
    if (e.step === 2) setTimeout(() => ac.abort(new Error('user pressed stop')), 5);
  });
  human.push({ type: 'open_app', app: NOTES_PKG });
  human.push({ call: { name: 'click', args: { points: [[500, 175]] } }, thought: 'focus the field' });
  const s = await ep.run();
  assert.deepEqual(acted, [1, 2]);
  assert.equal(s.terminatedBy, 'aborted');
  assert.match(s.reason, /user pressed stop/);
  assert.equal(phone.focused, true);
  assert.equal(s.steps[1].thought, 'focus the field');
});

test('a throwing listener does not break the loop', async () => {
  const phone = new TinyPhone();
  const ep = new Episode({ device: phone, policy: new SolutionPolicy(), task: saveNoteTask(phone, 'z') });
  const errors: unknown[] = [];
  ep.onListenerError = (e) => errors.push(e);
  ep.on('observed', () => { throw new Error('bad listener'); });
  const s = await ep.run();
  assert.equal(s.success, true);
  assert.equal(errors.length, 5);
});

test('solution selector that matches nothing fails the step and retries the same step', async () => {
  const phone = new TinyPhone();
  const task = saveNoteTask(phone, 'q', { solution: [{ tool: 'click', args: {}, target: { text: 'Nowhere' } }] });
  const s = await runEpisode({ device: phone, policy: new SolutionPolicy(), task, maxConsecutiveErrors: 2 });
  assert.equal(s.terminatedBy, 'errors');
  assert.match(s.reason, /no UI node matches text="Nowhere"/);
});

test('every change of the loop\'s state is a state event, from the one place that changes it', async () => {
  const phone = new TinyPhone();
  const task = saveNoteTask(phone, 'state');
  const ep = new Episode({ device: phone, policy: new SolutionPolicy(), task });
  const seen: string[] = [];
  let from = ep.state;
  ep.on('state', (e) => {
    assert.equal(e.from, from, 'each event starts where the last one ended');
    assert.equal(ep.state, e.state, 'the getter already says the new state');
    seen.push(e.state);
    from = e.state;
  });
  const s = await ep.run();
  assert.equal(s.success, true);
  assert.deepEqual(seen.slice(0, 7), ['setting-up', 'step-start', 'observing', 'inferring', 'acting', 'recording', 'step-end']);
  assert.deepEqual(seen.slice(-2), ['verifying', 'done']);
  assert.equal(seen.filter((x) => x === 'step-start').length, s.steps.length);
});
