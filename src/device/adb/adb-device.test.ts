import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freeTestPort } from '../../mockphone/adb/testing/adb-harness';
import { isDeviceError } from '../errors';
import { listAdbDevices, parseHostPort } from './adb-client';
import { parseForegroundApp } from './adb-device';
import { toDeviceError } from './errors';
import { isCompletePng } from './screenshot';

test('foreground app from dumpsys window (mCurrentFocus, else mFocusedApp)', () => {
  assert.equal(parseForegroundApp('  mCurrentFocus=Window{4f2a u0 com.android.chrome/org.chromium.chrome.browser.ChromeTabbedActivity}\n'), 'com.android.chrome');
  assert.equal(parseForegroundApp('  mCurrentFocus=Window{4f2a u0 StatusBar}\n  mFocusedApp=ActivityRecord{9a1 u0 com.example.notes/.MainActivity t3}\n'), 'com.example.notes');
  assert.equal(parseForegroundApp('  mCurrentFocus=null\n  mFocusedApp=null\n'), undefined);
});

test('host:port parsing for adb connect', () => {
  assert.deepEqual(parseHostPort('192.168.1.7'), { host: '192.168.1.7', port: 5555 });
  assert.deepEqual(parseHostPort('stf.example.com:7401'), { host: 'stf.example.com', port: 7401 });
  assert.throws(() => parseHostPort('a:b:c'), /host\[:port\]/);
  assert.throws(() => parseHostPort('h:70000'), /host\[:port\]/);
});

test('adb failures map to typed device errors', () => {
  assert.equal(toDeviceError(new Error("device '127.0.0.1:15555' not found"), 'adb:x', 'tap').code, 'disconnected');
  assert.equal(toDeviceError(new Error('device offline'), 'adb:x', 'tap').code, 'disconnected');
  assert.equal(toDeviceError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'adb:x', 'tap').code, 'server');
  assert.equal(toDeviceError(new Error('device unauthorized.'), 'adb:x', 'tap').code, 'disconnected');
  assert.equal(toDeviceError(new Error('weird'), 'adb:x', 'tap').code, 'command-failed');
});

test('a cut-off PNG is recognised', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  assert.ok(isCompletePng(png));
  assert.ok(!isCompletePng(png.subarray(0, png.length - 10)));
});

test('a dead adb server that cannot be started is reported clearly', async () => {
  const port = await freeTestPort(); // nothing listens there
  await assert.rejects(listAdbDevices({ host: '127.0.0.1', port, bin: '/nonexistent/adb' }), (e) =>
    isDeviceError(e, 'server') && e.message.includes(`adb server on 127.0.0.1:${port} is not running and '/nonexistent/adb start-server' failed`));
});

test('autoStart: false reports a missing server instead of starting one', async () => {
  const port = await freeTestPort();
  await assert.rejects(listAdbDevices({ host: '127.0.0.1', port, bin: 'adb', autoStart: false }), (e) =>
    isDeviceError(e, 'server') && e.message.includes(`cannot reach the adb server at 127.0.0.1:${port}`));
});
