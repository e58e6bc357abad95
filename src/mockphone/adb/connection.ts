// One host connection to the served mock phone: answers CNXN (no AUTH), keeps the stream
// table, and dispatches OPEN to a service. Packet rules follow adbd (see machine notes):
// OKAY every host WRTE, tolerate a second CLSE, refuse unknown services with CLSE.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { deviceBanner, parseBanner } from './banner';
import {
  A_AUTH, A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_WRTE, DEVICE_MAX_DATA, DEVICE_VERSION,
  encodePacket, PacketDecoder, type AdbPacket,
} from './packet';
import { AdbStream, type StreamTransport } from './stream';

export type ServiceHandler = (stream: AdbStream) => void | Promise<void>;
/** Picks the handler for an OPEN destination such as `shell:ls`; undefined refuses it. */
export type ServiceRouter = (destination: string) => ServiceHandler | undefined;

export interface ConnectionOptions {
  props: () => Record<string, string>;
  /** Features announced in the banner (default shell_v2,cmd). */
  features?: readonly string[];
  router: ServiceRouter;
  /** 'never': ask for AUTH and never accept — the phone stays "unauthorized" (an unanswered prompt). */
  auth?: 'none' | 'never';
  onError?: (err: unknown) => void;
}

const AUTH_TOKEN = 1;
const AUTH_SIGNATURE = 2;

export class AdbDeviceConnection implements StreamTransport {
  private readonly decoder = new PacketDecoder();
  private readonly streams = new Map<number, AdbStream>();
  private nextLocalId = 1;
  private connected = false;
  maxPayload = DEVICE_MAX_DATA;
  hostFeatures: string[] = [];

  constructor(private readonly socket: Socket, private readonly options: ConnectionOptions) {
    socket.setNoDelay(true); // ≈2 ms per shell command instead of ≈45 ms (Nagle + delayed ACK)
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.closeAll());
    socket.on('error', () => this.closeAll());
  }

  get streamCount(): number {
    return this.streams.size;
  }

  destroy(): void {
    this.socket.destroy();
    this.closeAll();
  }

  sendWrite(localId: number, remoteId: number, data: Buffer): void {
    this.send({ command: A_WRTE, arg0: localId, arg1: remoteId, payload: data });
  }

  sendClose(localId: number, remoteId: number): void {
    this.send({ command: A_CLSE, arg0: localId, arg1: remoteId, payload: Buffer.alloc(0) });
  }

  private send(p: AdbPacket): void {
    if (!this.socket.destroyed) this.socket.write(encodePacket(p));
  }

  private onData(chunk: Buffer): void {
    let packets: AdbPacket[];
    try {
      packets = this.decoder.push(chunk);
    } catch (err) {
      this.options.onError?.(err);
      this.destroy();
      return;
    }
    for (const p of packets) this.handle(p);
  }

  private handle(p: AdbPacket): void {
    switch (p.command) {
      case A_CNXN: return this.handleConnect(p);
      // A signature never verifies here: ask again until the host offers its public key,
      // then wait forever, like a phone whose "Allow USB debugging?" prompt nobody answers.
      case A_AUTH: if (this.options.auth === 'never' && p.arg0 === AUTH_SIGNATURE) this.sendAuthToken(); return;
      case A_OPEN: return this.handleOpen(p);
      case A_OKAY: return this.streams.get(p.arg1)?.handleOkay();
      case A_WRTE: {
        const s = this.streams.get(p.arg1);
        if (!s) return;
        this.send({ command: A_OKAY, arg0: s.localId, arg1: s.remoteId, payload: Buffer.alloc(0) });
        s.handleData(p.payload);
        return;
      }
      case A_CLSE: {
        const s = this.streams.get(p.arg1);
        if (!s) return; // the host may CLSE a stream twice
        this.streams.delete(p.arg1);
        s.markClosed();
        return;
      }
      default:
        return; // unknown commands are ignored, as adbd does
    }
  }

  private handleConnect(p: AdbPacket): void {
    // A second CNXN means the host restarted the session: drop old streams.
    this.closeAll();
    this.connected = true;
    this.hostFeatures = parseBanner(p.payload.toString('utf8').replace(/\0+$/, '')).features;
    this.maxPayload = Math.max(4096, Math.min(p.arg1 || DEVICE_MAX_DATA, DEVICE_MAX_DATA));
    if (this.options.auth === 'never') {
      this.connected = false;
      this.sendAuthToken();
      return;
    }
    const version = Math.min(p.arg0 >>> 0, DEVICE_VERSION);
    const banner = Buffer.from(deviceBanner(this.options.props(), this.options.features), 'utf8');
    this.send({ command: A_CNXN, arg0: version, arg1: DEVICE_MAX_DATA, payload: banner });
  }

  private sendAuthToken(): void {
    this.send({ command: A_AUTH, arg0: AUTH_TOKEN, arg1: 0, payload: randomBytes(20) });
  }

  private handleOpen(p: AdbPacket): void {
    const remoteId = p.arg0;
    const destination = p.payload.toString('utf8').replace(/\0+$/, '');
    const handler = this.connected ? this.options.router(destination) : undefined;
    if (!handler || remoteId === 0) {
      this.sendClose(0, remoteId);
      return;
    }
    const localId = this.nextLocalId++;
    const stream = new AdbStream(localId, remoteId, destination, this);
    this.streams.set(localId, stream);
    stream.on('close', () => this.streams.delete(localId));
    this.send({ command: A_OKAY, arg0: localId, arg1: remoteId, payload: Buffer.alloc(0) });
    Promise.resolve()
      .then(() => handler(stream))
      .catch((err) => this.options.onError?.(err))
      .finally(() => { void stream.close(); });
  }

  private closeAll(): void {
    const all = [...this.streams.values()];
    this.streams.clear();
    for (const s of all) s.markClosed();
  }
}
