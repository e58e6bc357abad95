// Test kit for AdbDevice end-to-end tests: a real mock phone served on the ADB wire protocol
// (mockphone/adb/testing/adb-harness.ts) with an AdbDevice open on it, for one suite or one
// test, and `ran`, every command the phone's shell ran (argv), to assert what went over the wire.
import { after, before } from 'node:test';
import { serveConnectedPhone, type ServedPhone } from '../../mockphone/adb/testing/adb-harness';
import type { ServeAdbOptions } from '../../mockphone/adb/server';
import { AdbDevice } from './adb-device';

type ServeOptions = Omit<ServeAdbOptions, 'port' | 'onCommand'> & { seed?: number };

export interface ServedDevice {
  served: ServedPhone;
  /** A test may close it and open another; the suite's `after` closes whichever is here. */
  device: AdbDevice;
  /** argv of every command the phone ran; tests clear it (`ran.length = 0`) before a step. */
  readonly ran: string[][];
}

async function open(options: ServeOptions): Promise<ServedDevice> {
  const ran: string[][] = [];
  const served = await serveConnectedPhone({ ...options, onCommand: (argv) => ran.push(argv) });
  try {
    return { served, device: await AdbDevice.open(served.serial), ran };
  } catch (err) {
    await served.stop();
    throw err;
  }
}

async function close(s: Partial<ServedDevice> | undefined): Promise<void> {
  await s?.device?.close();
  await s?.served?.stop();
}

/**
 * Inside a `describe`: one served phone and AdbDevice shared by its tests, opened before the
 * first and closed after the last. Read it in tests (`fx.device`), not at describe time.
 */
export function servedDeviceForSuite(options: ServeOptions = {}): ServedDevice {
  let current: ServedDevice | undefined;
  const get = (): ServedDevice => {
    if (!current) throw new Error('servedDeviceForSuite: read it inside a test (it opens in `before`)');
    return current;
  };
  before(async () => {
    current = await open(options);
  });
  after(() => close(current));
  return {
    get served() { return get().served; },
    get device() { return get().device; },
    set device(d: AdbDevice) { get().device = d; },
    get ran() { return get().ran; },
  };
}

/** One test's own served phone and AdbDevice: opened, handed to `body`, closed whatever happens. */
export async function withServedDevice<T>(options: ServeOptions, body: (s: ServedDevice) => Promise<T>): Promise<T> {
  const s = await open(options);
  try {
    return await body(s);
  } finally {
    await close(s);
  }
}
