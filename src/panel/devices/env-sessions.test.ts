// Watching a live environment session: a real serve-env on loopback with a session stepped by a
// WebSocket client, its read-only device in the registry: listed, told of each step by the
// session's event stream, the same screen the trainer got, input refused, offline when it ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TestClient, type Reply } from '../../env/testing';
import { DeviceRegistry } from './registry';
import type { OverlayAction } from '../../webview-protocol/device-panel';
import { describeEnvSession, listEnvSessions, watchEnvSession } from './env-sessions';

const NOTES_RESET = { task: 'notes.create#body=Buy oat milk', observe: { ui_tree: true } };
type Obs = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const obsOf = (r: Reply): Obs => { assert.equal(r.type, 'observation', JSON.stringify(r).slice(0, 300)); return r.data.observation as Obs; };

test('a live environment session mirrored read-only: listed, changed on each step, the trainer\'s screen and the agent\'s trail, input refused, offline at its end', async () => {
  const server = await startTestServer({ threads: 1 });
  const registry = new DeviceRegistry();
  try {
    const trainer = await TestClient.connect(server);
    obsOf(await trainer.send({ type: 'reset', data: NOTES_RESET }));
    const [listed] = await listEnvSessions(`${server.url}/`);
    assert.equal(listed.state.instance_id, 'notes.create#body=Buy oat milk');
    assert.match(describeEnvSession(listed).detail, /step 0, thread 1/);
    const drawn: OverlayAction[] = [];
    const id = watchEnvSession(registry, server.url, listed, (deviceId, a) => { assert.equal(deviceId, id); drawn.push(a); });
    const device = registry.device(id)!;
    assert.equal(registry.get(id)!.online, true);
    // The event stream answers at once with the state, then with each step.
    const changes: string[] = [];
    let onChange: (() => void) | undefined;
    device.onEvent((e) => { if (e.type === 'changed') { changes.push(e.type); onChange?.(); } });
    const stepped = new Promise<void>((resolve) => { onChange = () => { if (changes.length >= 2) resolve(); }; });
    const o = obsOf(await trainer.send({ type: 'step', data: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } }));
    await stepped;
    // The mirror shows what the trainer was sent: the same JPEG bytes at q90.
    const shot = await device.screenshot({ format: 'jpeg', quality: 90 });
    assert.deepEqual([shot.width, shot.height], [o.screenshot.width, o.screenshot.height]);
    assert.equal(shot.data.toString('base64'), o.screenshot.data);
    assert.equal((await device.screenshot({ format: 'png' })).data.subarray(1, 4).toString(), 'PNG');
    assert.equal(await device.uiTree(), o.ui_tree);
    await assert.rejects(() => device.tap({ x: 10, y: 10 }), /cannot tap: this is a read-only mirror of environment session .*the trainer's policy acts on this phone/);
    await assert.rejects(() => device.typeText('x'), /cannot type: this is a read-only mirror/);
    // The trainer's step still counts one: the mirror sent nothing to the session.
    assert.equal((await trainer.send({ type: 'state' })).data.step_count, 1);
    // The agent's trail over the mirror: a clean slate for the episode, then where it acted —
    // an app opened, then a tap at the device pixels the loop used for the model's point.
    assert.deepEqual(drawn.slice(0, 3).map((a) => a.kind), ['clear', 'thought', 'app']);
    assert.deepEqual(drawn[2], { kind: 'app', name: 'open com.phonebuddy.notes' });
    const tapped = new Promise<void>((resolve) => device.onEvent(() => { if (drawn.some((a) => a.kind === 'tap')) resolve(); }));
    await trainer.send({ type: 'step', data: { text: '<think>The middle of the screen.</think>\n<tool_call>\n{"name": "click", "arguments": {"points": [[500, 500]]}}\n</tool_call>' } });
    await tapped;
    const tap = drawn.find((a) => a.kind === 'tap') as Extract<OverlayAction, { kind: 'tap' }>;
    assert.ok(Math.abs(tap.x - shot.width / 2) <= 2 && Math.abs(tap.y - shot.height / 2) <= 2, `tap at ${tap.x},${tap.y} on ${shot.width}×${shot.height}`);
    assert.ok(drawn.some((a) => a.kind === 'thought' && a.text === 'The middle of the screen.' && a.step === 2), JSON.stringify(drawn));
    // The session ends: the device goes offline with the reason.
    const offline = new Promise<void>((resolve) => registry.onDidChange(() => { if (!registry.get(id)!.online) resolve(); }));
    await trainer.close();
    await offline;
    assert.match(registry.get(id)!.reason ?? '', /environment session .* ended: the session was closed/);
    await assert.rejects(() => listEnvSessions('http://127.0.0.1:1'), /no environment service answers at http:\/\/127.0.0.1:1/);
  } finally {
    registry.dispose();
    await server.close();
  }
});
