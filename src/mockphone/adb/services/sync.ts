// `sync:` — the file transfer protocol behind `adb pull/push` and adbkit's sync service.
// Requests are [id 4 ASCII][length u32 LE][path]; we answer STAT, LIST, RECV, SEND, QUIT.
import { FileError, type DeviceFiles } from '../device-files';
import type { AdbStream } from '../stream';

const MAX_CHUNK = 64 * 1024;

/** Buffers stream data so the protocol can be read as "give me n bytes". */
class ByteReader {
  private buf = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  private closed = false;

  constructor(stream: AdbStream) {
    stream.on('data', (d) => { this.buf = Buffer.concat([this.buf, d]); this.wake(); });
    stream.on('close', () => { this.closed = true; this.wake(); });
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }

  /** n bytes, or undefined if the stream closed first. */
  async read(n: number): Promise<Buffer | undefined> {
    while (this.buf.length < n) {
      if (this.closed) return undefined;
      await new Promise<void>((r) => { this.waiter = r; });
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
}

function header(id: string, value: number): Buffer {
  const b = Buffer.alloc(8);
  b.write(id, 0, 'latin1');
  b.writeUInt32LE(value >>> 0, 4);
  return b;
}

function fail(message: string): Buffer {
  const msg = Buffer.from(message, 'utf8');
  return Buffer.concat([header('FAIL', msg.length), msg]);
}

export function syncService(files: DeviceFiles) {
  return async (stream: AdbStream): Promise<void> => {
    const reader = new ByteReader(stream);
    for (;;) {
      const head = await reader.read(8);
      if (!head) return;
      const id = head.toString('latin1', 0, 4);
      const len = head.readUInt32LE(4);
      if (id === 'QUIT') return;
      if (len > 4096) { await stream.write(fail(`path too long (${len} bytes)`)); return; }
      const arg = (await reader.read(len))?.toString('utf8');
      if (arg === undefined) return;
      switch (id) {
        case 'STAT': await stream.write(stat(files, arg)); break;
        case 'LIST': await stream.write(list(files, arg)); break;
        case 'RECV': await recv(files, arg, stream); break;
        case 'SEND': if (!(await send(files, arg, reader, stream))) return; break;
        default: await stream.write(fail(`unsupported sync request ${id}`)); return;
      }
    }
  };
}

function stat(files: DeviceFiles, path: string): Buffer {
  const st = files.stat(path);
  const b = Buffer.alloc(16);
  b.write('STAT', 0, 'latin1');
  if (st) {
    b.writeUInt32LE(st.mode, 4);
    b.writeUInt32LE(st.size, 8);
    b.writeUInt32LE(st.mtimeSec, 12);
  }
  return b; // all zero = does not exist, as adbd answers
}

function list(files: DeviceFiles, dir: string): Buffer {
  const parts: Buffer[] = [];
  for (const name of files.list(dir) ?? []) {
    const st = files.stat(`${dir}/${name}`);
    if (!st) continue;
    const n = Buffer.from(name, 'utf8');
    const b = Buffer.alloc(20);
    b.write('DENT', 0, 'latin1');
    b.writeUInt32LE(st.mode, 4);
    b.writeUInt32LE(st.size, 8);
    b.writeUInt32LE(st.mtimeSec, 12);
    b.writeUInt32LE(n.length, 16);
    parts.push(b, n);
  }
  const done = Buffer.alloc(20);
  done.write('DONE', 0, 'latin1');
  parts.push(done);
  return Buffer.concat(parts);
}

async function recv(files: DeviceFiles, path: string, stream: AdbStream): Promise<void> {
  let data: Buffer;
  try {
    data = files.read(path);
  } catch (err) {
    await stream.write(fail(err instanceof FileError ? err.reason : String(err)));
    return;
  }
  const parts: Buffer[] = [];
  for (let off = 0; off < data.length; off += MAX_CHUNK) {
    const chunk = data.subarray(off, off + MAX_CHUNK);
    parts.push(header('DATA', chunk.length), chunk);
  }
  parts.push(header('DONE', 0));
  await stream.write(Buffer.concat(parts));
}

/** Receives a pushed file; false if the stream ended mid-transfer. */
async function send(files: DeviceFiles, arg: string, reader: ByteReader, stream: AdbStream): Promise<boolean> {
  const comma = arg.lastIndexOf(',');
  const path = comma >= 0 ? arg.slice(0, comma) : arg;
  const chunks: Buffer[] = [];
  for (;;) {
    const head = await reader.read(8);
    if (!head) return false;
    const id = head.toString('latin1', 0, 4);
    const len = head.readUInt32LE(4);
    if (id === 'DONE') break;
    if (id !== 'DATA' || len > MAX_CHUNK) { await stream.write(fail(`unexpected ${id} during SEND`)); return false; }
    const data = await reader.read(len);
    if (!data) return false;
    chunks.push(Buffer.from(data));
  }
  try {
    files.write(path, Buffer.concat(chunks));
    await stream.write(header('OKAY', 0));
  } catch (err) {
    await stream.write(fail(err instanceof Error ? err.message : String(err)));
  }
  return true;
}
