// Drives a PhoneBuddyDebugSession in this process the way VS Code's inline adapter does
// (handleMessage in, onDidSendMessage out), for tests that look inside the runtime and for
// benchmarks that must not count a pipe between two processes.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { studioDebugDeps } from '../../studio/debug-deps';
import { PhoneBuddyDebugSession } from '../session';

export class InlineClient {
  readonly session = new PhoneBuddyDebugSession({ deps: studioDebugDeps });
  private seq = 1;
  private readonly responses = new Map<number, (m: DebugProtocol.Response) => void>();
  private readonly queued: DebugProtocol.Event[] = [];
  private readonly waiters: { name: string; resolve: (e: DebugProtocol.Event) => void }[] = [];

  constructor() {
    this.session.onDidSendMessage((m) => {
      const msg = m as DebugProtocol.ProtocolMessage;
      if (msg.type === 'response') {
        const r = msg as DebugProtocol.Response;
        this.responses.get(r.request_seq)?.(r);
        this.responses.delete(r.request_seq);
      } else if (msg.type === 'event') {
        const e = msg as DebugProtocol.Event;
        const i = this.waiters.findIndex((w) => w.name === e.event);
        if (i >= 0) this.waiters.splice(i, 1)[0].resolve(e);
        else this.queued.push(e);
      }
    });
  }

  get runtime(): PhoneBuddyDebugSession['runtime'] {
    return this.session.runtime;
  }

  request<T extends DebugProtocol.Response = DebugProtocol.Response>(command: string, args: object = {}): Promise<T> {
    return new Promise((resolve, reject) => {
      const s = this.seq++;
      this.responses.set(s, (r) => (r.success ? resolve(r as T) : reject(new Error(`${command}: ${r.message}`))));
      this.session.handleMessage({ seq: s, type: 'request', command, arguments: args } as DebugProtocol.Request);
    });
  }

  /** The next event of that name (one already sent and not yet taken counts). */
  event<T extends DebugProtocol.Event = DebugProtocol.Event>(name: string, timeoutMs = 60_000): Promise<T> {
    const i = this.queued.findIndex((e) => e.event === name);
    if (i >= 0) return Promise.resolve(this.queued.splice(i, 1)[0] as T);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ name, resolve: (e) => { clearTimeout(t); resolve(e as T); } });
    });
  }

  /** initialize → breakpoints → launch + configurationDone. */
  async launch(args: Record<string, unknown>, configure: () => Promise<unknown> = async () => undefined): Promise<void> {
    await this.request('initialize', { adapterID: 'phonebuddy', pathFormat: 'path', linesStartAt1: true, columnsStartAt1: true });
    await configure();
    await Promise.all([this.request('launch', args), this.request('configurationDone')]);
  }
}
