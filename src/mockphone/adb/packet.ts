// The ADB transport packet: a 24-byte little-endian header (command, arg0, arg1, payload
// length, payload checksum, magic = command XOR 0xffffffff) followed by the payload.
// Same layout as adbd's `amessage` and Tango's `daemon/packet.ts`.

export const A_CNXN = 0x4e584e43;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_WRTE = 0x45545257;
export const A_CLSE = 0x45534c43;
export const A_AUTH = 0x48545541;
export const A_SYNC = 0x434e5953;

export const HEADER_SIZE = 24;
/** Version this device speaks (no delayed_ack, so the pre-Android-9 "skip checksum" level). */
export const DEVICE_VERSION = 0x01000001;
/** Largest payload we accept and offer: 256 KiB, as modern adbd does. */
export const DEVICE_MAX_DATA = 256 * 1024;

export interface AdbPacket {
  command: number;
  arg0: number;
  arg1: number;
  payload: Buffer;
}

export function commandName(command: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(command >>> 0);
  return /^[A-Z]{4}$/.test(b.toString('latin1')) ? b.toString('latin1') : `0x${(command >>> 0).toString(16)}`;
}

/** ADB's "checksum": the plain sum of the payload bytes (not CRC32). */
export function checksum(payload: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) sum = (sum + payload[i]) >>> 0;
  return sum;
}

export function encodePacket(p: AdbPacket): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeUInt32LE(p.command >>> 0, 0);
  header.writeUInt32LE(p.arg0 >>> 0, 4);
  header.writeUInt32LE(p.arg1 >>> 0, 8);
  header.writeUInt32LE(p.payload.length, 12);
  header.writeUInt32LE(checksum(p.payload), 16);
  header.writeUInt32LE((p.command ^ 0xffffffff) >>> 0, 20);
  return p.payload.length ? Buffer.concat([header, p.payload]) : header;
}

export class PacketError extends Error {
  override readonly name = 'PacketError';
}

/**
 * Incremental decoder: feed socket chunks, get whole packets. Throws PacketError on a bad
 * magic or an oversized payload, after which the connection must be dropped.
 */
export class PacketDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly maxPayload = DEVICE_MAX_DATA * 4) {}

  push(chunk: Buffer): AdbPacket[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: AdbPacket[] = [];
    for (;;) {
      if (this.buffered < HEADER_SIZE) break;
      const head = this.peek(HEADER_SIZE);
      const command = head.readUInt32LE(0);
      const length = head.readUInt32LE(12);
      const magic = head.readUInt32LE(20);
      if (((command ^ 0xffffffff) >>> 0) !== magic) {
        throw new PacketError(`bad packet magic 0x${magic.toString(16)} for command ${commandName(command)}`);
      }
      if (length > this.maxPayload) throw new PacketError(`packet payload of ${length} bytes exceeds ${this.maxPayload}`);
      if (this.buffered < HEADER_SIZE + length) break;
      const whole = this.take(HEADER_SIZE + length);
      out.push({ command, arg0: head.readUInt32LE(4), arg1: head.readUInt32LE(8), payload: whole.subarray(HEADER_SIZE) });
    }
    return out;
  }

  private peek(n: number): Buffer {
    if (this.chunks[0].length < n) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0].subarray(0, n);
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return Buffer.from(taken);
  }
}
