// `phonebuddy serve-device` as a child process, twice at once, driven by the real adb CLI;
// and `phonebuddy devices` listing them.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { adb, adbConnect, adbDisconnect, freeTestPort, startAdbServer } from '../../mockphone/adb/testing/adb-harness';
import { AndroidWorldClient, AndroidWorldDevice } from '../../device/androidworld/client';
import { PANTRY_PACKAGE, pantryWorkspace } from '../../studio/app-files/testing/pantry-app';

const MAIN = path.join(__dirname, '..', 'main.ts');
const children: ChildProcess[] = [];
// Free ports from the ADB test range (other test runs may share this machine).
let A = '';
let B = '';
let C = '';
const esc = (serial: string): string => serial.replace(/\./g, '\\.');

function cli(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function waitForOutput(get: () => string, re: RegExp, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!re.test(get())) {
    if (Date.now() > deadline) throw new Error(`no ${re} in: ${get()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `serve-device` on a free test port, retried if another test run takes the port first. */
async function serveDevice(extra: string[]): Promise<{ run: ReturnType<typeof cli>; serial: string }> {
  for (let attempt = 0; ; attempt++) {
    const port = await freeTestPort();
    const run = cli(['serve-device', '--port', String(port), ...extra]);
    const exited = run.exited.then(() => 'exited' as const);
    const listening = waitForOutput(run.output, /connect with: adb connect /).then(() => 'listening' as const);
    if ((await Promise.race([exited, listening])) === 'listening') return { run, serial: `127.0.0.1:${port}` };
    if (!/EADDRINUSE/.test(run.output()) || attempt >= 10) throw new Error(`serve-device failed: ${run.output()}`);
  }
}

before(() => startAdbServer());
after(async () => {
  for (const serial of [A, B, C]) if (serial) await adbDisconnect(serial);
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
});

test('bad options exit 2 with a message naming the problem', async () => {
  const r = cli(['serve-device', '--port', '70000', '--locale', 'fr-FR']);
  assert.equal(await r.exited, 2);
  assert.match(r.output(), /--port must be 0–65535, got '70000'; --locale must be en-US or zh-CN, got 'fr-FR'/);
});

test('two phones served at once are two adb devices with their own state', async () => {
  const served = await Promise.all([serveDevice(['--seed', '1']), serveDevice(['--seed', '2', '--serial-name', 'second-phone'])]);
  const [a, b] = served.map((x) => x.run);
  [A, B] = served.map((x) => x.serial);
  assert.match(a.output(), new RegExp(`connect with: adb connect ${esc(A)}`));
  const track = cli(['devices', 'track']);
  await new Promise((r) => setTimeout(r, 1500)); // let it subscribe (tsx start-up)
  await adbConnect(A);
  await adbConnect(B);

  assert.equal((await adb(['-s', B, 'shell', 'getprop ro.serialno'])).stdout.toString(), 'second-phone\n');
  await adb(['-s', A, 'shell', 'am start -n com.phonebuddy.notes/.MainActivity']);
  const focus = async (s: string): Promise<string> => /mCurrentFocus=\S+ \S+ ([\w.]+)/.exec((await adb(['-s', s, 'shell', 'dumpsys window'])).stdout.toString())?.[1] ?? '';
  assert.equal(await focus(A), 'com.phonebuddy.notes');
  assert.equal(await focus(B), 'com.phonebuddy.launcher');

  const list = cli(['devices', 'list', '--long']);
  assert.equal(await list.exited, 0);
  assert.match(list.output(), new RegExp(`^${esc(A)}\tdevice\tPhoneBuddy Mock\tSDK 34$`, 'm'));
  assert.match(list.output(), new RegExp(`^${esc(B)}\tdevice\tPhoneBuddy Mock\tSDK 34$`, 'm'));

  await waitForOutput(track.output, new RegExp(`\t${esc(B)}\t\\S+ -> device$`, 'm'));
  assert.match(track.output(), new RegExp(`\t${esc(A)}\t\\S+ -> device$`, 'm'));
  await adbDisconnect(B);
  await waitForOutput(track.output, new RegExp(`\t${esc(B)}\tdevice -> gone$`, 'm'));
  track.child.kill('SIGINT');
  assert.equal(await track.exited, 0);

  a.child.kill('SIGTERM');
  assert.equal(await a.exited, 0, 'serve-device exits cleanly on SIGTERM');
  b.child.kill('SIGINT');
  assert.equal(await b.exited, 0);
});

test('devices connect reports a refused connection as an error', async () => {
  const nobody = `127.0.0.1:${await freeTestPort()}`;
  const r = cli(['devices', 'connect', nobody]);
  assert.equal(await r.exited, 1);
  assert.match(r.output(), new RegExp(`disconnected: adb could not connect to ${esc(nobody)}`));
  const bad = cli(['devices', 'connect', 'a:b:c']);
  assert.equal(await bad.exited, 1);
  assert.match(bad.output(), /expected host\[:port\]/);
});

// A task whose param is drawn from the app's seeded data (`from:`): the served suite reads it on a phone with the workspace's apps.
const FROM_DATA_TASK = `id: pantry.has-item
title: An item the pantry holds
category: single-app
device: mock
apps: [com.example.pantry]
locale: en-US
params:
  item:
    from: { app: com.example.pantry, query: "SELECT name FROM items ORDER BY id LIMIT 2" }
goal: Open {item} in the Pantry app.
verify:
  sql:
    app: com.example.pantry
    query: SELECT qty FROM items WHERE name = :item
    expect: count == 1
`;

test('--apps: an app written only in YAML is a package adb lists, its screen is in uiautomator dump, and the AndroidWorld API serves tasks on it (params from its data too)', async () => {
  const ws = pantryWorkspace({ 'tasks/from-data.yaml': FROM_DATA_TASK });
  try {
    const { run, serial } = await serveDevice(['--seed', '3', '--apps', ws.appsDir, '--androidworld-port', '0', '--tasks', ws.taskFile, '--tasks', path.join(ws.root, 'tasks', 'from-data.yaml')]);
    C = serial;
    await adbConnect(C);
    const packages = (await adb(['-s', C, 'shell', 'pm list packages'])).stdout.toString();
    assert.match(packages, new RegExp(`^package:${esc(PANTRY_PACKAGE)}$`, 'm'));
    assert.match(packages, /^package:com\.phonebuddy\.notes$/m, 'the built-ins are still there');
    await adb(['-s', C, 'shell', `monkey -p ${PANTRY_PACKAGE} -c android.intent.category.LAUNCHER 1`]);
    assert.equal((await adb(['-s', C, 'shell', 'uiautomator', 'dump'])).stdout.toString(), 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const xml = (await adb(['-s', C, 'exec-out', 'cat', '/sdcard/window_dump.xml'])).stdout.toString();
    assert.match(xml, new RegExp(`text="Pantry" resource-id="${esc(PANTRY_PACKAGE)}:id/toolbar_title"`));
    assert.match(xml, new RegExp(`resource-id="${esc(PANTRY_PACKAGE)}:id/add_item"`));
    assert.match(xml, /text="Olive oil"/, 'a seeded row');
    const rows = (await adb(['-s', C, 'shell', `sqlite3 /data/data/${PANTRY_PACKAGE}/databases/pantry.db "SELECT name FROM items WHERE name = 'Rice'"`])).stdout.toString();
    assert.equal(rows, 'Rice\n');
    // The AndroidWorld server of the same phone loads the same catalogue: the task on the app, its label.
    await waitForOutput(run.output, /AndroidWorld API on (http:\/\/\S+) /);
    const url = /AndroidWorld API on (http:\/\/\S+) /.exec(run.output())![1];
    const aw = new AndroidWorldClient(url);
    assert.deepEqual((await aw.taskList()).sort(), ['pantry.add_honey', 'pantry.has-item'], run.output());
    await aw.initializeTask('pantry.add_honey', 0);
    assert.equal(await aw.taskScore('pantry.add_honey', 0), 0);
    const focus = async (): Promise<string> => /mCurrentFocus=\S+ \S+ ([\w.]+)/.exec((await adb(['-s', C, 'shell', 'dumpsys window'])).stdout.toString())?.[1] ?? '';
    await adb(['-s', C, 'shell', 'input keyevent 3']);
    assert.equal(await focus(), 'com.phonebuddy.launcher');
    await new AndroidWorldDevice(aw).openApp('Pantry'); // by its label, as AndroidWorld's open_app does
    assert.equal(await focus(), PANTRY_PACKAGE);
    await adbDisconnect(C);
    C = '';
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0);
  } finally {
    ws.cleanup();
  }
});
