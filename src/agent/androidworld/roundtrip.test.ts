// Our AndroidWorld client against our AndroidWorld server on loopback (port 0): the suite,
// goal, initialise, every action type, screenshot both as pixels JSON and PNG, score.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startAndroidWorldServer, type AndroidWorldServer } from './server';
import { AndroidWorldClient, AndroidWorldDevice } from '../../device/androidworld/client';
import { androidWorldTasks } from './remote-tasks';
import { runEpisode } from '../episode';
import type { Policy, PolicyDecision } from '../policy';
import { TinyPhone, NOTES_PKG } from '../testing/tiny-phone';
import { saveNoteTask } from '../testing/tiny-tasks';

let phone: TinyPhone;
let server: AndroidWorldServer;
let client: AndroidWorldClient;

before(async () => {
  phone = new TinyPhone();
  const tasks = [saveNoteTask(phone, 'alpha'), saveNoteTask(phone, 'beta'), { ...saveNoteTask(phone, 'x'), taskId: 'notes.other', instanceId: 'notes.other#0' }];
  server = await startAndroidWorldServer({ phone, tasks, port: 0, appNames: { Notes: NOTES_PKG } });
  client = new AndroidWorldClient(server.url);
});
after(async () => { await server.close(); });

test('health, task list, goal, unknown task', async () => {
  assert.equal(await client.health(), true);
  assert.deepEqual(await client.taskList(), ['notes.save', 'notes.other']);
  assert.deepEqual(await client.taskList(1), ['notes.save']);
  assert.equal(await client.taskGoal('notes.save', 1), 'Save a note saying "beta" in Notes');
  await assert.rejects(client.taskGoal('nope'), /HTTP 404: .*unknown task_type 'nope'/);
  await assert.rejects(client.taskGoal('notes.save', 7), /out of range/);
});

test('screenshot: pixels JSON for the reference client, PNG for ours, same pixels', async () => {
  const res = await fetch(`${server.url}/screenshot?wait_to_stabilize=false`);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  const { pixels } = await res.json() as { pixels: number[][][] };
  assert.equal(pixels.length, 800);
  assert.equal(pixels[0].length, 400);
  assert.equal(pixels[0][0].length, 3);
  const rgb = await client.screenshotRgb();
  assert.equal(rgb.width, 400);
  assert.equal(rgb.height, 800);
  assert.deepEqual([...rgb.rgb.subarray(0, 3)], pixels[0][0]);
});

test('execute_action rejects what AndroidWorld rejects', async () => {
  for (const [body, re] of [
    [{ action_type: 'fly' }, /action_type must be one of/],
    [{ action_type: 'click', x: 1, y: 2, extra: 1 }, /unknown JSONAction field 'extra'/],
    [{ action_type: 'scroll', direction: 'sideways' }, /direction must be/],
    [{ action_type: 'click' }, /needs x and y/],
  ] as const) {
    const r = await fetch(`${server.url}/execute_action`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(r.status, 422);
    assert.match(((await r.json()) as { detail: string }).detail, re);
  }
});

test('every action type and field reaches the phone', async () => {
  await client.initializeTask('notes.save', 0);
  phone.log.length = 0;
  const actions = [
    { action_type: 'open_app', app_name: 'Notes' }, { action_type: 'click', x: 200, y: 140 },
    { action_type: 'input_text', text: 'al', clear_text: false }, { action_type: 'double_tap', x: 5, y: 5 },
    { action_type: 'long_press', x: 10, y: 10 }, { action_type: 'swipe', x: 200, y: 700, x2: 200, y2: 300, duration: 250 },
    { action_type: 'scroll', direction: 'down' }, { action_type: 'scroll', direction: 'left', index: 0 },
    { action_type: 'keyboard_enter' }, { action_type: 'wait' }, { action_type: 'status', goal_status: 'complete' },
    { action_type: 'unknown', keycode: 'KEYCODE_TAB' }, { action_type: 'click', index: 1 },
  ] as const;
  for (const a of actions) await client.executeAction(a);
  assert.ok(phone.log.includes(`open ${NOTES_PKG}`));
  assert.ok(phone.log.includes('type al'));
  assert.ok(phone.log.includes('swipe 200,700->200,300 250'));
  // scroll down = content down = finger up.
  assert.ok(phone.log.includes('swipe 200,600->200,200 500'), phone.log.join('\n'));
  assert.ok(phone.log.includes('key tab'));
  assert.ok(phone.log.includes('wait 1000'));
  assert.equal(phone.scrolls, 3);
  await client.executeAction({ action_type: 'navigate_back' });
  await client.executeAction({ action_type: 'navigate_home' });
  assert.equal(phone.foreground, undefined);
  await client.tearDownTask('notes.save', 0);
});

test('a full episode from our runner through the AndroidWorld API scores on our verifier', async () => {
  const [task] = await androidWorldTasks(client, { only: ['notes.save'] });
  const device = new AndroidWorldDevice(client);
  const script: [string, object][] = [['open_app', { package: 'Notes' }], ['click', { points: [[500, 175]] }], ['type', { text: 'alpha' }], ['click', { points: [[263, 425]] }], ['finish', { text: 'saved' }]];
  let i = 0;
  const policy: Policy = { name: 'script', async next(): Promise<PolicyDecision> { const [name, args] = script[i++]; return { kind: 'call', call: { name, args: args as Record<string, unknown> } }; } };
  phone.saved.length = 0;
  phone.fieldText = ''; // left over from the action test
  const s = await runEpisode({ device, policy, task });
  assert.equal(task.goal, 'Save a note saying "alpha" in Notes');
  assert.equal(s.goal, task.goal);
  assert.equal(s.terminatedBy, 'finish', `${s.reason} ${JSON.stringify(s.steps.map((r) => r.error))}`);
  assert.equal(s.success, true, JSON.stringify(s.verify));
  assert.equal(s.score, 1);
  assert.deepEqual(phone.saved, ['alpha']);
  assert.equal(device.lastAnswer, 'saved');
});

test('a server that goes away is a disconnected device, not a crash', async () => {
  const gone = new AndroidWorldClient('http://127.0.0.1:9', { timeoutMs: 2000 });
  assert.equal(await gone.health(), false);
  const d = new AndroidWorldDevice(gone);
  const s = await runEpisode({ device: d, goal: 'g', policy: { name: 'p', async next() { return { kind: 'call', call: { name: 'wait', args: {} } }; } } });
  assert.equal(s.terminatedBy, 'device-disconnected');
});
