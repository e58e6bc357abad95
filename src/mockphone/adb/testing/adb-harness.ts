// Helpers for end-to-end tests and the benchmark that go through Debian's real `adb`:
// start the server, serve a real mock phone, `adb connect` it, and clean up after.
import { execFile } from 'node:child_process';
import net from 'node:net';
import { createMockPhone, type MockPhone } from '../../index';
import { serveMockPhoneOverAdb, type AdbPhoneServer, type ServeAdbOptions } from '../server';

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

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A currently free port in 15555–15599, tried in random order. */
export async function freeTestPort(): Promise<number> {
  const ports = Array.from({ length: TEST_PORTS.last - TEST_PORTS.first + 1 }, (_, k) => TEST_PORTS.first + k)
    .sort(() => Math.random() - 0.5);
  for (const p of ports) if (await isFree(p)) return p;
  throw new Error(`no free port in ${TEST_PORTS.first}–${TEST_PORTS.last}`);
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
  for (const m of xml.matchAll(/<node [^>]*>/g)) {
    const node = m[0];
    const attrs = ['text', 'content-desc', 'resource-id'].map((a) => decodeXml(new RegExp(` ${a}="([^"]*)"`).exec(node)?.[1] ?? ''));
    if (!attrs.includes(match)) continue;
    const b = /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(node);
    if (b) return { x: (Number(b[1]) + Number(b[3])) / 2, y: (Number(b[2]) + Number(b[4])) / 2 };
  }
  throw new Error(`no UI node '${match}'`);
}

/** The text attribute of the node with this resource-id. */
export function nodeText(xml: string, resourceId: string): string | undefined {
  for (const m of xml.matchAll(/<node [^>]*>/g)) {
    if (m[0].includes(`resource-id="${resourceId}"`)) return decodeXml(/ text="([^"]*)"/.exec(m[0])?.[1] ?? '');
  }
  return undefined;
}

export function decodeXml(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e.toLowerCase()];
  });
}
