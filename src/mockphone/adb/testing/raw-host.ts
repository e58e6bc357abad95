// A minimal ADB *host* over a raw socket, for dispatcher tests that must see individual
// packets (flow control, CLSE handling) — things the real adb server hides.
import net from 'node:net';
import { A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_WRTE, commandName, encodePacket, PacketDecoder, type AdbPacket } from '../packet';

export class RawHost {
  readonly packets: AdbPacket[] = [];
  private waiters: (() => void)[] = [];
  private readonly decoder = new PacketDecoder();
  /** When false, WRTEs from the device are not acknowledged until ack() is called. */
  autoAck = true;
  /** Streams (by device id) with a WRTE we have not acknowledged yet. */
  readonly unacked = new Map<number, number>();
  violations: string[] = [];
  private nextId = 100;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      for (const p of this.decoder.push(d)) this.onPacket(p);
    });
  }

  static async connect(port: number): Promise<RawHost> {
    const s = net.connect(port, '127.0.0.1');
    await new Promise((r) => s.once('connect', r));
    return new RawHost(s);
  }

  private onPacket(p: AdbPacket): void {
    this.packets.push(p);
    if (p.command === A_WRTE) {
      const n = (this.unacked.get(p.arg0) ?? 0) + 1;
      if (n > 1) this.violations.push(`second WRTE on stream ${p.arg0} before OKAY`);
      this.unacked.set(p.arg0, n);
      if (this.autoAck) this.ack(p.arg0, p.arg1);
    }
    for (const w of this.waiters.splice(0)) w();
  }

  ack(deviceId: number, hostId: number): void {
    this.unacked.set(deviceId, 0);
    this.send(A_OKAY, hostId, deviceId);
  }

  send(command: number, arg0: number, arg1: number, payload: Buffer | string = Buffer.alloc(0)): void {
    this.socket.write(encodePacket({ command, arg0, arg1, payload: typeof payload === 'string' ? Buffer.from(payload) : payload }));
  }

  async waitFor(pred: (p: AdbPacket) => boolean, ms = 3000): Promise<AdbPacket> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.packets.find(pred);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`timed out; got ${this.packets.map((p) => commandName(p.command)).join(',')}`);
      await new Promise<void>((r) => { this.waiters.push(r); setTimeout(r, 50); });
    }
  }

  async handshake(maxdata = 256 * 1024): Promise<AdbPacket> {
    this.send(A_CNXN, 0x01000001, maxdata, 'host::features=shell_v2,cmd\0');
    return this.waitFor((p) => p.command === A_CNXN);
  }

  /** Opens a service; resolves with the device's stream id once it answers OKAY (or 0 on CLSE). */
  async open(service: string): Promise<{ hostId: number; deviceId: number }> {
    const hostId = this.nextId++;
    this.send(A_OPEN, hostId, 0, service + '\0');
    const p = await this.waitFor((q) => (q.command === A_OKAY || q.command === A_CLSE) && q.arg1 === hostId);
    return { hostId, deviceId: p.command === A_OKAY ? p.arg0 : 0 };
  }

  /** Payload bytes the device wrote on a stream, and whether it closed it. */
  received(hostId: number): { data: Buffer; closed: boolean } {
    const mine = this.packets.filter((p) => p.arg1 === hostId);
    return { data: Buffer.concat(mine.filter((p) => p.command === A_WRTE).map((p) => p.payload)), closed: mine.some((p) => p.command === A_CLSE) };
  }

  close(): void {
    this.socket.destroy();
  }
}
