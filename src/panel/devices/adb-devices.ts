// ADB devices, live: tracks the adb server's device list and keeps the registry in step —
// a device that appears is opened and listed, one that goes offline or away is marked so.
// Only used when an adb server is already running: the extension does not start one
// behind the user's back.
import type { AdbDevice } from '../../device/adb/index';
import type { DeviceRegistry } from './registry';

export interface AdbTracking {
  dispose(): void;
}

export async function trackAdbDevices(registry: DeviceRegistry, log: (msg: string) => void): Promise<AdbTracking | undefined> {
  const adb = await import('../../device/adb/index');
  // autoStart: false — asking a missing server must not spawn one.
  const server = { ...adb.DEFAULT_ADB_SERVER, autoStart: false };
  try {
    await adb.listAdbDevices(server, 2000);
  } catch (err) {
    log(`ADB devices are not listed: no adb server is answering (${err instanceof Error ? err.message : String(err)}). Run \`adb start-server\` and reopen the panel.`);
    return undefined;
  }
  const tracker = new adb.AdbDeviceTracker(adb.adbClient(server), server);
  // Every handle we opened, so none is left retrying in the background once its device left.
  const handles = new Map<string, AdbDevice>();
  const opening = new Set<string>();
  const openHandle = async (serial: string) => {
    const device = await adb.AdbDevice.open(serial);
    await handles.get(serial)?.close().catch(() => {});
    handles.set(serial, device);
    return device;
  };
  const open = async (serial: string) => {
    if (opening.has(serial) || registry.get(`adb:${serial}`)?.online) return;
    opening.add(serial);
    try {
      const device = await openHandle(serial);
      const info = await device.info().catch(() => ({ model: serial }));
      registry.add(device, `${info.model} (${serial})`, () => openHandle(serial));
    } catch (err) {
      log(`could not open ADB device ${serial}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      opening.delete(serial);
    }
  };
  const release = (serial: string) => {
    void handles.get(serial)?.close().catch(() => {});
    handles.delete(serial);
  };
  tracker.on('change', (d) => {
    if (d.state === 'device') {
      void open(d.serial);
      return;
    }
    registry.markOffline(`adb:${d.serial}`, d.state === 'gone' ? 'removed from adb' : `adb reports it ${d.state}`);
    // The tracker announces the device again when it returns; the panel's Reconnect reopens it.
    if (d.state === 'gone') release(d.serial);
  });
  tracker.on('error', (err) => log(`ADB tracking: ${err.message}`));
  await tracker.start();
  for (const d of tracker.list()) if (d.state === 'device') void open(d.serial);
  return {
    dispose: () => {
      tracker.stop();
      for (const serial of [...handles.keys()]) release(serial);
    },
  };
}
