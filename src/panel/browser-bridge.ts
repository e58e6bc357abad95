// Serves the device panel to a plain browser on 127.0.0.1: the same bundle and the same
// PanelSession as in VS Code, with `acquireVsCodeApi` shimmed over HTTP (server-sent events
// host → page, POST page → host). Used by the benchmark to measure the panel in a real
// browser; also lets someone watch a device from outside VS Code.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { HostMessage } from '../webview-protocol/device-panel';
import type { DeviceRegistry } from './devices/registry';
import { ToolbarRegistry } from './extension-points';
import { PANEL_BODY } from './markup';
import type { PanelHub } from './panel-hub';
import { PanelSession, type PanelPort, type PanelServices } from './panel-session';

export interface BrowserBridgeOptions {
  registry: DeviceRegistry;
  /**
   * Serve pages as sessions of this hub (its toolbar, human turns, paused episodes), as VS Code
   * does; without one, a bare session with an empty toolbar (the benchmark).
   */
  hub?: PanelHub;
  deviceId?: string;
  /** Folder holding device-panel.js/.css (dist/webview). */
  bundleDir: string;
  host?: string;
  port?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface BrowserBridge {
  url: string;
  /** The session of the most recently connected page. */
  session(): PanelSession | undefined;
  /** Switch frame scaling / panel-size frames / their window for the current and later pages (the benchmark compares them). */
  configure(options: { scaleFrames?: boolean; panelFrames?: boolean; panelWindow?: number }): void;
  close(): Promise<void>;
}

const SHIM = `(() => {
  const events = new EventSource('/events');
  events.onmessage = (e) => window.dispatchEvent(new MessageEvent('message', { data: JSON.parse(e.data) }));
  let state;
  window.acquireVsCodeApi = () => ({
    postMessage: (m) => { void fetch('/msg', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(m) }); },
    getState: () => state,
    setState: (s) => { state = s; },
  });
})();`;

const MAX_BODY = 1_000_000;

export async function serveDevicePanel(o: BrowserBridgeOptions): Promise<BrowserBridge> {
  const log = o.log ?? (() => {});
  let current: { session: PanelSession; listeners: Set<(raw: unknown) => void>; res: http.ServerResponse } | undefined;
  const toolbar = new ToolbarRegistry();
  const closeSession = (s: PanelSession) => (o.hub ? o.hub.closeSession(s) : s.dispose());
  const services: PanelServices = { registry: o.registry, toolbar, log, copyText: async () => {}, frameEncoding: () => 'base64', scaleFrames: false };
  // The same policy as in VS Code (scripts and styles from this origin only, the toolkit's
  // probe <style> by nonce), so the benchmark also proves the bundle runs under it.
  const page = (nonce: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data: blob:; style-src 'self' 'nonce-${nonce}'; font-src 'self'; script-src 'self'; connect-src 'self'">
<meta property="csp-nonce" content="${nonce}">
<link rel="stylesheet" href="/device-panel.css"><title>Device Panel</title></head>
<body>${PANEL_BODY}<script src="/shim.js"></script><script src="/device-panel.js"></script></body></html>`;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/') return send(res, 200, 'text/html', page(randomBytes(18).toString('base64')));
    if (req.method === 'GET' && url.pathname === '/favicon.ico') return send(res, 204, 'text/plain', '');
    if (req.method === 'GET' && url.pathname === '/shim.js') return send(res, 200, 'text/javascript', SHIM);
    if (req.method === 'GET' && (url.pathname === '/device-panel.js' || url.pathname === '/device-panel.css')) {
      const file = path.join(o.bundleDir, path.basename(url.pathname));
      return send(res, 200, url.pathname.endsWith('.js') ? 'text/javascript' : 'text/css', fs.readFileSync(file));
    }
    if (req.method === 'GET' && url.pathname === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.socket?.setNoDelay(true);
      if (current) {
        closeSession(current.session);
        current.res.end();
      }
      const listeners = new Set<(raw: unknown) => void>();
      const port: PanelPort = {
        post: (m: HostMessage) => res.write(`data: ${JSON.stringify(m)}\n\n`),
        onMessage: (l) => { listeners.add(l); return () => listeners.delete(l); },
      };
      const session = o.hub ? o.hub.createSession(port, o.deviceId) : new PanelSession(port, services, o.deviceId);
      session.setVisible(true);
      const mine = { session, listeners, res };
      current = mine;
      req.on('close', () => {
        closeSession(session);
        if (current === mine) current = undefined;
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/msg') {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => {
        let raw: unknown;
        try {
          raw = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(res, 400, 'text/plain', 'body is not JSON');
        }
        for (const l of current?.listeners ?? []) l(raw);
        send(res, 204, 'text/plain', '');
      });
      return;
    }
    send(res, 404, 'text/plain', 'not found');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as { port: number };
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${addr.port}/`,
    session: () => current?.session,
    configure: (options) => {
      if (options.scaleFrames !== undefined) services.scaleFrames = options.scaleFrames;
      if (options.panelFrames !== undefined) services.panelFrames = options.panelFrames;
      if ('panelWindow' in options) services.panelWindow = options.panelWindow; // undefined: the default
    },
    close: () => new Promise<void>((resolve) => {
      if (current) closeSession(current.session);
      current?.res.end();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
