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
    [{ action_type: 'fly' }, /^JSONAction\.action_type: expected one of click, .*, got "fly"$/],
    [{ action_type: 'click', x: 1, y: 2, extra: 1 }, /^JSONAction\.extra: unexpected field$/],
    [{ action_type: 'scroll', direction: 'sideways' }, /^JSONAction\.direction: expected one of up, down, left, right, got "sideways"$/],
    [{ action_type: 'click', x: '5', y: 2 }, /^JSONAction\.x: expected a finite number, got "5"$/],
    [[{ action_type: 'click' }], /^JSONAction/],
    [{ action_type: 'click' }, /needs x and y/],
  ] as const) {
    const r = await fetch(`${server.url}/execute_action`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(r.status, 422);
    assert.match(((await r.json()) as { detail: string }).detail, re);
  }
});

test('every action type and field reaches the phone, with the reference actuation', async () => {
  await client.initializeTask('notes.save', 0);
  phone.log.length = 0;
  const actions = [
    { action_type: 'open_app', app_name: 'Notes' }, { action_type: 'click', x: 200, y: 140 },
    { action_type: 'input_text', text: 'al', clear_text: false }, { action_type: 'double_tap', x: 5, y: 5 },
    { action_type: 'long_press', x: 10, y: 10 }, { action_type: 'swipe', x: 200, y: 700, x2: 200, y2: 300, duration: 250 },
    { action_type: 'scroll', direction: 'down' }, { action_type: 'scroll', direction: 'left', index: 0 },
    { action_type: 'swipe', direction: 'up' }, { action_type: 'swipe', direction: 'left' },
    { action_type: 'keyboard_enter' }, { action_type: 'status', goal_status: 'complete' },
    { action_type: 'unknown', keycode: 'KEYCODE_TAB' }, { action_type: 'click', index: 1 },
    { action_type: 'input_text', text: '' },
  ] as const;
  for (const a of actions) await client.executeAction(a);
  assert.ok(phone.log.includes(`open ${NOTES_PKG}`));
  // input_text types, then presses Enter (AndroidWorld's actuation does)
  assert.deepEqual(phone.log.slice(phone.log.indexOf('type al'), phone.log.indexOf('type al') + 2), ['type al', 'key enter']);
  assert.equal(phone.log.filter((l) => l.startsWith('type')).length, 1, 'empty text types nothing');
  assert.ok(phone.log.includes('swipe 200,700->200,300 250'));
  const swipes = phone.log.filter((l) => l.startsWith('swipe')).slice(1);
  assert.deepEqual(swipes, [
    'swipe 200,400->200,0 300', // scroll down: screen centre to the top edge (content moves down the list)
    'swipe 200,400->399,400 300', // index 0 is "no element" for scroll: the whole screen
    'swipe 200,799->200,0 500', // direction-only swipe: edge to edge
    'swipe 0,400->399,400 500',
  ], phone.log.join('\n'));
  assert.ok(phone.log.includes('key tab'));
  await client.executeAction({ action_type: 'navigate_back' });
  await client.executeAction({ action_type: 'navigate_home' });
  assert.equal(phone.foreground, undefined);
  await client.tearDownTask('notes.save', 0);
});

test('wait without a duration takes one second of real time on a phone without a virtual clock', async () => {
  phone.log.length = 0;
  const t0 = performance.now();
  await client.executeAction({ action_type: 'wait' });
  assert.ok(performance.now() - t0 >= 990);
  assert.ok(!phone.log.some((l) => l.startsWith('wait')));
});

test('required query parameters, task families, task_length, template, close: as the reference server', async () => {
  const get = async (method: string, path: string) => {
    const r = await fetch(`${server.url}${path}`, { method });
    return { status: r.status, body: await r.json() as Record<string, unknown> };
  };
  const missing = await get('POST', '/reset');
  assert.equal(missing.status, 422);
  assert.deepEqual(missing.body.detail, [{ type: 'missing', loc: ['query', 'go_home'], msg: 'Field required', input: null }]);
  const two = await get('POST', '/task/initialize');
  assert.deepEqual((two.body.detail as { loc: string[] }[]).map((d) => d.loc[1]), ['task_type', 'task_idx']);
  assert.equal((await get('GET', '/screenshot')).status, 422);
  assert.equal((await get('GET', '/suite/task_list')).status, 422);
  const notBool = await get('POST', '/reset?go_home=maybe');
  assert.equal((notBool.body.detail as { type: string }[])[0].type, 'bool_parsing');
  const notInt = await get('GET', '/task/goal?task_type=notes.save&task_idx=one');
  assert.equal((notInt.body.detail as { type: string }[])[0].type, 'int_parsing');
  assert.deepEqual(await get('POST', '/reset?go_home=False'), { status: 200, body: { status: 'success', message: 'Environment reset with go_home=False.' } });
  assert.deepEqual(await get('GET', '/suite/task_list?max_index=-1'), { status: 200, body: { task_list: ['notes.save', 'notes.other'] } });
  const bad = await get('GET', '/suite/reinitialize?task_family=miniwob');
  assert.deepEqual(bad, { status: 400, body: { detail: 'Invalid task family: miniwob' } });
  assert.equal((await get('GET', '/suite/reinitialize?task_family=android_world&seed=3')).status, 200);
  assert.deepEqual(await get('GET', '/suite/task_length?task_type=notes.save'), { status: 200, body: { length: 2 } });
  assert.equal((await get('GET', '/suite/task_length')).status, 422);
  const tpl = await get('GET', '/task/template?task_type=notes.save&task_idx=0');
  assert.equal(tpl.status, 200);
  assert.equal(typeof tpl.body.template, 'string');
  assert.deepEqual(await get('POST', '/close'), { status: 200, body: { status: 'success' } });
  assert.equal((await get('GET', '/close')).status, 405);
  assert.equal(await client.health(), true, 'the phone outlives /close');
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
