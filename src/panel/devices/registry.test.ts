import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DeviceRegistry } from './registry';
import { RecordingDevice } from '../../device/testing/recording-device';

test('devices are listed live: added, disconnected (kept, offline), reconnected, removed', async () => {
  const registry = new DeviceRegistry();
  let changes = 0;
  registry.onDidChange(() => changes++);
  const phone = new RecordingDevice('mock:1');
  registry.add(phone, 'Mock phone 1', async () => new RecordingDevice('mock:1'));
  assert.deepEqual(registry.summaries(), [{ id: 'mock:1', label: 'Mock phone 1', kind: 'mock', online: true }]);
  phone.emit({ type: 'disconnected', reason: 'usb unplugged' });
  assert.equal(registry.get('mock:1')?.online, false);
  assert.equal(registry.get('mock:1')?.reason, 'usb unplugged');
  assert.equal(registry.device('mock:1'), undefined, 'no handle to an offline device');
  const back = await registry.reconnect('mock:1');
  assert.notEqual(back, phone);
  assert.equal(registry.device('mock:1'), back);
  phone.emit({ type: 'disconnected', reason: 'late event from the old handle' });
  assert.equal(registry.get('mock:1')?.online, true, 'the old handle no longer speaks for the device');
  registry.remove('mock:1');
  assert.deepEqual(registry.list(), []);
  assert.equal(changes, 4);
});

test('reconnect explains what it cannot do', async () => {
  const registry = new DeviceRegistry();
  await assert.rejects(registry.reconnect('adb:nope'), /no device 'adb:nope' is known/);
  const d = new RecordingDevice('adb:x');
  registry.add(d, 'Pixel');
  registry.markOffline('adb:x', 'gone');
  await assert.rejects(registry.reconnect('adb:x'), /Pixel cannot be reconnected from here/);
});

test('a throwing listener does not stop the others', () => {
  const registry = new DeviceRegistry();
  let heard = false;
  const orig = console.error;
  console.error = () => {};
  try {
    registry.onDidChange(() => { throw new Error('boom'); });
    registry.onDidChange(() => { heard = true; });
    registry.add(new RecordingDevice('mock:2'), 'Mock phone 2');
  } finally {
    console.error = orig;
  }
  assert.ok(heard);
});
