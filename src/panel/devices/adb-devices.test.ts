// ADB devices in the picker, live, against the real adb server and a mock phone served on the
// ADB wire protocol: it appears when connected, streams through the screencap loop, takes a
// tap, and is marked offline when disconnected. Uses the shared adb server only if one is
// already running (the ADB layer's tests own starting it); skipped otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectTcpDevice, DEFAULT_ADB_SERVER, disconnectTcpDevice, listAdbDevices } from '../../device/adb/index';
import { createMockPhone } from '../../mockphone/index';
import { serveMockPhoneOverAdb } from '../../mockphone/adb/server';
import { centerOf, findNodes, parseUiTree } from '../../device/ui-tree';
import { parseHostMessage, type HostMessage } from '../../webview-protocol/device-panel';
import { ToolbarRegistry } from '../extension-points';
import { PanelSession } from '../panel-session';
import { trackAdbDevices } from './adb-devices';
import { DeviceRegistry } from './registry';
import { findFreePort as freePort, until } from '../../../scripts/lib/ports.mjs';

test('an ADB device is listed live, mirrored by screencap polling, tapped, and marked offline when it goes', { timeout: 90_000 }, async (t) => {
  try {
    await listAdbDevices(DEFAULT_ADB_SERVER, 2000);
  } catch {
    t.skip('no adb server is running');
    return;
  }
  const phone = await createMockPhone({ seed: 0 });
  const served = await serveMockPhoneOverAdb(phone, { port: await freePort(18260, 18299) });
  const serial = `127.0.0.1:${served.port}`;
  const registry = new DeviceRegistry();
  const logs: string[] = [];
  const tracking = await trackAdbDevices(registry, (m) => logs.push(m));
  assert.ok(tracking, logs.join('\n'));
  let session: PanelSession | undefined;
  let closed = false;
  try {
    await connectTcpDevice(serial);
    const id = `adb:${serial}`;
    await until('the device in the registry, online', () => registry.get(id)?.online);
    assert.equal(registry.get(id)?.kind, 'adb');

    const sent: HostMessage[] = [];
    let fromWebview: (raw: unknown) => void = () => {};
    session = new PanelSession({
      post: (m) => {
        assert.ok(parseHostMessage(m).ok);
        sent.push(m);
        if (m.type === 'frame') setTimeout(() => fromWebview({ type: 'frameAck', seq: m.seq }), 1);
      },
      onMessage: (l) => { fromWebview = l; return () => {}; },
    }, { registry, toolbar: new ToolbarRegistry(), log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' }, id);
    session.setVisible(true);
    await until('a frame over adb', () => sent.some((m) => m.type === 'frame'));

    const notes = centerOf(findNodes(parseUiTree(await phone.uiTree()), { text: 'Notes' })[0].bounds);
    assert.deepEqual(await session.receive({ type: 'tap', x: notes.x, y: notes.y, inputSeq: 1 }), { accepted: true, type: 'tap' });
    assert.equal(await phone.foregroundApp(), 'com.phonebuddy.notes');
    await until('a frame reflecting the tap', () => sent.some((m) => m.type === 'frame' && m.inputSeq >= 1)).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(session?.streamerStats)} frames ${JSON.stringify(sent.filter((m) => m.type === 'frame').map((m) => m.type === 'frame' && [m.seq, m.inputSeq]))}`);
    });

    // The phone goes away for good (adb would reconnect a TCP device that merely dropped).
    await served.close();
    closed = true;
    await until('the device offline', () => registry.get(id) && !registry.get(id)!.online, 40_000);
    await until('the panel told so', () => sent.some((m) => m.type === 'deviceState' && m.state === 'disconnected'));
  } finally {
    session?.dispose();
    tracking?.dispose();
    for (const e of registry.list()) await e.device?.close().catch(() => {});
    await disconnectTcpDevice(serial).catch(() => {});
    if (!closed) await served.close();
    await phone.close();
  }
});
