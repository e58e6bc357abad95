// The smart-socket protocol of the adb server (port 5037): requests are a 4-hex-digit
// length plus the text, answers start with OKAY or FAIL+hex4+message. After
// `host:transport:<serial>` and a device service such as `shell,v2,raw:…`, the socket IS
// the device stream. We speak it directly (instead of through adbkit) so every call owns
// its socket and can be torn down on timeout.
import { execFile } from 'node:child_process';
import net from 'node:net';
import { DeviceError } from '../errors';

export interface AdbServerAddress {
  host: string;
  port: number;
  /** The adb binary used to start a dead server. */
  bin: string;
  /** Start the server when it is not running (default true; the extension passes false). */
  autoStart?: boolean;
}

export const DEFAULT_ADB_SERVER: AdbServerAddress = {
  host: process.env.ADB_SERVER_HOST ?? '127.0.0.1',
  port: Number(process.env.ANDROID_ADB_SERVER_PORT ?? 5037),
  bin: process.env.ADB_BIN ?? 'adb',
};

export function encodeRequest(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'ascii'), body]);
}

/**
 * Reads exact byte counts from a socket, keeping the rest for later readers. Chunks are
 * kept in a list and joined only when read, so a multi-megabyte screenshot arriving in
 * 64 KiB pieces costs one copy, not one per piece.
 */
export class SocketReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private waiter: (() => void) | undefined;
  private ended = false;
  private error: Error | undefined;

  constructor(readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  private onData = (d: Buffer): void => { this.chunks.push(d); this.length += d.length; this.wake(); };
  private onEnd = (): void => { this.ended = true; this.wake(); };
  private onError = (e: Error): void => { this.error = e; this.ended = true; this.wake(); };

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  get isEnded(): boolean {
    return this.ended && this.length === 0;
  }

  private take(n: number): Buffer {
    let out: Buffer;
    if (this.chunks[0].length >= n) {
      out = this.chunks[0].subarray(0, n);
      this.chunks[0] = this.chunks[0].subarray(n);
      if (this.chunks[0].length === 0) this.chunks.shift();
    } else {
      const all = Buffer.concat(this.chunks);
      out = all.subarray(0, n);
      const rest = all.subarray(n);
      this.chunks = rest.length ? [rest] : [];
    }
    this.length -= n;
    return out;
  }

  /** Exactly n bytes, or undefined when the socket ended first. */
  async read(n: number): Promise<Buffer | undefined> {
    while (this.length < n) {
      if (this.ended) { if (this.error) throw this.error; return undefined; }
      await new Promise<void>((r) => { this.waiter = r; });
    }
    return n === 0 ? Buffer.alloc(0) : this.take(n);
  }

  /** Everything until the socket ends. */
  async readAll(): Promise<Buffer> {
    while (!this.ended) await new Promise<void>((r) => { this.waiter = r; });
    if (this.error && this.length === 0) throw this.error;
    const out = Buffer.concat(this.chunks);
    this.chunks = [];
    this.length = 0;
    return out;
  }
}

/** Reads OKAY, or turns FAIL+message into an Error carrying the server's words. */
export async function readStatus(reader: SocketReader, request: string): Promise<void> {
  const status = (await reader.read(4))?.toString('ascii');
  if (status === 'OKAY') return;
  if (status === 'FAIL') {
    const len = parseInt((await reader.read(4))?.toString('ascii') ?? '0', 16);
    const msg = (await reader.read(len))?.toString('utf8') ?? '';
    throw new Error(msg || `adb server refused '${request}'`);
  }
  throw new Error(status === undefined ? `adb server closed the connection during '${request}'` : `unexpected adb server reply '${status}' to '${request}'`);
}

function connectOnce(addr: AdbServerAddress): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: addr.host, port: addr.port });
    s.setNoDelay(true);
    s.once('connect', () => { s.off('error', reject); resolve(s); });
    s.once('error', reject);
  });
}

let starting: Promise<void> | undefined;

/** Runs `adb start-server` (once at a time); rejects with DeviceError('server') if it fails. */
export function startAdbServer(addr: AdbServerAddress = DEFAULT_ADB_SERVER): Promise<void> {
  starting ??= new Promise<void>((resolve, reject) => {
    execFile(addr.bin, ['-P', String(addr.port), 'start-server'], { timeout: 15_000 }, (err, _out, stderr) => {
      starting = undefined;
      if (err) reject(new DeviceError('server', `adb server on ${addr.host}:${addr.port} is not running and '${addr.bin} start-server' failed: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
  return starting;
}

/** A socket to the adb server, starting the server once if it is not running (local only). */
export async function connectServer(addr: AdbServerAddress): Promise<net.Socket> {
  try {
    return await connectOnce(addr);
  } catch (err) {
    const code = (err as { code?: string }).code;
    const local = addr.host === '127.0.0.1' || addr.host === 'localhost';
    if (code !== 'ECONNREFUSED' || !local || addr.autoStart === false) {
      throw new DeviceError('server', `cannot reach the adb server at ${addr.host}:${addr.port}: ${(err as Error).message}`, undefined, { cause: err });
    }
    await startAdbServer(addr);
    return connectOnce(addr).catch((e: Error) => {
      throw new DeviceError('server', `adb server at ${addr.host}:${addr.port} did not come up after start-server: ${e.message}`, undefined, { cause: e });
    });
  }
}

/** A host request answered with a length-prefixed value (e.g. `host-serial:X:features`). */
export async function hostQuery(addr: AdbServerAddress, request: string): Promise<string> {
  const socket = await connectServer(addr);
  const reader = new SocketReader(socket);
  try {
    socket.write(encodeRequest(request));
    await readStatus(reader, request);
    const len = parseInt((await reader.read(4))?.toString('ascii') ?? '', 16);
    if (!Number.isFinite(len)) throw new Error(`bad length in reply to '${request}'`);
    return (await reader.read(len))?.toString('utf8') ?? '';
  } finally {
    socket.destroy();
  }
}

/** Opens a device service; the returned reader's socket is the service's stream. */
export async function openDeviceService(addr: AdbServerAddress, serial: string, service: string): Promise<SocketReader> {
  const socket = await connectServer(addr);
  const reader = new SocketReader(socket);
  try {
    const transport = `host:transport:${serial}`;
    socket.write(encodeRequest(transport));
    await readStatus(reader, transport);
    socket.write(encodeRequest(service));
    await readStatus(reader, service.slice(0, 60));
    return reader;
  } catch (err) {
    socket.destroy();
    throw err;
  }
}
