import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordingDevice } from '../device/testing/recording-device';
import { DeviceRegistry } from './devices/registry';
import { ToolbarRegistry } from './extension-points';
import { followDevices } from './follow-devices';
import { PanelSession } from './panel-session';
import { webviewPort } from './testing/webview-port';

test('a panel with no device takes the newest phone that comes; one on an offline phone keeps it; one whose phone left takes another', () => {
  const registry = new DeviceRegistry();
  const { port } = webviewPort();
  const session = new PanelSession(port, { registry, toolbar: new ToolbarRegistry(), log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  const stop = followDevices(session, registry);
  assert.equal(session.currentDeviceId, undefined);
  registry.add(new RecordingDevice('mock:3'), 'Mock phone 3');
  assert.equal(session.currentDeviceId, 'mock:3', 'the first phone to come is shown');
  registry.add(new RecordingDevice('mock:4'), 'Mock phone 4');
  assert.equal(session.currentDeviceId, 'mock:3', 'a panel showing a phone keeps it');
  registry.markOffline('mock:3', 'closed');
  assert.equal(session.currentDeviceId, 'mock:3', 'offline: the panel offers to reconnect it');
  registry.remove('mock:3');
  assert.equal(session.currentDeviceId, 'mock:4', 'gone: the newest online phone');
  stop();
  session.dispose();
});
