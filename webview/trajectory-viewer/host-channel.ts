// The viewer's end of the host channel: typed sends, every received message validated with the
// shared protocol, anything malformed reported to the host and otherwise ignored.
import {
  parseTrajectoryHostMessage, toTrajectoryHost, type TrajectoryHostMessage, type TrajectoryHostMessageOf,
  type TrajectoryHostMessageType, type ViewerMessageOf, type ViewerMessageType,
} from '../../src/webview-protocol/trajectory-viewer';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

type Handler<T extends TrajectoryHostMessageType> = (m: TrajectoryHostMessageOf<T>) => void;

export class ViewerChannel {
  private readonly api: VsCodeApi = acquireVsCodeApi();
  private readonly handlers = new Map<string, ((m: TrajectoryHostMessage) => void)[]>();

  constructor() {
    window.addEventListener('message', (e: MessageEvent) => this.receive(e.data));
  }

  send<T extends ViewerMessageType>(type: T, body: Omit<ViewerMessageOf<T>, 'type'>): void {
    this.api.postMessage(toTrajectoryHost(type, body));
  }

  on<T extends TrajectoryHostMessageType>(type: T, handler: Handler<T>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as (m: TrajectoryHostMessage) => void);
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
    const r = parseTrajectoryHostMessage(raw);
    if (!r.ok) {
      this.log('warn', `viewer ignored a host message: ${r.error}`);
      return;
    }
    for (const h of this.handlers.get(r.message.type) ?? []) {
      try {
        h(r.message);
      } catch (err) {
        this.log('error', `viewer handler for ${r.message.type} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    }
  }
}
