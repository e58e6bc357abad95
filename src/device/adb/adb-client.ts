// One adbkit client per adb server address, shared by every AdbDevice and the CLI, plus
// the host-side requests we use: list, connect, disconnect, features.
import { Adb } from '@devicefarmer/adbkit';
import type Client from '@devicefarmer/adbkit/dist/src/adb/client';
import { DeviceError } from '../errors';
import { toDeviceError } from './errors';
import { DEFAULT_ADB_SERVER, hostQuery, type AdbServerAddress } from './server-socket';
import { withTimeout } from './timeout';

/** adb's states; 'device' means ready. */
export type AdbState = 'device' | 'emulator' | 'offline' | 'unauthorized' | 'unknown' | 'gone';

export interface TrackedDevice {
  serial: string;
  state: AdbState;
}

const clients = new Map<string, Client>();

export function adbClient(server: AdbServerAddress = DEFAULT_ADB_SERVER): Client {
  const key = `${server.host}:${server.port}:${server.bin}:${server.autoStart !== false}`;
  let c = clients.get(key);
  if (!c) {
    // adbkit starts a refused server with `bin start-server`; 'false' (the POSIX command
    // that only fails) turns that off when autoStart is false.
    c = Adb.createClient({ host: server.host, port: server.port, bin: server.autoStart === false ? 'false' : server.bin });
    clients.set(key, c);
  }
  return c;
}

export async function listAdbDevices(server: AdbServerAddress = DEFAULT_ADB_SERVER, timeoutMs = 10_000): Promise<TrackedDevice[]> {
  const text = await withTimeout(hostQuery(server, 'host:devices'), timeoutMs, 'listing devices')
    .catch((e: unknown) => { throw toDeviceError(e, undefined, 'listing devices'); });
  return text.split('\n').filter((l) => l.trim()).map((l) => {
    const [serial, state] = l.split('\t');
    return { serial, state: (state ?? 'unknown') as AdbState };
  });
}

/** Splits `host[:port]` (default port 5555, as `adb connect` does). */
export function parseHostPort(target: string): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(target.trim());
  const port = m?.[2] === undefined ? 5555 : Number(m[2]);
  if (!m || port < 1 || port > 65535) throw new DeviceError('invalid-argument', `expected host[:port], got ${JSON.stringify(target)}`);
  return { host: m[1], port };
}

/** The adb server's view of one device: 'device', 'offline', 'unauthorized', … or 'gone'. */
export async function deviceState(serial: string, server: AdbServerAddress = DEFAULT_ADB_SERVER, timeoutMs = 5000): Promise<AdbState> {
  try {
    return (await withTimeout(hostQuery(server, `host-serial:${serial}:get-state`), timeoutMs, 'get-state')).trim() as AdbState;
  } catch (e) {
    const err = toDeviceError(e, `adb:${serial}`, 'get-state');
    if (err.code === 'server' || err.code === 'timeout') throw err;
    if (/offline/i.test(err.message)) return 'offline';
    if (/unauthorized/i.test(err.message)) return 'unauthorized';
    return 'gone';
  }
}

/**
 * `adb connect host:port` (a Wi-Fi phone, a remote ADB device, a DeviceFarmer STF
 * "remote connect" URL). Resolves with the serial once the device is ready. adb 29 may
 * answer "failed to connect" although the device comes up a moment later, and keeps a
 * dropped TCP device as an offline transport that `connect` calls "already connected" —
 * so we judge by the device state, and drop a stale offline transport before reconnecting.
 */
export async function connectTcpDevice(target: string, server: AdbServerAddress = DEFAULT_ADB_SERVER, timeoutMs = 15_000): Promise<string> {
  const { host, port } = parseHostPort(target);
  const serial = `${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  const connect = (): Promise<string> => withTimeout(hostQuery(server, `host:connect:${serial}`), Math.max(500, deadline - Date.now()), `connecting to ${serial}`)
    .catch((e: unknown) => { throw toDeviceError(e, `adb:${serial}`, `connecting to ${serial}`); });
  // A server that was started a moment ago can close the first host:connect while it settles;
  // one retry after a short pause (within the deadline) rides that out.
  let reply = await connect().catch(async (e: unknown) => {
    if ((e as { code?: string }).code !== 'disconnected' || deadline - Date.now() < 1000) throw e;
    await new Promise((r) => setTimeout(r, 250));
    return connect();
  });
  let state = await deviceState(serial, server);
  if (state !== 'device' && /already connected/.test(reply)) {
    await hostQuery(server, `host:disconnect:${serial}`).catch(() => undefined);
    reply = await connect();
  }
  // The transport needs a moment after CNXN; poll its state briefly.
  const settle = Math.min(deadline, Date.now() + 3000);
  while ((state = await deviceState(serial, server)) !== 'device' && Date.now() < settle) await new Promise((r) => setTimeout(r, 100));
  if (state === 'unauthorized') {
    throw new DeviceError('disconnected', `${serial} is unauthorized: accept the "Allow USB debugging?" prompt on the phone (for STF, add your ~/.android/adbkey.pub under Settings → Keys)`, `adb:${serial}`);
  }
  if (state !== 'device') {
    throw new DeviceError('disconnected', `adb could not connect to ${serial}: ${reply.trim()} (state: ${state})`, `adb:${serial}`);
  }
  return serial;
}

export async function disconnectTcpDevice(target: string, server: AdbServerAddress = DEFAULT_ADB_SERVER, timeoutMs = 10_000): Promise<void> {
  const { host, port } = parseHostPort(target);
  const serial = `${host}:${port}`;
  await withTimeout(hostQuery(server, `host:disconnect:${serial}`), timeoutMs, `disconnecting ${serial}`)
    .catch((e: unknown) => {
      const err = toDeviceError(e, `adb:${serial}`, `disconnecting ${serial}`);
      if (!/no such device/i.test(err.message)) throw err;
    });
}

export async function deviceFeatures(serial: string, server: AdbServerAddress = DEFAULT_ADB_SERVER, timeoutMs = 10_000): Promise<string[]> {
  const text = await withTimeout(hostQuery(server, `host-serial:${serial}:features`), timeoutMs, 'reading device features', `adb:${serial}`)
    .catch((e: unknown) => { throw toDeviceError(e, `adb:${serial}`, 'reading device features'); });
  return text.trim().split(',').filter(Boolean);
}
