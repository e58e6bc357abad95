// Test kit: a PanelPort standing in for the device panel webview. Every message the host posts
// must pass the webview's own validation (parseHostMessage) and is kept in `sent`; `of(type)`
// picks one kind; `fromWebview` delivers a message the way the webview's postMessage would.
import assert from 'node:assert/strict';
import { parseHostMessage, type HostMessage, type HostMessageOf } from '../../webview-protocol/device-panel';
import type { PanelPort } from '../panel-session';

export interface WebviewPort {
  port: PanelPort;
  sent: HostMessage[];
  of<T extends HostMessage['type']>(type: T): HostMessageOf<T>[];
  fromWebview(raw: unknown): void;
}

/** `onPost` sees each valid message after it is kept (e.g. to ack frames as the webview does). */
export function webviewPort(onPost?: (m: HostMessage) => void): WebviewPort {
  const sent: HostMessage[] = [];
  let listener: ((raw: unknown) => void) | undefined;
  const port: PanelPort = {
    post: (m) => {
      const r = parseHostMessage(m);
      assert.ok(r.ok, !r.ok ? r.error : '');
      sent.push(m);
      onPost?.(m);
    },
    onMessage: (l) => { listener = l; return () => { listener = undefined; }; },
  };
  return {
    port, sent,
    of: <T extends HostMessage['type']>(type: T) => sent.filter((m) => m.type === type) as HostMessageOf<T>[],
    fromWebview: (raw) => listener?.(raw),
  };
}
