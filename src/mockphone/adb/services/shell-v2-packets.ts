// The packets of adb's shell v2 protocol: [id u8][length u32 LE][data]; ids: 0 stdin,
// 1 stdout, 2 stderr, 3 exit (1 byte), 4 close-stdin, 5 window-size. Written by the shell
// service (shell-v2.ts), read back by the interactive shell (interactive.ts).

export const enum ShellId { Stdin = 0, Stdout = 1, Stderr = 2, Exit = 3, CloseStdin = 4, WindowSize = 5 }

export function shellPacket(id: ShellId, data: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(id, 0);
  head.writeUInt32LE(data.length, 1);
  return Buffer.concat([head, data]);
}

/** Splits a byte stream into v2 packets; keeps partial packets for the next chunk. */
export class ShellPacketReader {
  private buf = Buffer.alloc(0);
  push(chunk: Buffer): { id: number; data: Buffer }[] {
    this.buf = Buffer.concat([this.buf, chunk]);
    const out: { id: number; data: Buffer }[] = [];
    while (this.buf.length >= 5) {
      const len = this.buf.readUInt32LE(1);
      if (this.buf.length < 5 + len) break;
      out.push({ id: this.buf[0], data: this.buf.subarray(5, 5 + len) });
      this.buf = this.buf.subarray(5 + len);
    }
    return out;
  }
}
