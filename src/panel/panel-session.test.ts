import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeviceRegistry } from './devices/registry';
import { webviewPort } from './testing/webview-port';
import { RecordingDevice } from '../device/testing/recording-device';
import { ToolbarRegistry, type HumanTurnBridge } from './extension-points';
import type { PanelGesture } from './input';
import { PanelSession } from './panel-session';

function setup(opts: { humanTurns?: HumanTurnBridge } = {}) {
  // Whatever the host sends must pass the webview's own validation.
  const { port, sent, of, fromWebview } = webviewPort();
  const registry = new DeviceRegistry();
  const device = new RecordingDevice('mock:1');
  registry.add(device, 'Mock phone 1', async () => { const d = new RecordingDevice('mock:1'); return d; });
  const logs: string[] = [];
  const copied: string[] = [];
  const toolbar = new ToolbarRegistry();
  const session = new PanelSession(port, {
    registry, toolbar, humanTurns: opts.humanTurns,
    log: (_l, m) => logs.push(m), copyText: async (t) => { copied.push(t); }, frameEncoding: () => 'base64',
  }, 'mock:1');
  return { sent, of, port, registry, device, session, logs, copied, toolbar, fromWebview };
}

test('ready gets the device list, toolbar and state; a visible panel streams, a hidden one does not', async () => {
  const t = setup();
  await t.session.receive({ type: 'ready' });
  assert.deepEqual(t.of('devices').at(-1)?.devices, [{ id: 'mock:1', label: 'Mock phone 1', kind: 'mock', online: true }]);
  assert.ok(t.of('toolbar').length >= 1);
  await sleep(10);
  assert.equal(t.of('frame').length, 0, 'hidden: no frames');
  t.session.setVisible(true);
  await sleep(10);
  const [frame] = t.of('frame');
  assert.equal(frame.width, 1080);
  assert.equal(Buffer.from(frame.data!, 'base64').toString(), 'frame-1');
  t.session.dispose();
});

test('a tap goes to the device; the next frame names the input it reflects', async () => {
  const t = setup();
  t.session.setVisible(true);
  await sleep(10);
  await t.session.receive({ type: 'frameAck', seq: t.of('frame')[0].seq });
  const tapDone = t.session.receive({ type: 'tap', x: 100, y: 200, inputSeq: 5 });
  t.device.emit({ type: 'changed' });
  assert.deepEqual(await tapDone, { accepted: true, type: 'tap' });
  await sleep(10);
  assert.deepEqual(t.device.calls[0], { op: 'tap', args: [{ x: 100, y: 200 }] });
  assert.equal(t.of('frame').at(-1)?.inputSeq, 5);
  t.session.dispose();
});

test('forged messages: bad coordinates, unknown types and garbage never reach the device', async () => {
  const t = setup();
  t.session.setVisible(true);
  await sleep(10);
  const outcomes = [
    await t.session.receive({ type: 'tap', x: 5000, y: 10, inputSeq: 1 }),
    await t.session.receive({ type: 'tap', x: -3, y: 10, inputSeq: 2 }),
    await t.session.receive({ type: 'tap', x: 'NaN', y: 10, inputSeq: 3 }),
    await t.session.receive({ type: 'swipe', from: { x: 1, y: 1 }, to: { x: 1, y: 1e5 }, durationMs: 100, inputSeq: 4 }),
    await t.session.receive({ type: 'runShell', command: 'reboot' }),
    await t.session.receive('tap'),
  ];
  assert.ok(outcomes.every((o) => !o.accepted));
  assert.equal(t.device.calls.length, 0);
  const rejected = t.of('inputRejected');
  assert.equal(rejected.length, 5, 'unknown types are ignored quietly, the rest explained');
  assert.match(rejected[0].reason, /outside the 1080×2400 screen/);
  assert.equal(rejected[0].inputSeq, 1);
  assert.ok(t.logs.some((l) => /ignored unknown panel message type "runShell"/.test(l)));
  t.session.dispose();
});

test('a huge paste is refused with a clear message', async () => {
  const t = setup();
  t.session.setVisible(true);
  await sleep(10);
  await t.session.receive({ type: 'type', text: 'y'.repeat(20_000), inputSeq: 9 });
  assert.equal(t.device.calls.length, 0);
  assert.match(t.of('inputRejected')[0].reason, /20,000 characters/);
  t.session.dispose();
});

test('a device that disappears while mirrored: the panel is told and can reconnect', async () => {
  const t = setup();
  t.session.setVisible(true);
  await sleep(10);
  await t.device.close();
  const state = t.of('deviceState').at(-1);
  assert.equal(state?.state, 'disconnected');
  assert.match(state?.message ?? '', /Mock phone 1 disconnected \(closed\)/);
  assert.equal(t.session.isStreaming, false);
  await t.session.receive({ type: 'reconnect' });
  assert.equal(t.of('deviceState').at(-1)?.state, 'live');
  await sleep(10);
  assert.equal(t.session.isStreaming, true);
  t.session.dispose();
});

test('inspector: copySelector resolves the node on the host tree and copies task YAML', async () => {
  const t = setup();
  t.device.uiXml = '<hierarchy rotation="0"><node text="Send" resource-id="com.x:id/send" class="android.widget.Button" bounds="[10,10][200,100]"/></hierarchy>';
  t.session.setVisible(true);
  await sleep(10);
  await t.session.receive({ type: 'setMode', mode: 'inspect' });
  await sleep(10);
  const tree = t.of('uiTree').at(-1);
  assert.equal(tree?.nodes[0].attrs['resource-id'], 'com.x:id/send');
  const r = await t.session.receive({ type: 'copySelector', x: 50, y: 50 });
  assert.ok(r.accepted);
  assert.deepEqual(t.copied, ['{ resource-id: com.x:id/send }']);
  assert.equal(t.of('selectorCopied')[0].selector, '{ resource-id: com.x:id/send }');
  assert.equal((await t.session.receive({ type: 'copySelector', x: 5000, y: 50 })).accepted, false);
  t.session.dispose();
});

test('while the human policy waits, input becomes its action instead of a device call', async () => {
  const submitted: PanelGesture[] = [];
  const notes: string[] = [];
  let waiting = true;
  const bridge: HumanTurnBridge = {
    pending: () => (waiting ? { goal: 'Open Notes', step: 2, notes: true } : undefined),
    driving: () => waiting,
    submit: (_id, g) => { submitted.push(g); waiting = false; return { ok: true }; },
    setNote: (id, step, note) => { notes.push(`${id} ${step} ${note}`); },
    onDidChange: () => () => {},
  };
  const t = setup({ humanTurns: bridge });
  await t.session.receive({ type: 'ready' });
  assert.deepEqual(t.of('humanTurn').at(-1), { type: 'humanTurn', active: true, goal: 'Open Notes', step: 2, notes: true, driving: true });
  // The note typed just before the gesture reaches the bridge before the gesture does.
  const noted = t.session.receive({ type: 'humanNote', step: 2, note: 'Open the app drawer' });
  const tapped = t.session.receive({ type: 'tap', x: 10, y: 20, inputSeq: 1 });
  assert.deepEqual(notes, ['mock:1 2 Open the app drawer']);
  await Promise.all([noted, tapped]);
  assert.equal((await t.session.receive({ type: 'humanNote', step: 2, note: 'x'.repeat(4001) })).accepted, false, 'an over-long note is refused');
  assert.deepEqual(submitted, [{ kind: 'tap', at: { x: 10, y: 20 } }]);
  assert.equal(t.device.calls.length, 0);
  await t.session.receive({ type: 'tap', x: 10, y: 20, inputSeq: 2 });
  assert.equal(t.device.calls.length, 1, 'nobody drives an episode: straight to the device');
  t.session.dispose();
});

test('toolbar items are registrable and run with the panel device', async () => {
  const t = setup();
  const ran: (string | undefined)[] = [];
  const reg = t.toolbar.register({ id: 'debug.step', label: 'Step', icon: 'debug-step-over', group: 'debug', enabled: true, run: (id) => { ran.push(id); } });
  assert.equal(t.of('toolbar').at(-1)?.items[0].id, 'debug.step');
  await t.session.receive({ type: 'toolbarClick', id: 'debug.step' });
  assert.deepEqual(ran, ['mock:1']);
  reg.dispose();
  assert.equal(t.of('toolbar').at(-1)?.items.length, 0);
  assert.equal((await t.session.receive({ type: 'toolbarClick', id: 'debug.step' })).accepted, false);
  t.session.dispose();
});

test('letters that queue behind a running input are typed as one call, in order, keys kept apart', async () => {
  const t = setup();
  t.session.setVisible(true);
  await sleep(10);
  // The device holds its first typing call until released, as a slow ADB `input text` would.
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  const typeText = t.device.typeText.bind(t.device);
  let first = true;
  t.device.typeText = async (text) => {
    if (first) { first = false; await held; }
    return typeText(text);
  };
  const done = [t.session.receive({ type: 'type', text: 'a', inputSeq: 1 })];
  await sleep(5); // 'a' is now running on the device; what follows queues behind it
  done.push(
    t.session.receive({ type: 'type', text: 'b', inputSeq: 2 }),
    t.session.receive({ type: 'type', text: 'c', inputSeq: 3 }),
    t.session.receive({ type: 'key', key: 'delete', inputSeq: 4 }),
    t.session.receive({ type: 'type', text: 'd', inputSeq: 5 }),
    t.session.receive({ type: 'type', text: 'e', inputSeq: 6 }),
  );
  await sleep(10);
  release();
  for (const r of await Promise.all(done)) assert.equal(r.accepted, true);
  const calls = t.device.calls.filter((c) => c.op === 'typeText' || c.op === 'pressKey').map((c) => `${c.op}:${c.args.join(',')}`);
  assert.deepEqual(calls, ['typeText:a', 'typeText:bc', 'pressKey:delete', 'typeText:de']);
  t.session.dispose();
});

test('a device picked in the panel is announced (the tab title follows it), once per change', async () => {
  const t = setup();
  t.registry.add(new RecordingDevice('mock:4'), 'Mock phone 4');
  const seen: string[] = [];
  t.session.onDidChangeDevice((id) => seen.push(id));
  await t.session.receive({ type: 'selectDevice', deviceId: 'mock:4' });
  await t.session.receive({ type: 'selectDevice', deviceId: 'mock:4' });
  assert.equal(t.session.currentDeviceId, 'mock:4');
  assert.deepEqual(seen, ['mock:4']);
  t.session.dispose();
});
