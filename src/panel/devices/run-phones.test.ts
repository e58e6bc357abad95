import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordingDevice } from '../../device/testing/recording-device';
import { ToolbarRegistry } from '../extension-points';
import { KEEP_ITEM, RunPhones } from './run-phones';
import { DeviceRegistry } from './registry';

test('a finished run\'s phone stays until the next run starts, then it is closed and off the picker — unless kept', async () => {
  const registry = new DeviceRegistry();
  const toolbar = new ToolbarRegistry();
  const phones = new RunPhones(registry, toolbar);
  const [a, b, c] = ['mock:1', 'mock:2', 'mock:3'].map((id) => new RecordingDevice(id));
  await phones.start(a, 'run 1');
  phones.finished(a);
  assert.deepEqual(registry.list().map((e) => e.id), ['mock:1'], 'its final screen can still be looked at');
  assert.ok(toolbar.get(`${KEEP_ITEM}.mock:1`, 'mock:1'), 'a Keep phone item on it');
  await phones.start(b, 'run 2');
  assert.deepEqual(registry.list().map((e) => e.id), ['mock:2'], 'released when the next run starts');
  await assert.rejects(a.tap({ x: 1, y: 1 }), /closed/, 'and closed');
  assert.equal(toolbar.get(`${KEEP_ITEM}.mock:1`, 'mock:1'), undefined);
  phones.finished(b);
  await toolbar.get(`${KEEP_ITEM}.mock:2`, 'mock:2')!.run('mock:2');
  await phones.start(c, 'run 3');
  assert.deepEqual(registry.list().map((e) => e.id), ['mock:2', 'mock:3'], 'a kept phone stays');
  await b.tap({ x: 1, y: 1 });
});
