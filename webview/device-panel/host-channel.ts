// The webview's end of the host ↔ panel channel: sends typed messages, validates every
// message it receives with the shared protocol, and reports (but ignores) anything it does
// not understand. Works with VS Code's `acquireVsCodeApi`, or any shim that provides it (the
// benchmark serves the same bundle in a plain page).
import {
  parseHostMessage, toHost, type HostMessage, type HostMessageOf, type HostMessageType, type PanelMessage,
  type PanelMessageOf, type PanelMessageType,
} from '../../src/webview-protocol/device-panel';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

type Handler<T extends HostMessageType> = (m: HostMessageOf<T>) => void;

export class HostChannel {
  private readonly api: VsCodeApi = acquireVsCodeApi();
  private readonly handlers = new Map<string, ((m: HostMessage) => void)[]>();

  constructor() {
    window.addEventListener('message', (e: MessageEvent) => this.receive(e.data));
  }

  send<T extends PanelMessageType>(type: T, body: Omit<PanelMessageOf<T>, 'type'>): void {
    this.api.postMessage(toHost(type, body) satisfies PanelMessage);
  }

  on<T extends HostMessageType>(type: T, handler: Handler<T>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as (m: HostMessage) => void);
    this.handlers.set(type, list);
  }

  log(level: 'info' | 'warn' | 'error', message: string): void {
    this.send('log', { level, message: message.slice(0, 4000) });
  }

  state<T>(): T | undefined {
    return this.api.getState() as T | undefined;
  }

  saveState(state: unknown): void {
    this.api.setState(state);
  }

  private receive(raw: unknown): void {
    const r = parseHostMessage(raw);
    if (!r.ok) {
      this.log('warn', `webview ignored a host message: ${r.error}`);
      return;
    }
    for (const h of this.handlers.get(r.message.type) ?? []) {
      try {
        h(r.message);
      } catch (err) {
        this.log('error', `webview handler for ${r.message.type} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    }
  }
}
