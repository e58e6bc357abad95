import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DeviceFiles } from '../device-files';
import { FAKE_PNG, FakePhone } from '../testing/fake-phone';
import { LATIN_IME, type ImeMode, type ShellEnv } from './env';
import { runShell } from './run';

function setup(ime: ImeMode = 'adbkeyboard') {
  const phone = new FakePhone();
  const ran: string[][] = [];
  const env: ShellEnv = { phone, files: new DeviceFiles(phone), ime, stockIme: LATIN_IME, clipboard: { text: '' }, onCommand: (a) => ran.push(a) };
  const sh = async (src: string) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const code = await runShell(src, env, (fd, d) => (fd === 1 ? out : err).push(d));
    return { out: Buffer.concat(out).toString('utf8'), err: Buffer.concat(err).toString('utf8'), code, raw: Buffer.concat(out) };
  };
  return { phone, env, sh, ran };
}

test('unknown commands answer like Android sh: not found, exit 127', async () => {
  const { sh } = setup();
  assert.deepEqual(await sh('frobnicate --x'), { out: '', err: '/system/bin/sh: frobnicate: not found\n', code: 127, raw: Buffer.alloc(0) });
  assert.equal((await sh('constructor')).code, 127); // no prototype lookups
});

test('lists, pipes, redirections and $? behave like sh', async () => {
  const { sh } = setup();
  assert.equal((await sh('false && echo no; echo yes')).out, 'yes\n');
  assert.equal((await sh('false || echo alt')).out, 'alt\n');
  assert.equal((await sh('nope; echo $?')).out, '127\n');
  assert.equal((await sh('nope 2>/dev/null')).err, '');
  assert.deepEqual(await sh('echo to-err >&2'), { out: '', err: 'to-err\n', code: 0, raw: Buffer.alloc(0) });
  assert.equal((await sh('nope 2>&1')).out, '/system/bin/sh: nope: not found\n');
  assert.equal((await sh('nope >/dev/null 2>&1')).out + (await sh('nope >/dev/null 2>&1')).err, '');
  assert.equal((await sh('nope 2>&1 | grep -c x; echo done')).out.includes('done'), true);
  assert.equal((await sh('getprop | grep model')).out, '[ro.product.model]: [PhoneBuddy Mock]\n');
  assert.equal((await sh('echo hi > /sdcard/a.txt && cat /sdcard/a.txt')).out, 'hi\n');
  assert.equal((await sh('echo more >> /sdcard/a.txt; cat /sdcard/a.txt')).out, 'hi\nmore\n');
  assert.match((await sh('echo x > /system/foo')).err, /Permission denied/);
  assert.equal((await sh('echo $(echo inner) "$(getprop ro.build.version.sdk)"')).out, 'inner 34\n');
});

test('input text is one argument with %s as space; metacharacters in quotes never run', async () => {
  const { sh, phone, ran } = setup();
  await sh(`input text 'a%sb;%s$(reboot)%s\`id\`%s|%s>%s<%s"d"'`);
  assert.equal(phone.typed, 'a b; $(reboot) `id` | > < "d"');
  assert.deepEqual(ran.map((a) => a[0]), ['input']);
  // Unquoted, the shell really would split and substitute: the mock catches bad escaping.
  await sh('input text a;reboot');
  assert.deepEqual(ran.map((a) => a[0]), ['input', 'input', 'reboot']);
});

test('input text refuses non-ASCII like Android (no key map for it)', async () => {
  const { sh, phone } = setup();
  const r = await sh(`input text 'café'`);
  assert.equal(r.code, 255);
  assert.match(r.err, /NullPointerException/);
  assert.equal(phone.typed, '');
});

test('input gestures and keys map to the phone', async () => {
  const { sh, phone } = setup();
  await sh('input tap 10 20 && input swipe 1 2 3 4 250 && input swipe 5 5 5 5 900 && input draganddrop 1 1 9 9 800');
  await sh('input keyevent KEYCODE_BACK 3 && input touchscreen keyevent 187');
  assert.deepEqual(phone.ops, [
    ['tap', { x: 10, y: 20 }], ['swipe', { x: 1, y: 2 }, { x: 3, y: 4 }, 250], ['longPress', { x: 5, y: 5 }, 900],
    ['drag', { x: 1, y: 1 }, { x: 9, y: 9 }, 800], ['pressKey', 'back'], ['pressKey', 'home'], ['pressKey', 'recents'],
  ]);
  const bad = await sh('input tap x 1');
  assert.equal(bad.code, 1);
  assert.match(bad.err, /Invalid x/);
});

test('screencap, uiautomator dump and cat work like Android', async () => {
  const { sh } = setup();
  const shot = await sh('echo && screencap -p 2>/dev/null');
  assert.deepEqual(shot.raw, Buffer.concat([Buffer.from('\n'), FAKE_PNG]));
  const dump = await sh('uiautomator dump');
  assert.equal(dump.out, 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
  assert.match((await sh('cat /sdcard/window_dump.xml')).out, /^<\?xml/);
  assert.match((await sh('cat /sdcard/nope')).err, /No such file/);
});

test('apps: resolve-activity, am start, monkey, force-stop, dumpsys window', async () => {
  const { sh, phone } = setup();
  assert.equal((await sh('cmd package resolve-activity --brief com.example.notes')).out.split('\n')[1], 'com.example.notes/.MainActivity');
  assert.equal((await sh('am start -n com.example.notes/.MainActivity')).code, 0);
  assert.match((await sh('dumpsys window')).out, /mCurrentFocus=Window\{\S+ u0 com\.example\.notes\//);
  assert.equal((await sh('am start -a android.intent.action.MAIN -c android.intent.category.HOME')).code, 0);
  assert.deepEqual(phone.ops[phone.ops.length - 1], ['pressKey', 'home']);
  const unresolved = await sh('am start -a android.intent.action.VIEW -d https://example.com');
  assert.equal(unresolved.code, 1);
  assert.match(unresolved.err, /unable to resolve Intent/);
  await sh('am force-stop com.example.notes');
  assert.match((await sh('dumpsys window')).out, /mCurrentFocus=null/);
  const m = await sh('monkey -p com.missing.app -c android.intent.category.LAUNCHER 1');
  assert.match(m.err, /No activities found to run, monkey aborted/);
  assert.notEqual(m.code, 0);
  assert.deepEqual(phone.ops.filter((c) => c[0] === 'openApp'), [['openApp', 'com.example.notes']]);
});

test('system: wm, getprop, settings, pm, sqlite3', async () => {
  const { sh } = setup();
  assert.equal((await sh('wm size; wm density')).out, 'Physical size: 1080x2400\nPhysical density: 440\n');
  assert.equal((await sh('getprop ro.build.version.sdk')).out, '34\n');
  assert.equal((await sh('settings get global x')).out, 'null\n');
  assert.equal((await sh('settings put global x 1 && settings get global x')).out, '1\n');
  assert.equal((await sh('pm list packages notes')).out, 'package:com.example.notes\n');
  assert.match((await sh('pm list features')).out, /^feature:android.hardware.touchscreen$/m);
  assert.equal((await sh('sqlite3 /data/data/com.example.notes/databases/notes.db "select * from t"')).out, '1|Buy milk|\n2|a|b|1\n');
  const err = await sh('sqlite3 /data/data/com.example.notes/databases/notes.db "select * from no_such"');
  assert.equal(err.code, 1);
  assert.match(err.err, /^Error: no such table/);
});

test('ADBKeyboard broadcast types Unicode only when installed and selected', async () => {
  const withIme = setup('adbkeyboard');
  const b64 = Buffer.from('你好 ✓').toString('base64');
  await withIme.sh(`am broadcast -a ADB_INPUT_B64 --es msg ${b64}`);
  assert.equal(withIme.phone.typed, '', 'not the active IME yet');
  assert.equal((await withIme.sh('ime list -s')).out, 'com.android.adbkeyboard/.AdbIME\ncom.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME\n');
  await withIme.sh(`ime set com.android.adbkeyboard/.AdbIME && am broadcast -a ADB_INPUT_B64 --es msg ${b64}`);
  assert.equal(withIme.phone.typed, '你好 ✓');

  const without = setup('none');
  assert.equal((await without.sh('ime set com.android.adbkeyboard/.AdbIME')).code, 1);
  await without.sh(`am broadcast -a ADB_INPUT_B64 --es msg ${b64}`);
  assert.equal(without.phone.typed, '');
  await without.sh(`cmd clipboard set-text '你好' && input keyevent 279`);
  assert.equal(without.phone.typed, '你好');
});

test('sleep takes real time, advances the phone clock, and stops when the stream closes', async () => {
  const { env, phone } = setup();
  const t = Date.now();
  assert.equal(await runShell('sleep 0.1', env, () => undefined), 0);
  assert.ok(Date.now() - t >= 90);
  assert.deepEqual(phone.ops.at(-1), ['wait', 100]);
  const abort = new AbortController();
  setTimeout(() => abort.abort(), 50);
  const t2 = Date.now();
  assert.equal(await runShell('sleep 30', { ...env, signal: abort.signal }, () => undefined), 130);
  assert.ok(Date.now() - t2 < 2000);
});
