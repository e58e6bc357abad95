// Paused episodes on the panel, with the real loop on the real mock phone: the pending action
// is drawn (and its messages pass the webview's validation), the step buttons are scoped to
// the episode's device and shown only while paused, they drive the controller, and a tap on the
// panel during the pause replaces the pending action as a correction by `panel`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { Episode } from '../agent/episode';
import { HOOK_ORDER, type LoopHook } from '../agent/hooks';
import { announceEpisode, plainController, type PausedEpisodeController } from '../agent/pause-control';
import { HumanPolicy } from '../agent/policies/human';
import { SolutionPolicy } from '../agent/policies/solution';
import type { MockPhone } from '../mockphone';
import type { TaskInstance } from '../task/runnable';
import { parseHostMessage } from '../webview-protocol/device-panel';
import { DeviceRegistry } from './devices/registry';
import { webviewPort } from './testing/webview-port';
import { PanelHub } from './panel-hub';
import { pendingMark, pendingOverlay } from './pending-overlay';

const examples = path.join(__dirname, '..', '..', 'tasks-examples', 'single-app');

async function notesTask(): Promise<TaskInstance> {
  const { loadMockTasks } = await import('../studio/tasks');
  const { instances } = await loadMockTasks([path.join(examples, 'notes-create.task.yaml')], { seed: 0 });
  return instances[0];
}

async function setup() {
  const { createMockPhone } = await import('../mockphone');
  const phones: MockPhone[] = [await createMockPhone({ seed: 0 }), await createMockPhone({ seed: 0 })];
  const registry = new DeviceRegistry();
  phones.forEach((p, i) => registry.add(p, `Mock phone ${i + 1}`));
  const hub = new PanelHub(registry, { log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  const panel = (deviceId: string) => {
    const { port, of } = webviewPort();
    const session = hub.createSession(port, deviceId);
    const toolbarIds = () => of('toolbar').at(-1)?.items.map((i) => i.id) ?? [];
    const pending = () => of('overlay').filter((m) => m.layer === 'pending').at(-1)?.action;
    return { session, of, toolbarIds, pending };
  };
  return { phones, registry, hub, panel };
}

const pauseBeforeAction = (steps: Set<number>): LoopHook => ({
  name: 'debugger', order: HOOK_ORDER.debugger,
  at: (p) => (p.point === 'before-action' && steps.has(p.step) ? { pause: 'breakpoint' } : undefined),
});

function nextPause(ep: Episode): Promise<void> {
  return new Promise((resolve) => { const off = ep.on('paused', () => { off(); resolve(); }); });
}

test('pending marks: crosshair, arrow, bubble, label — and every one passes the host→webview validation', () => {
  const cases = [
    [{ type: 'click', point: { x: 500, y: 250 } }, { shape: 'crosshair', at: { x: 500, y: 250 } }],
    [{ type: 'long_press', point: { x: 10, y: 990 } }, { shape: 'crosshair', at: { x: 10, y: 990 }, long: true }],
    [{ type: 'scroll', from: { x: 500, y: 800 }, to: { x: 500, y: 200 }, tool: 'scroll' }, { shape: 'arrow', from: { x: 500, y: 800 }, to: { x: 500, y: 200 } }],
    [{ type: 'type', text: 'Buy oat milk' }, { shape: 'bubble', text: 'Buy oat milk' }],
    [{ type: 'button_press', button: 'back' }, { shape: 'label', text: 'key back' }],
    [{ type: 'open_app', app: 'Notes' }, { shape: 'label', text: 'open_app Notes' }],
    [{ type: 'finish', text: 'done', tool: 'finish' }, { shape: 'label', text: 'finish: done' }],
  ] as const;
  for (const [action, mark] of cases) {
    assert.deepEqual(pendingMark(action as never), mark);
    const msg = { type: 'overlay', layer: 'pending', action: pendingOverlay(3, action as never) };
    const r = parseHostMessage(msg);
    assert.ok(r.ok, !r.ok ? r.error : '');
  }
  // A model point beyond 0–1000 is clamped, not sent out of range.
  assert.deepEqual(pendingMark({ type: 'click', point: { x: 1400, y: -5 } }), { shape: 'crosshair', at: { x: 1000, y: 0 } });
  // The validation refuses what the webview would mis-draw.
  for (const bad of [
    { kind: 'pending', step: 1, call: 'x', mark: { shape: 'crosshair', at: { x: 1001, y: 5 } } },
    { kind: 'pending', step: 1, call: 'x', mark: { shape: 'spiral' } },
    { kind: 'pending', step: -1, call: 'x', mark: { shape: 'label', text: 'k' } },
    { kind: 'pending', step: 1, call: 'x', mark: { shape: 'label', text: 'k', extra: 1 } },
  ]) {
    const r = parseHostMessage({ type: 'overlay', layer: 'pending', action: bad });
    assert.equal(r.ok, false, JSON.stringify(bad));
  }
  const icon = parseHostMessage({ type: 'toolbar', items: [{ id: 'a', label: 'A', group: 'g', enabled: true, icon: 'not-an-icon' }] });
  assert.match(!icon.ok ? icon.error : '', /icon: expected one of debug-continue/);
});

test('a paused episode: its device\'s panel draws the pending action and shows the step buttons; the other device\'s panel shows neither', async () => {
  const t = await setup();
  const [a, b] = t.phones;
  const pa = t.panel(a.id);
  const pb = t.panel(b.id);
  await pa.session.receive({ type: 'ready' });
  await pb.session.receive({ type: 'ready' });
  const ep = new Episode({ device: a, policy: new SolutionPolicy(), task: await notesTask(), checkpoints: true, hooks: [pauseBeforeAction(new Set([1, 2]))] });
  t.hub.showEpisode(a.id, ep);
  const paused = nextPause(ep);
  const run = ep.run();
  await paused;

  // One episode per device: Record is disabled on A while the episode runs there, not on B.
  const { registerRecordToggle, RECORD_ITEM_ID } = await import('./record-toggle');
  const rec = registerRecordToggle(t.hub, { root: () => undefined, askGoal: async () => undefined, problem: () => {} });
  assert.equal(t.hub.toolbar.list(a.id).find((i) => i.id === RECORD_ITEM_ID)?.enabled, false);
  assert.equal(t.hub.toolbar.list(b.id).find((i) => i.id === RECORD_ITEM_ID)?.enabled, true);
  rec.dispose();
  const ids = pa.toolbarIds();
  for (const id of ['continue', 'stepOver', 'stepBack']) assert.ok(ids.includes(`paused.${a.id}.${id}`), `${id} is shown while paused: ${ids}`);
  assert.ok(!ids.includes(`paused.${a.id}.pause`), 'pause is hidden while paused');
  assert.deepEqual(pb.toolbarIds().filter((i) => i.startsWith('paused.')), [], 'device B\'s panel has no step buttons');
  const drawn = pa.pending();
  assert.equal(drawn?.kind, 'pending');
  assert.equal(pb.pending()?.kind ?? 'clear', 'clear', 'nothing pending drawn on device B');
  const action = ep.current!.action!;
  assert.deepEqual(drawn?.kind === 'pending' && drawn.mark, pendingMark(action));

  // Device B's panel cannot click device A's items, even by forging the message.
  const forged = await pb.session.receive({ type: 'toolbarClick', id: `paused.${a.id}.continue` });
  assert.equal(forged.accepted, false);
  assert.ok(ep.paused, 'still paused');

  // Step over from A's panel: runs step 1, stops before step 2's action (the breakpoint there too).
  const again = nextPause(ep);
  assert.deepEqual(await pa.session.receive({ type: 'toolbarClick', id: `paused.${a.id}.stepOver` }), { accepted: true, type: 'toolbarClick' });
  await again;
  assert.equal(ep.paused?.step, 2);
  // Continue: the buttons go, pause comes back, the pending mark is cleared.
  const done = run;
  assert.deepEqual(await pa.session.receive({ type: 'toolbarClick', id: `paused.${a.id}.continue` }), { accepted: true, type: 'toolbarClick' });
  assert.equal(pa.pending()?.kind, 'clear');
  const summary = await done;
  assert.equal(summary.verify?.passed, true, 'the solution still solves the task after the panel stepped it');
  assert.deepEqual(pa.toolbarIds().filter((i) => i.startsWith('paused.')), [], 'the buttons are gone with the episode');
});

/** A one-step notes episode on the first phone, shown in its panel, paused before its action. */
async function pausedBeforeFirstAction() {
  const t = await setup();
  const [a] = t.phones;
  const pa = t.panel(a.id);
  await pa.session.receive({ type: 'ready' });
  const ep = new Episode({ device: a, policy: new SolutionPolicy(), task: await notesTask(), maxSteps: 1, hooks: [pauseBeforeAction(new Set([1]))] });
  t.hub.showEpisode(a.id, ep);
  const paused = nextPause(ep);
  const run = ep.run();
  await paused;
  return { t, a, pa, ep, run, original: ep.current!.action! };
}

test('a tap on the panel during a pause replaces the pending action: a correction by panel, the model\'s original kept', async () => {
  const { pa, ep, run, original } = await pausedBeforeFirstAction();
  const screen = ep.current!.observation!.screen;
  const r = await pa.session.receive({ type: 'tap', x: 108, y: 240, inputSeq: 1 });
  assert.deepEqual(r, { accepted: true, type: 'tap' });
  assert.deepEqual(ep.current!.action, { type: 'click', point: { x: 100, y: 100 } }, `(108, 240) on ${screen.width}×${screen.height} is (100, 100) in 0–1000`);
  const drawn = pa.pending();
  assert.ok(drawn?.kind === 'pending' && drawn.correctedBy === 'panel' && drawn.mark.shape === 'crosshair' && drawn.mark.at.x === 100);
  // Keys the agent's tools cannot say are refused with the reason, and change nothing.
  const refused = await pa.session.receive({ type: 'key', key: 'dpad_up', inputSeq: 2 });
  assert.match(!refused.accepted ? refused.reason : '', /no 'dpad_up' key/);
  ep.resume();
  const summary = await run;
  const step1 = summary.steps[0];
  assert.deepEqual(step1.action, { type: 'click', point: { x: 100, y: 100 } });
  assert.equal(step1.correction?.by, 'panel');
  assert.deepEqual(step1.correction?.original, original);
});

test('the plain controller: step over stops at the next action, step back restores the checkpoint; not on a device that cannot snapshot', async () => {
  const t = await setup();
  const [a] = t.phones;
  const ep = new Episode({ device: a, policy: new SolutionPolicy(), task: await notesTask(), checkpoints: true, hooks: [pauseBeforeAction(new Set([1]))] });
  const ctl: PausedEpisodeController = plainController(ep);
  const run = ep.run();
  await nextPause(ep);
  assert.equal(ctl.canStepBack, true);
  let p = nextPause(ep);
  ctl.stepOver();
  await p;
  assert.deepEqual([ep.paused?.point, ep.paused?.step], ['before-action', 2]);
  const shot2 = Buffer.from((await a.screenshot({ format: 'png' })).data);
  p = nextPause(ep);
  ctl.stepOver();
  await p;
  await ctl.stepBack();
  assert.deepEqual([ep.paused?.point, ep.paused?.step], ['before-action', 2]);
  assert.ok(Buffer.from((await a.screenshot({ format: 'png' })).data).equals(shot2), 'the screen is back to before step 2 acted');
  ctl.continue();
  assert.equal((await run).verify?.passed, true);

  // An episode announced by someone (the debug runtime does this) gets the hub's controls.
  const { RecordingDevice } = await import('../device/testing/recording-device');
  const real = new RecordingDevice('adb:R58M');
  t.registry.add(real, 'Pixel');
  const pr = t.panel(real.id);
  await pr.session.receive({ type: 'ready' });
  const calls: string[] = [];
  const fake: PausedEpisodeController = { continue: () => calls.push('continue'), stepOver: () => calls.push('over'), stepBack: async () => { calls.push('back'); }, pause: () => calls.push('pause'), canStepBack: false };
  const ep2 = new Episode({ device: real, policy: new HumanPolicy(), goal: 'x', maxSteps: 1, hooks: [{ name: 'debugger', at: (q) => (q.point === 'before-decision' ? { pause: 'entry' } : undefined) }] });
  announceEpisode({ episode: ep2, deviceId: real.id, controller: fake });
  const run2 = ep2.run();
  await nextPause(ep2);
  const items = pr.of('toolbar').at(-1)!.items;
  const back = items.find((i) => i.id === `paused.${real.id}.stepBack`);
  assert.equal(back?.enabled, false, 'step back is disabled where the device cannot snapshot');
  assert.match(back?.title ?? '', /snapshot/);
  assert.equal((await pr.session.receive({ type: 'toolbarClick', id: `paused.${real.id}.stepBack` })).accepted, false);
  await pr.session.receive({ type: 'toolbarClick', id: `paused.${real.id}.continue` });
  assert.deepEqual(calls, ['continue'], 'the button called the announced controller, not the episode');
  ep2.stop();
  await run2;
});

test('letters typed on the panel during a pause are one type correction with all of them; Backspace takes one back; a tap starts over', async () => {
  const { pa, ep, run, original } = await pausedBeforeFirstAction();
  // Sent as a person types: each key its own message, without waiting for the one before.
  let seq = 1;
  await Promise.all([...'Eggs andx'].map((k) => pa.session.receive({ type: 'type', text: k, inputSeq: seq++ })));
  await pa.session.receive({ type: 'key', key: 'delete', inputSeq: seq++ });
  await Promise.all([...' bread'].map((k) => pa.session.receive({ type: 'type', text: k, inputSeq: seq++ })));
  assert.deepEqual(ep.current!.action, { type: 'type', text: 'Eggs and bread' });
  ep.resume();
  const summary = await run;
  assert.deepEqual(summary.steps[0].action, { type: 'type', text: 'Eggs and bread' });
  assert.deepEqual(summary.steps[0].correction?.original, original, 'the model\'s action is still the original');
});
