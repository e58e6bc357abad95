// AdbDevice end to end: Debian's adb server + adbkit + our shell v2 client, against the
// real mock phone served on the ADB wire protocol. Phones use free ports in 15555–15599
// (several test runs may share a machine); the "adb server died" case runs its own adb
// server on a free port from that range, so the shared one on 5037 is never killed.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  adb, adbConnect, freeTestPort, nodeCenter, nodeText, serveConnectedPhone, serveOnFreePort, startAdbServer,
} from '../../mockphone/adb/testing/adb-harness';
import { createMockPhone } from '../../mockphone';
import { serveMockPhoneOverAdb } from '../../mockphone/adb/server';
import type { DeviceEvent } from '../device';
import { DeviceError, isDeviceError } from '../errors';
import { adbClient } from './adb-client';
import { AdbDevice } from './adb-device';
import { servedDeviceForSuite, withServedDevice } from './testing';
import { AdbDeviceTracker } from './tracker';
import { DEFAULT_ADB_SERVER, type AdbServerAddress } from './server-socket';

const NOTES = 'com.phonebuddy.notes';
const SEARCH = 'com.phonebuddy.notes:id/search_bar';
const METACHARS = `; rm -rf / && $(reboot) \`x\` 'q' "d" | > < \\ * ? ~ # ! { } 100%sure 50% s`;

async function elapsed<T>(p: Promise<T>): Promise<{ ms: number; error?: unknown; value?: T }> {
  const t = Date.now();
  try {
    const value = await p;
    return { ms: Date.now() - t, value };
  } catch (error) {
    return { ms: Date.now() - t, error };
  }
}

before(() => startAdbServer());

describe('AdbDevice on a served mock phone', () => {
  const fx = servedDeviceForSuite();

  test('info and screen', async () => {
    assert.deepEqual(await fx.device.info(), { serial: fx.served.serial, model: 'PhoneBuddy Mock', sdk: 34, manufacturer: 'PhoneBuddy' });
    assert.deepEqual(await fx.device.screenInfo(), { width: 1080, height: 2400, density: 440 });
    assert.equal(fx.device.id, `adb:${fx.served.serial}`);
  });

  test('screenshot: PNG identical to the phone, JPEG converted with sharp', async () => {
    const png = await fx.device.screenshot();
    assert.equal(png.format, 'png');
    assert.deepEqual([png.width, png.height], [1080, 2400]);
    assert.ok(png.data.equals((await fx.served.phone.screenshot({ format: 'png' })).data));
    const jpeg = await fx.device.screenshot({ format: 'jpeg', quality: 80 });
    assert.equal(jpeg.format, 'jpeg');
    const meta = await sharp(jpeg.data).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1080, 2400]);
    await assert.rejects(fx.device.screenshot({ format: 'gif' as never }), (e) => isDeviceError(e, 'invalid-argument'));
  });

  test('uiTree is the phone\'s uiautomator dump', async () => {
    assert.equal(await fx.device.uiTree(), await fx.served.phone.uiTree());
  });

  test('openApp, foregroundApp, closeApp', async () => {
    assert.equal(await fx.device.foregroundApp(), 'com.phonebuddy.launcher');
    assert.deepEqual(await fx.device.openApp(NOTES), { ok: true });
    assert.equal(await fx.device.foregroundApp(), NOTES);
    assert.equal(await fx.served.phone.foregroundApp(), NOTES);
    const missing = await fx.device.openApp('com.example.not.installed');
    assert.equal(missing.ok, false);
    assert.match(missing.message ?? '', /No activities found to run, monkey aborted/);
    await fx.device.closeApp(NOTES);
    assert.equal(await fx.served.phone.foregroundApp(), 'com.phonebuddy.launcher');
    await assert.rejects(fx.device.openApp('com.x; reboot'), (e) => isDeviceError(e, 'invalid-argument'));
  });

  test('tap + typeText: shell metacharacters arrive verbatim and nothing else runs', async () => {
    await fx.device.openApp(NOTES);
    await fx.device.tap(nodeCenter(await fx.device.uiTree(), SEARCH));
    fx.ran.length = 0;
    const result = await fx.device.typeText(METACHARS);
    assert.deepEqual(result, { method: 'input-text', delivered: true });
    assert.equal(nodeText(await fx.served.phone.uiTree(), SEARCH), METACHARS);
    assert.deepEqual([...new Set(fx.ran.map((a) => a[0]))], ['input'], `only input ran: ${JSON.stringify(fx.ran)}`);
  });

  test('typeText: Unicode goes through ADBKeyboard', async () => {
    await fx.device.pressKey('back');
    await fx.device.closeApp(NOTES);
    await fx.device.openApp(NOTES);
    await fx.device.tap(nodeCenter(await fx.device.uiTree(), SEARCH));
    const text = '你好, wörld ✓ — ok';
    const stock = fx.served.phone.getSetting('secure', 'default_input_method');
    assert.deepEqual(await fx.device.typeText(text), { method: 'adb-keyboard', delivered: true });
    assert.equal(nodeText(await fx.served.phone.uiTree(), SEARCH), text);
    assert.equal(fx.served.phone.getSetting('secure', 'default_input_method'), 'com.android.adbkeyboard/.AdbIME');
    assert.deepEqual(await fx.device.typeText(' 再见'), { method: 'adb-keyboard', delivered: true });
    assert.equal(nodeText(await fx.served.phone.uiTree(), SEARCH), text + ' 再见');
    // close() gives the phone its own keyboard back.
    const second = await AdbDevice.open(fx.served.serial);
    await second.typeText('é');
    await second.close();
    assert.equal(fx.served.phone.getSetting('secure', 'default_input_method'), 'com.android.adbkeyboard/.AdbIME', 'already ADBKeyboard when second opened');
    await fx.device.close();
    assert.equal(fx.served.phone.getSetting('secure', 'default_input_method'), stock);
    fx.device = await AdbDevice.open(fx.served.serial);
  });

  test('keys, swipe, long press, double tap and drag reach the phone', async () => {
    fx.ran.length = 0;
    await fx.device.pressKey('back');
    await fx.device.swipe({ x: 540, y: 1800 }, { x: 540, y: 600 }, 200);
    await fx.device.longPress({ x: 300, y: 600 }, 800);
    await fx.device.doubleTap({ x: 300, y: 600 });
    await fx.device.drag({ x: 300, y: 600 }, { x: 300, y: 900 }, 700);
    await fx.device.pressKey('home');
    assert.deepEqual(fx.ran.filter((a) => a[0] === 'input').map((a) => a.join(' ')), [
      'input keyevent 4', 'input swipe 540 1800 540 600 200', 'input swipe 300 600 300 600 800',
      'input tap 300 600', 'input tap 300 600', 'input draganddrop 300 600 300 900 700', 'input keyevent 3',
    ]);
    assert.equal(await fx.served.phone.foregroundApp(), 'com.phonebuddy.launcher');
    await assert.rejects(fx.device.tap({ x: Number.NaN, y: 1 }), (e) => isDeviceError(e, 'invalid-argument'));
    await assert.rejects(fx.device.pressKey('power' as never), (e) => isDeviceError(e, 'invalid-argument'));
    const waited = await elapsed(fx.device.wait(120));
    assert.ok(waited.ms >= 110, `wait(120) took ${waited.ms} ms`);
  });

  test('queryApp pulls the app database over sync and queries it with sql.js', async () => {
    fx.served.phone.execSql(NOTES, "insert into notes (title, body, pinned, created_at, updated_at) values ('via adb pull', 'x', 0, 0, 0)");
    const [first] = fx.served.phone.execSql(NOTES, 'select id, title from notes order by id limit 1')[0].values;
    assert.deepEqual(await fx.device.queryApp(NOTES, 'select title from notes where id = ?', [first[0]]), [{ title: first[1] }]);
    assert.deepEqual(await fx.device.queryApp(NOTES, "select count(*) as n from notes where title = 'via adb pull'"), [{ n: 1 }]);
    await assert.rejects(fx.device.queryApp(NOTES, 'select * from no_such_table'), (e) => isDeviceError(e, 'command-failed'));
  });

  test('shell: output, exit codes, and a timeout that fires', async () => {
    assert.deepEqual(await fx.device.shell('echo hi; nope'), { stdout: 'hi\n/system/bin/sh: nope: not found\n', exitCode: 127 });
    const slow = await elapsed(fx.device.shell('sleep 5', 300));
    assert.ok(isDeviceError(slow.error, 'timeout'), String(slow.error));
    assert.ok(slow.ms < 2000, `timed out after ${slow.ms} ms`);
    assert.equal((await fx.device.shell('echo still fine')).stdout, 'still fine\n');
  });
});

describe('AdbDevice without ADBKeyboard', () => {
  test('Unicode falls back to clipboard paste', async () => {
    await withServedDevice({ ime: 'none' }, async ({ served, device }) => {
      await device.openApp(NOTES);
      await device.tap(nodeCenter(await device.uiTree(), SEARCH));
      assert.deepEqual(await device.typeText('日本語 ok'), { method: 'clipboard-paste', delivered: true });
      assert.equal(nodeText(await served.phone.uiTree(), SEARCH), '日本語 ok');
    });
  });
});

describe('AdbDevice when the device goes away', () => {
  test('a phone killed mid-screenshot gives a typed error within the timeout', async () => {
    let held: (() => void) | undefined;
    const phone = await createMockPhone();
    const server = await serveOnFreePort(phone, {
      beforeCommand: (argv) => (argv[0] === 'screencap' ? new Promise<void>((r) => { held = r; }) : undefined),
    });
    await adbConnect(server.serial);
    const device = await AdbDevice.open(server.serial, { slowTimeoutMs: 5000, reconnect: false });
    try {
      const shot = elapsed(device.screenshot());
      while (!held) await new Promise((r) => setTimeout(r, 10)); // the screencap is in flight
      await server.close(); // the phone dies
      const r = await shot;
      assert.ok(r.error instanceof DeviceError, `expected DeviceError, got ${String(r.error)}`);
      assert.ok(['disconnected', 'timeout'].includes(r.error.code), r.error.code);
      assert.ok(r.ms <= 5500, `settled after ${r.ms} ms`);
      const after = await elapsed(device.tap({ x: 1, y: 1 }));
      assert.ok(isDeviceError(after.error), String(after.error));
      assert.ok(after.ms <= 16_000);
    } finally {
      held?.();
      await device.close();
      await adb(['disconnect', server.serial]);
      await phone.close();
    }
  });

  test('reconnects after the mock phone restarts on the same port', async () => {
    let phone = await createMockPhone();
    let server = await serveOnFreePort(phone);
    const port = server.port;
    await adbConnect(server.serial);
    const device = await AdbDevice.open(server.serial, { reconnectIntervalMs: 300 });
    const events: DeviceEvent[] = [];
    device.onEvent((e) => events.push(e));
    try {
      assert.equal((await device.info()).model, 'PhoneBuddy Mock');
      await server.close();
      await phone.close();
      const deadline = Date.now() + 10_000;
      while (!events.some((e) => e.type === 'disconnected') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.ok(events.some((e) => e.type === 'disconnected'), `events: ${JSON.stringify(events)}`);

      phone = await createMockPhone({ seed: 1 });
      server = await serveMockPhoneOverAdb(phone, { port });
      await device.waitUntilReady(15_000);
      assert.deepEqual(await device.screenInfo(), { width: 1080, height: 2400, density: 440 });
      await device.openApp(NOTES);
      assert.equal(await phone.foregroundApp(), NOTES, 'the restarted phone is driven');
    } finally {
      await device.close();
      await adb(['disconnect', server.serial]);
      await server.close();
      await phone.close();
    }
  });

  test('a dead adb server is restarted (own adb server on a free test port)', async () => {
    const ownPort = String(await freeTestPort());
    const own: AdbServerAddress = { ...DEFAULT_ADB_SERVER, port: Number(ownPort) };
    const phone = await createMockPhone();
    const server = await serveOnFreePort(phone);
    // AdbDevice.open starts the server itself (ECONNREFUSED → adb start-server).
    const device = await AdbDevice.open(server.serial, { server: own, reconnectIntervalMs: 300 });
    const events: DeviceEvent[] = [];
    device.onEvent((e) => events.push(e));
    try {
      assert.equal((await device.info()).sdk, 34);
      assert.equal((await adb(['-P', ownPort, 'kill-server'])).code, 0);
      await device.waitUntilReady(15_000).catch(() => undefined); // reconnect loop restarts it
      const deadline = Date.now() + 15_000;
      let ok = false;
      while (!ok && Date.now() < deadline) {
        ok = await device.info().then(() => true, () => false);
        if (!ok) await new Promise((r) => setTimeout(r, 300));
      }
      assert.ok(ok, 'device usable again after the adb server was killed');
      assert.deepEqual(events.map((e) => e.type).slice(0, 2), ['disconnected', 'changed']);
      assert.equal((await adb(['-P', ownPort, 'get-state', '-s', server.serial])).stdout.toString().trim(), 'device', 'the restarted server knows the phone');
    } finally {
      await device.close();
      await adb(['-P', ownPort, 'kill-server']);
      await server.close();
      await phone.close();
    }
  });
});

describe('adbkit and tracking against the served phone', () => {
  test('adbkit\'s own commands work (properties, features, packages, screencap, sync)', async () => {
    const served = await serveConnectedPhone();
    const client = adbClient();
    const dev = client.getDevice(served.serial);
    try {
      assert.ok((await client.listDevices()).some((d: { id: string; type: string }) => d.id === served.serial && d.type === 'device'));
      assert.equal((await dev.getProperties())['ro.product.model'], 'PhoneBuddy Mock');
      assert.equal((await dev.getFeatures())['android.hardware.touchscreen'], true);
      assert.ok((await dev.getPackages()).includes(NOTES));
      assert.equal(await dev.isInstalled(NOTES), true);
      assert.equal(await dev.isInstalled('com.example.absent'), false);
      const chunks: Buffer[] = [];
      for await (const c of await dev.screencap()) chunks.push(c as Buffer);
      assert.ok(Buffer.concat(chunks).equals((await served.phone.screenshot()).data), 'adbkit strips the leading newline of `echo && screencap -p`');
      const names = (await dev.readdir(`/data/data/${NOTES}/databases`)).map((e: { name: string }) => e.name);
      assert.deepEqual(names, ['notes.db']);
      const push = await dev.push(Readable.from([Buffer.from('pushed by adbkit')]), '/sdcard/adbkit.txt');
      await new Promise((r, j) => { push.on('end', r); push.on('error', j); });
      const pulled: Buffer[] = [];
      for await (const c of await dev.pull('/sdcard/adbkit.txt')) pulled.push(c as Buffer);
      assert.equal(Buffer.concat(pulled).toString(), 'pushed by adbkit');
      await dev.startActivity({ component: `${NOTES}/.MainActivity` });
      assert.equal(await served.phone.foregroundApp(), NOTES);
    } finally {
      await served.stop();
    }
  });

  test('the tracker reports a device appearing and going away', async () => {
    const tracker = new AdbDeviceTracker(adbClient(), DEFAULT_ADB_SERVER);
    const seen: string[] = [];
    const phone = await createMockPhone();
    const server = await serveOnFreePort(phone);
    tracker.on('change', (d) => { if (d.serial === server.serial) seen.push(d.state); });
    await tracker.start();
    await adbConnect(server.serial);
    try {
      const deadline = Date.now() + 5000;
      while (!seen.includes('device') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.ok(seen.includes('device'), JSON.stringify(seen));
      assert.ok(tracker.list().some((d) => d.serial === server.serial && d.state === 'device'));
    } finally {
      await adb(['disconnect', server.serial]);
      await server.close();
      await phone.close();
    }
    const deadline = Date.now() + 5000;
    while (seen[seen.length - 1] !== 'gone' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    tracker.stop();
    assert.equal(seen[seen.length - 1], 'gone');
  });
});

describe('an unauthorized phone', () => {
  test('is tracked as unauthorized and AdbDevice.open says to accept the prompt', async () => {
    const phone = await createMockPhone();
    const server = await serveOnFreePort(phone, { auth: 'never' });
    const tracker = new AdbDeviceTracker(adbClient(), DEFAULT_ADB_SERVER);
    const seen: string[] = [];
    tracker.on('change', (d) => { if (d.serial === server.serial) seen.push(d.state); });
    await tracker.start();
    try {
      await adb(['connect', server.serial]);
      const deadline = Date.now() + 5000;
      while (!seen.includes('unauthorized') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.ok(seen.includes('unauthorized'), JSON.stringify(seen));
      const opened = await elapsed(AdbDevice.open(server.serial, { timeoutMs: 1500 }));
      assert.ok(isDeviceError(opened.error), String(opened.error));
      assert.match((opened.error as Error).message, /unauthorized/);
      assert.ok(opened.ms < 6000, `gave up after ${opened.ms} ms`);
    } finally {
      tracker.stop();
      await adb(['disconnect', server.serial]);
      await server.close();
      await phone.close();
    }
  });
});

describe('AdbDevice on a phone without shell_v2 (Android 6 style)', () => {
  test('legacy shell keeps exit codes and output; screenshots use exec:', async () => {
    await withServedDevice({ features: ['cmd'] }, async ({ served, device }) => {
      assert.deepEqual(await device.shell('echo hi; nope'), { stdout: 'hi\n/system/bin/sh: nope: not found\n', exitCode: 127 });
      assert.deepEqual(await device.shell('false'), { stdout: '', exitCode: 1 });
      assert.deepEqual(await device.shell('echo -n no-newline'), { stdout: 'no-newline', exitCode: 0 });
      const shot = await device.screenshot();
      assert.ok(shot.data.equals((await served.phone.screenshot()).data));
      await device.openApp(NOTES);
      await device.tap(nodeCenter(await device.uiTree(), SEARCH));
      assert.equal((await device.typeText(METACHARS)).method, 'input-text');
      assert.equal(nodeText(await served.phone.uiTree(), SEARCH), METACHARS);
    });
  });
});
