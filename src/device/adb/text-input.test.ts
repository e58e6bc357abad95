import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDeviceError } from '../errors';
import type { ShellResult } from './shell-client';
import { ADB_KEYBOARD_IME, TextInput } from './text-input';

function fakeShell(answers: Record<string, string | { exitCode: number; stderr: string }>) {
  const ran: string[] = [];
  const result = (command: string): ShellResult => {
    const a = Object.entries(answers).find(([prefix]) => command.startsWith(prefix))?.[1] ?? '';
    return typeof a === 'string'
      ? { stdout: Buffer.from(a), stderr: Buffer.alloc(0), exitCode: 0 }
      : { stdout: Buffer.alloc(0), stderr: Buffer.from(a.stderr), exitCode: a.exitCode };
  };
  return { ran, shell: { exec: async (c: string) => { ran.push(c); return result(c); }, input: async (c: string) => { ran.push(c); } } };
}

test('ASCII goes through one quoted input text command line', async () => {
  const { ran, shell } = fakeShell({});
  assert.deepEqual(await new TextInput(shell, 'adb:x').type("it's 5%s"), { method: 'input-text', delivered: true });
  assert.deepEqual(ran, [`input text 'it'\\''s%s5%' && input text s`]);
});

test('Unicode uses ADBKeyboard when listed, switching to it once and restoring later', async () => {
  const { ran, shell } = fakeShell({ 'ime list': `${ADB_KEYBOARD_IME}\ncom.stock/.Ime\n`, 'settings get': 'com.stock/.Ime\n' });
  const t = new TextInput(shell, 'adb:x');
  assert.equal((await t.type('你好')).method, 'adb-keyboard');
  assert.equal(ran.at(-1), `ime set ${ADB_KEYBOARD_IME} >/dev/null && sleep 0.3 && am broadcast -a ADB_INPUT_B64 --es msg ${Buffer.from('你好').toString('base64')} >/dev/null`);
  await t.restoreKeyboard();
  assert.equal(ran.at(-1), 'ime set com.stock/.Ime');
});

test('without ADBKeyboard: clipboard paste, or a clear unsupported error', async () => {
  const ok = fakeShell({ 'ime list': 'com.stock/.Ime\n' });
  assert.equal((await new TextInput(ok.shell, 'adb:x').type('é')).method, 'clipboard-paste');
  assert.deepEqual(ok.ran.slice(-2), [`cmd clipboard set-text 'é'`, 'input keyevent 279']);
  const bad = fakeShell({ 'ime list': 'com.stock/.Ime\n', 'cmd clipboard': { exitCode: 20, stderr: "cmd: Can't find service: clipboard" } });
  await assert.rejects(new TextInput(bad.shell, 'adb:x').type('é'), (e) => isDeviceError(e, 'unsupported') && /ADBKeyboard/.test(e.message));
  await assert.rejects(new TextInput(bad.shell, 'adb:x').type(42 as never), (e) => isDeviceError(e, 'invalid-argument'));
});

test('long text: every command line fits MAX_TYPE_COMMAND_BYTES and decodes back to the text', async () => {
  const { androidInputTextDecode, inputTextSteps } = await import('./input-text-encoding');
  const { inputTextLines, packCommands, splitUtf8, MAX_TYPE_COMMAND_BYTES: MAX } = await import('./text-input');
  // The worst cases for quoting: all quotes, all literal "%s", all spaces.
  for (const text of ["'".repeat(9000), '%s'.repeat(9000), ' '.repeat(9000), `a'b %sc\n`.repeat(3000)]) {
    const lines = inputTextLines(text, MAX);
    assert.ok(lines.every((l) => l.length <= MAX), `a line of ${Math.max(...lines.map((l) => l.length))} bytes`);
    // Each line is `input text '<arg>'`/`input keyevent N` commands joined by &&; replaying the steps gives the text back.
    const typed = lines.join(' && ').split(' && ').map((c) => {
      if (c === 'input keyevent 66') return '\n';
      const arg = c.slice('input text '.length);
      return androidInputTextDecode(arg.startsWith("'") ? arg.slice(1, -1).replace(/'\\''/g, "'") : arg);
    }).join('');
    assert.equal(typed, text);
    assert.ok(inputTextSteps(text).length > 0);
  }
  const pieces = splitUtf8('😀é'.repeat(5000), 2048);
  assert.ok(pieces.every((p) => Buffer.byteLength(p) <= 2048 && !/^[\udc00-\udfff]/.test(p)));
  assert.equal(pieces.join(''), '😀é'.repeat(5000));
  assert.deepEqual(packCommands(['aa', 'bb', 'cc'], 8), ['aa && bb', 'cc']);
  assert.throws(() => packCommands(['x'.repeat(9)], 8), /exceeds 8/);
});

test('text over 1 MiB is refused before anything is sent', async () => {
  const { ran, shell } = fakeShell({});
  await assert.rejects(new TextInput(shell, 'adb:x').type('é'.repeat(600_000)), (e) => isDeviceError(e, 'invalid-argument') && /limited to 1048576 bytes/.test(e.message));
  assert.deepEqual(ran, []);
});
