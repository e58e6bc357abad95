// End to end with Debian's real adb CLI and server against the real mock phone served on
// the ADB wire protocol (no phone, no fake).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { adb, nodeCenter, serveConnectedPhone, startAdbServer, type ServedPhone } from './testing/adb-harness';

let served: ServedPhone;
let tmp: string;
const S = (): string[] => ['-s', served.serial];

before(async () => {
  await startAdbServer();
  served = await serveConnectedPhone();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-adb-'));
});
after(async () => {
  await served?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('adb devices -l lists the served phone with its banner', async () => {
  const r = await adb(['devices', '-l']);
  assert.match(r.stdout.toString(), new RegExp(`^${served.serial.replace(/\./g, '\\.')}\\s+device product:phonebuddy_mock model:PhoneBuddy_Mock device:mock`, 'm'));
});

test('adb shell input tap changes the mock phone', async () => {
  assert.equal(await served.phone.foregroundApp(), 'com.phonebuddy.launcher');
  const { x, y } = nodeCenter(await served.phone.uiTree(), 'Notes');
  const r = await adb([...S(), 'shell', 'input', 'tap', String(x), String(y)]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(await served.phone.foregroundApp(), 'com.phonebuddy.notes');
  assert.match((await adb([...S(), 'shell', 'dumpsys window'])).stdout.toString(), /mCurrentFocus=Window\{\S+ u0 com\.phonebuddy\.notes\//);
  await adb([...S(), 'shell', 'input', 'keyevent', 'KEYCODE_HOME']);
  assert.equal(await served.phone.foregroundApp(), 'com.phonebuddy.launcher');
});

test('adb exec-out screencap -p returns the mock phone\'s PNG byte for byte', async () => {
  const r = await adb([...S(), 'exec-out', 'screencap', '-p']);
  assert.equal(r.code, 0, r.stderr);
  const expected = (await served.phone.screenshot({ format: 'png' })).data;
  assert.equal(r.stdout.length, expected.length);
  assert.ok(r.stdout.equals(expected));
  assert.equal(r.stdout.readUInt32BE(16), 1080);
  assert.equal(r.stdout.readUInt32BE(20), 2400);
});

test('adb shell (v2) reports exit codes and separates stderr', async () => {
  assert.equal((await adb([...S(), 'shell', 'true'])).code, 0);
  assert.equal((await adb([...S(), 'shell', 'false'])).code, 1);
  const missing = await adb([...S(), 'shell', 'reboot-the-world']);
  assert.equal(missing.code, 127);
  assert.equal(missing.stderr, '/system/bin/sh: reboot-the-world: not found\n');
  assert.equal(missing.stdout.length, 0);
  const both = await adb([...S(), 'shell', 'echo out; echo err >&2; exit_code_is_127']);
  assert.equal(both.stdout.toString(), 'out\n');
  assert.match(both.stderr, /^err\n/);
});

test('adb pull of an app database gives the mock app\'s current SQLite file', async () => {
  served.phone.execSql('com.phonebuddy.notes', "insert into notes (title, body, pinned, created_at, updated_at) values ('pulled over adb', '', 0, 0, 0)");
  const local = path.join(tmp, 'notes.db');
  const r = await adb([...S(), 'pull', '/data/data/com.phonebuddy.notes/databases/notes.db', local]);
  assert.equal(r.code, 0, r.stderr);
  const bytes = fs.readFileSync(local);
  assert.equal(bytes.subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
  assert.ok(bytes.equals(Buffer.from(served.phone.databaseBytes('com.phonebuddy.notes'))));
  assert.ok(bytes.includes(Buffer.from('pulled over adb')));
  // The host's own sqlite3 reads the pulled file (the phone's connections hold their lock: the file must not need it).
  const host = spawnSync('sqlite3', [local, 'PRAGMA integrity_check; SELECT title FROM notes WHERE title = \'pulled over adb\';'], { encoding: 'utf8' });
  assert.equal(host.status, 0, host.stderr);
  assert.equal(host.stdout, 'ok\npulled over adb\n');
});

test('adb push then cat, and sqlite3 on the device', async () => {
  const local = path.join(tmp, 'hello.txt');
  fs.writeFileSync(local, 'hello from the host\n');
  assert.equal((await adb([...S(), 'push', local, '/sdcard/hello.txt'])).code, 0);
  assert.equal((await adb([...S(), 'shell', 'cat /sdcard/hello.txt'])).stdout.toString(), 'hello from the host\n');
  const q = await adb([...S(), 'shell', `sqlite3 /data/data/com.phonebuddy.notes/databases/notes.db "select id, title from notes order by id limit 2"`]);
  const rows = served.phone.execSql('com.phonebuddy.notes', 'select id, title from notes order by id limit 2')[0].values;
  assert.equal(q.stdout.toString(), rows.map((r) => `${r[0]}|${r[1]}\n`).join(''));
  assert.ok(rows.length === 2);
});

test('uiautomator dump prints Android\'s line and the file is readable', async () => {
  const r = await adb([...S(), 'shell', 'uiautomator', 'dump']);
  assert.equal(r.stdout.toString(), 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
  const xml = await adb([...S(), 'exec-out', 'cat', '/sdcard/window_dump.xml']);
  assert.equal(xml.stdout.toString(), await served.phone.uiTree());
});
