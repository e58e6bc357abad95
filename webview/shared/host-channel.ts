// A webview's end of its host channel, for any of the studio's webviews: typed sends, every
// received message validated with that webview's protocol parser, anything malformed or any
// failing handler reported to the host (as a `log` message) and otherwise ignored. Works with
// VS Code's `acquireVsCodeApi`, or any shim that provides it (the benchmark serves a bundle in
// a plain page).
import type { ParseResult } from '../../src/webview-protocol/message-parser';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

type Message = { type: string };
type LogLevel = 'info' | 'warn' | 'error';
/** Every webview protocol has a `log` message the host writes to its output channel. */
type LogMessage = { type: 'log'; level: LogLevel; message: string };
type Of<M extends Message, T extends M['type']> = Extract<M, { type: T }>;

/**
 * `In` is what the host sends, `Out` what this webview sends (its protocol must have the `log`
 * message; the host's parser rejects it otherwise). `label` names this end in the reports it
 * sends back ("viewer ignored a host message: …").
 */
export class HostChannel<In extends Message, Out extends Message> {
  private readonly api: VsCodeApi = acquireVsCodeApi();
  private readonly handlers = new Map<string, ((m: In) => void)[]>();

  constructor(
    private readonly parse: (raw: unknown) => ParseResult<In>,
    private readonly label: string,
  ) {
    window.addEventListener('message', (e: MessageEvent) => this.receive(e.data));
  }

  send<T extends Out['type']>(type: T, body: Omit<Of<Out, T>, 'type'>): void {
    this.api.postMessage({ type, ...body });
  }

  on<T extends In['type']>(type: T, handler: (m: Of<In, T>) => void): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as (m: In) => void);
    this.handlers.set(type, list);
  }

  log(level: LogLevel, message: string): void {
    this.api.postMessage({ type: 'log', level, message: message.slice(0, 4000) } satisfies LogMessage);
  }

  state<T>(): T | undefined {
    return this.api.getState() as T | undefined;
  }

  saveState(state: unknown): void {
    this.api.setState(state);
  }

  private receive(raw: unknown): void {
    const r = this.parse(raw);
    if (!r.ok) {
      this.log('warn', `${this.label} ignored a host message: ${r.error}`);
      return;
    }
    for (const h of this.handlers.get(r.message.type) ?? []) {
      try {
        h(r.message);
      } catch (err) {
        this.log('error', `${this.label} handler for ${r.message.type} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    }
  }
}
