// The panel's step buttons driving the real debug runtime (no DAP client, no VS Code): the
// runtime announces its episode, the hub gives the phone's panel the controls; continue,
// step over and step back from the panel go through the runtime's own stepping (stopped events
// follow, and `continued` tells a DAP client about a resume it did not ask for), and a tap on
// the panel while stopped at a breakpoint replaces the pending action as a correction by panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DebugRuntime, type RuntimeEvent } from '../debug/runtime';
import { studioDebugDeps } from '../studio/debug-deps';
import { parseHostMessage, type HostMessage, type HostMessageOf } from '../webview-protocol/device-panel';
import { DeviceRegistry } from './devices/registry';
import { PanelHub } from './panel-hub';
import type { PanelSession } from './panel-session';

const task = path.join(__dirname, '..', '..', 'tasks-examples', 'single-app', 'notes-create.task.yaml');

test('the debugger\'s session on the panel: stopped at a breakpoint, the panel steps, steps back, corrects and continues', { timeout: 120_000 }, async () => {
  const registry = new DeviceRegistry();
  const hub = new PanelHub(registry, { log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  const events: RuntimeEvent[] = [];
  const rt = new DebugRuntime({ deps: studioDebugDeps });
  rt.onAny((e) => events.push(e));
  let session: PanelSession | undefined;
  const sent: HostMessage[] = [];
  // As the extension's panel link does: the session's phone joins the picker, a panel opens on it.
  rt.on('episode', (e) => {
    registry.add(e.device, 'debugging');
    session = hub.createSession({ post: (m) => { assert.ok(parseHostMessage(m).ok); sent.push(m); }, onMessage: () => () => {} }, e.device.id);
  });
  const of = <T extends HostMessage['type']>(t: T) => sent.filter((m) => m.type === t) as HostMessageOf<T>[];
  const stops = () => events.filter((e) => e.type === 'stopped').length;
  const nextStop = async (n: number) => { while (stops() <= n) await new Promise((r) => setTimeout(r, 10)); };
  rt.setFunctionBreakpoints([{ name: 'click' }]);
  await rt.launch({ task, device: 'mock', policy: 'solution' });
  const id = rt.currentEpisode!.device.id;
  const click = (item: string) => session!.receive({ type: 'toolbarClick', id: `paused.${id}.${item}` });
  rt.start();
  await nextStop(0);
  assert.equal(rt.currentEpisode!.paused?.step, 2, 'the first click of notes.create is step 2');
  assert.deepEqual(of('toolbar').at(-1)!.items.filter((i) => i.id.startsWith('paused.')).map((i) => [i.id.split('.').at(-1), i.enabled]),
    [['continue', true], ['stepOver', true], ['stepBack', true]]);
  const pending = of('overlay').filter((m) => m.layer === 'pending').at(-1)!.action;
  assert.ok(pending.kind === 'pending' && pending.mark.shape === 'crosshair' && pending.step === 2);

  // Step over from the panel: the runtime's step over, a `continued` for the client, a stop at step 3.
  let n = stops();
  assert.deepEqual(await click('stepOver'), { accepted: true, type: 'toolbarClick' });
  await nextStop(n);
  assert.ok(events.some((e) => e.type === 'continued'), 'the client hears of the resume');
  assert.equal(rt.currentEpisode!.paused?.step, 3);
  // Step back from the panel: the checkpoint before step 2.
  n = stops();
  await click('stepBack');
  await nextStop(n);
  assert.equal(rt.currentEpisode!.paused?.step, 2);
  // A tap on the mirrored screen while stopped replaces the pending click.
  const screen = rt.currentEpisode!.current!.observation!.screen;
  const r = await session!.receive({ type: 'tap', x: Math.round(screen.width / 2), y: Math.round(screen.height / 2), inputSeq: 1 });
  assert.deepEqual(r, { accepted: true, type: 'tap' });
  assert.deepEqual(rt.currentEpisode!.current!.action, { type: 'click', point: { x: 500, y: 500 } });
  assert.ok(events.some((e) => e.type === 'output' && /action replaced by panel/.test(e.text)), 'the debug console says who replaced it');
  rt.setFunctionBreakpoints([]);
  const ended = new Promise<Extract<RuntimeEvent, { type: 'ended' }>>((resolve) => rt.on('ended', resolve));
  await click('continue');
  const end = await ended;
  const step2 = end.summary!.steps.find((s) => s.step === 2)!;
  assert.equal(step2.correction?.by, 'panel');
  assert.deepEqual(step2.correction?.original?.type, 'click');
  assert.deepEqual(of('toolbar').at(-1)!.items.filter((i) => i.id.startsWith('paused.')), [], 'the controls are gone with the episode');
  await rt.terminate();
  hub.dispose();
});
