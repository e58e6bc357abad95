// One ADB stream (OPEN … CLSE) seen from the device. Writes are split at the negotiated
// max payload and flow-controlled: each WRTE waits for the host's OKAY before the next,
// which is what adb hosts without `delayed_ack` expect.
import { EventEmitter } from 'node:events';

export interface StreamTransport {
  sendWrite(localId: number, remoteId: number, data: Buffer): void;
  sendClose(localId: number, remoteId: number): void;
  readonly maxPayload: number;
}

export class AdbStream extends EventEmitter<{ data: [Buffer]; close: [] }> {
  private queue: Promise<void> = Promise.resolve();
  private ackWaiter: (() => void) | undefined;
  private closed = false;
  private closeSent = false;
  private abort: AbortController | undefined;

  constructor(
    readonly localId: number,
    readonly remoteId: number,
    readonly service: string,
    private readonly transport: StreamTransport,
  ) {
    super();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A signal that fires when the stream closes, for commands that should stop then. */
  get signal(): AbortSignal {
    if (!this.abort) {
      this.abort = new AbortController();
      if (this.closed) this.abort.abort();
      else this.once('close', () => this.abort?.abort());
    }
    return this.abort.signal;
  }

  /** Queues data for the host; resolves when every chunk was acknowledged (or the stream closed). */
  write(data: Buffer | string): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.queue = this.queue.then(async () => {
      for (let off = 0; off < buf.length && !this.closed; off += this.transport.maxPayload) {
        const chunk = buf.subarray(off, off + this.transport.maxPayload);
        const acked = new Promise<void>((resolve) => { this.ackWaiter = resolve; });
        this.transport.sendWrite(this.localId, this.remoteId, chunk);
        await acked;
      }
    });
    return this.queue;
  }

  /** Ends the stream from our side once queued writes are through. */
  close(): Promise<void> {
    this.queue = this.queue.then(() => {
      if (!this.closeSent && !this.closed) {
        this.closeSent = true;
        this.transport.sendClose(this.localId, this.remoteId);
      }
      this.markClosed();
    });
    return this.queue;
  }

  /** The host acknowledged our last WRTE. */
  handleOkay(): void {
    const w = this.ackWaiter;
    this.ackWaiter = undefined;
    w?.();
  }

  handleData(data: Buffer): void {
    if (!this.closed) this.emit('data', data);
  }

  /** The host closed the stream, or the whole connection went away. */
  markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.handleOkay(); // release a writer waiting for an ack that will never come
    this.emit('close');
  }
}
