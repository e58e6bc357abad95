// Helpers for end-to-end tests and the benchmark that go through Debian's real `adb`:
// start the server, serve a real mock phone, `adb connect` it, and clean up after.
import { execFile } from 'node:child_process';
import { createMockPhone, type MockPhone } from '../../index';
import { parseUiTree } from '../../../device/ui-tree';
import { serveMockPhoneOverAdb, type AdbPhoneServer, type ServeAdbOptions } from '../server';
import { findFreePort } from '../../../../scripts/lib/ports.mjs';

export const ADB = process.env.ADB_BIN ?? 'adb';

export interface AdbRun {
  stdout: Buffer;
  stderr: string;
  code: number;
}

/** Runs the adb CLI; never rejects for a non-zero exit (tests check `code`). */
export function adb(args: string[], timeoutMs = 20_000): Promise<AdbRun> {
  return new Promise((resolve, reject) => {
    execFile(ADB, args, { encoding: 'buffer', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : err ? -1 : 0;
      if (err && (err as { code?: unknown }).code === 'ENOENT') reject(new Error(`'${ADB}' is not installed (apt-get install -y adb)`));
      else resolve({ stdout, stderr: stderr.toString('utf8'), code });
    });
  });
}

export async function startAdbServer(): Promise<void> {
  const r = await adb(['start-server']);
  if (r.code !== 0) throw new Error(`adb start-server failed: ${r.stderr}`);
}

/** `adb connect`, retried until the device is listed as 'device'. */
export async function adbConnect(serial: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    await adb(['connect', serial]);
    const state = await adb(['-s', serial, 'get-state']);
    last = state.stdout.toString().trim() + state.stderr.trim();
    if (last === 'device') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`adb connect ${serial}: device never became ready (${last})`);
}

export async function adbDisconnect(serial: string): Promise<void> {
  await adb(['disconnect', serial]);
}

/** The ports ADB tests may use; several test runs may share the machine, so pick free ones. */
export const TEST_PORTS = { first: 15555, last: 15599 };

/** A currently free port in 15555–15599 (scripts/lib/ports.mjs, from a random offset). */
export function freeTestPort(): Promise<number> {
  return findFreePort(TEST_PORTS.first, TEST_PORTS.last);
}

/** serveMockPhoneOverAdb on a free test port (retrying if another run grabs it first). */
export async function serveOnFreePort(phone: MockPhone, options: Omit<ServeAdbOptions, 'port'> = {}): Promise<AdbPhoneServer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await serveMockPhoneOverAdb(phone, { ...options, port: await freeTestPort() });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EADDRINUSE' || attempt >= 10) throw err;
    }
  }
}

export interface ServedPhone {
  phone: MockPhone;
  server: AdbPhoneServer;
  serial: string;
  /** Stops serving, disconnects adb and closes the phone. */
  stop(): Promise<void>;
}

/** A real mock phone served on a free test port and `adb connect`ed. */
export async function serveConnectedPhone(options: Omit<ServeAdbOptions, 'port'> & { seed?: number } = {}): Promise<ServedPhone> {
  const phone = await createMockPhone({ seed: options.seed ?? 0 });
  const server = await serveOnFreePort(phone, options);
  await adbConnect(server.serial);
  return {
    phone, server, serial: server.serial,
    stop: async () => {
      await adbDisconnect(server.serial);
      await server.close();
      await phone.close();
    },
  };
}

/** Centre of the first UI node whose text, content-desc or resource-id matches. */
export function nodeCenter(xml: string, match: string): { x: number; y: number } {
  const n = parseUiTree(xml).nodes.find((x) => [x.text, x.contentDesc, x.resourceId].includes(match));
  if (!n) throw new Error(`no UI node '${match}'`);
  return { x: (n.bounds.x1 + n.bounds.x2) / 2, y: (n.bounds.y1 + n.bounds.y2) / 2 };
}

/** The text attribute of the node with exactly this resource-id. */
export function nodeText(xml: string, resourceId: string): string | undefined {
  return parseUiTree(xml).nodes.find((n) => n.resourceId === resourceId)?.text;
}
