// `phonebuddy serve-env`'s server: OpenEnv's wire protocol over node:http and `ws`.
//   WS /ws                one session per connection: reset / step / state / close (+ fork)
//   WS /ws?session=ID     attaches a connection to a detached session (a fork's)
//   GET /health /metadata /schema /state /sessions
//   GET /sessions/ID/screenshot[?format=jpeg&quality=Q]   a live session's screen (read-only)
//   GET /sessions/ID/ui   its UI tree (uiautomator XML)
//   GET /sessions/ID/events   Server-Sent Events: `state` after each reset/step/fork, `gone` at its end
//   POST /reset /step /fork (HTTP: the shared HTTP session, or `session_id` in the body)
// Every request that goes wrong is answered with OpenEnv's error shape and code; the session
// it concerns is cleaned up when its connection goes, and the server serves on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { parse } from '../protocol/validate';
import { answerOversize, BodyTooLargeError, readRequestBody } from '../protocol/http-body';
import type { MockPhone } from '../mockphone';
import type { SessionOptions } from './session';
import type { TaskCatalogue } from './task-catalogue';
import { CapacityError, SessionStateError, codeOf, messageOf } from './errors';
import { localHost, type HostedSession, type SessionHost } from './session-host';
import { threadHost } from './session-threads';
import { enveloped } from './wire-json';
import { errorReply, incoming, jsonSchemas, parseAction, parseResetData, type ErrorCode } from './messages';

export interface EnvServerOptions extends SessionOptions {
  tasks: TaskCatalogue;
  host?: string;
  port?: number;
  maxSessions?: number;
  /** Sessions untouched this long are closed (ms; 0 = never). */
  idleTimeoutMs?: number;
  /** Largest WebSocket frame and HTTP body accepted (bytes). */
  maxMessageBytes?: number;
  /** A client that leaves this many reply bytes unread is disconnected (a slow reader). */
  maxBufferedBytes?: number;
  /**
   * A connection with more messages than this waiting for their turn (or more bytes of them than
   * `maxQueuedBytes`) is answered CAPACITY_REACHED and closed: a client sends each message after
   * the previous reply, and one that floods would otherwise queue without end.
   */
  maxQueuedMessages?: number;
  maxQueuedBytes?: number;
  /**
   * A watcher of a session's event stream with this many bytes of events it has not read (a
   * panel whose laptop went to sleep during a training run) is disconnected: its backlog would
   * otherwise grow with every step for as long as the session runs.
   */
  maxWatcherBacklogBytes?: number;
  version?: string;
  /** Session threads (default: the cores); 0 runs every session on the server's own thread. */
  threads?: number;
  /** A reset, step or fork running longer than this stops its session thread (ms; default 120 s, 0 = never). */
  callTimeoutMs?: number;
}

export interface EnvServer {
  url: string;
  port: number;
  sessions(): SessionInfo[];
  /** A live session's phone when sessions run in process (tests), read-only by convention. */
  phoneOf(id: string): MockPhone | undefined;
  /** The live session threads and their sessions (none in process). */
  threads(): { index: number; sessions: string[]; worker: import('node:worker_threads').Worker }[];
  close(): Promise<void>;
}

export interface SessionInfo {
  session_id: string;
  created_at: number;
  last_activity_at: number;
  attached: boolean;
  /** The session thread it runs on (0: the server's own thread). */
  thread: number;
  state: Record<string, unknown>;
}

/** `{"a":1}` + metadata → `{"a":1,"metadata":{…}}`, without parsing the (large) reply again. */
const withMetadata = (json: Buffer, metadata: unknown): Buffer => Buffer.concat([json.subarray(0, -1), Buffer.from(`,"metadata":${JSON.stringify(metadata)}}`)]);

export async function startEnvServer(o: EnvServerOptions): Promise<EnvServer> {
  const maxSessions = o.maxSessions ?? 16;
  const maxBytes = o.maxMessageBytes ?? 1 << 20;
  const maxBuffered = o.maxBufferedBytes ?? 64 << 20;
  const maxQueued = o.maxQueuedMessages ?? 64;
  const maxQueuedBytes = o.maxQueuedBytes ?? 16 << 20;
  const sessions = new Map<string, { session: HostedSession; socket?: WebSocket; busy: number }>();
  let httpSession: HostedSession | undefined;
  // A session lost with its thread: its client is told why, and the slot is free again.
  const lost = (id: string, reason: string): void => {
    const entry = sessions.get(id);
    if (!entry) return;
    sessions.delete(id);
    if (httpSession?.id === id) httpSession = undefined;
    gone(id, reason);
    // A call in flight answers with the thread's EXECUTION_ERROR first, then its connection closes (handle()).
    if (entry.busy === 0 && entry.socket && entry.socket.readyState === entry.socket.OPEN) {
      entry.socket.send(errorReply('SESSION_ERROR', reason));
      entry.socket.close(1011, 'session thread died');
    }
  };
  // Phones handed back by a reset or a closed session are reset to the next task's seed instead of rebuilt (each thread keeps its own pool).
  const host: SessionHost = o.threads === 0 ? localHost(o.tasks, o)
    : threadHost({ paths: [...o.tasks.paths], seed: o.tasks.defaultSeed, ...(o.tasks.appsDir ? { appsDir: o.tasks.appsDir } : {}), trapPenalty: o.trapPenalty, maxConsecutiveErrors: o.maxConsecutiveErrors, trusted: o.trusted, threads: o.threads, callTimeoutMs: o.callTimeoutMs, onLost: lost });

  const newSession = (parent?: HostedSession): HostedSession => {
    if (sessions.size >= maxSessions) throw new CapacityError(`the server holds its maximum of ${maxSessions} sessions (--max-sessions); close one or retry later`);
    const s = host.open(parent);
    sessions.set(s.id, { session: s, busy: 0 });
    return s;
  };
  const dropSession = async (id: string): Promise<void> => {
    const entry = sessions.get(id);
    if (!entry) return;
    sessions.delete(id);
    if (httpSession?.id === id) httpSession = undefined;
    gone(id, 'the session was closed');
    await entry.session.close().catch(() => undefined);
  };

  // Watchers of a session (the device panel's read-only mirror): told when it changes, so
  // they fetch a screenshot then instead of polling.
  const watchers = new Map<string, Set<http.ServerResponse>>();
  const maxBacklog = o.maxWatcherBacklogBytes ?? 1 << 20;
  const event = (res: http.ServerResponse, name: string, data: unknown): void => {
    if (res.writableLength > maxBacklog) { res.destroy(); return; }
    res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const changed = (s: HostedSession): void => { for (const res of watchers.get(s.id) ?? []) event(res, 'state', s.state()); };
  const gone = (id: string, reason: string): void => {
    for (const res of watchers.get(id) ?? []) { event(res, 'gone', { reason }); res.end(); }
    watchers.delete(id);
  };
  /** Runs `fn` on a session, marked busy so the reaper leaves it alone. */
  const using = async <T>(s: HostedSession, fn: () => Promise<T>): Promise<T> => {
    const entry = sessions.get(s.id);
    if (entry) entry.busy++;
    try { return await fn(); } finally { if (entry) entry.busy--; s.lastActivityAt = Date.now(); changed(s); }
  };
  /** The child's id and its StepReply as JSON. */
  const fork = async (from: HostedSession): Promise<{ session_id: string; json: Buffer }> => {
    const child = newSession(from);
    try {
      const json = await using(from, () => from.forkInto(child));
      changed(child);
      return { session_id: child.id, json };
    } catch (e) {
      await dropSession(child.id);
      throw e;
    }
  };

  const info = (): SessionInfo[] => [...sessions.values()].map(({ session, socket }) => ({
    session_id: session.id, created_at: session.createdAt / 1000, last_activity_at: session.lastActivityAt / 1000, attached: socket !== undefined, thread: session.thread, state: session.state(),
  }));

  // ---------------------------------------------------------------- HTTP
  const server = http.createServer((req, res) => { void handleHttp(req, res); });
  const send = (res: http.ServerResponse, status: number, body: unknown): void => {
    const text = Buffer.isBuffer(body) ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const httpError = (res: http.ServerResponse, status: number, code: ErrorCode, message: string): void => send(res, status, { detail: message, code });
  const statusOf = (code: ErrorCode): number => (code === 'VALIDATION_ERROR' || code === 'INVALID_JSON' ? 422 : code === 'CAPACITY_REACHED' ? 503 : code === 'SESSION_ERROR' ? 409 : 500);

  async function handleHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    try {
      if (req.method === 'GET') {
        switch (url.pathname) {
          case '/health': return send(res, 200, { status: 'healthy' });
          case '/metadata': {
            const all = await o.tasks.all();
            return send(res, 200, {
              name: 'phonebuddy', version: o.version ?? null, author: 'PhoneBuddy Studio', documentation_url: null, readme_content: null,
              description: `PhoneBuddy mock phones: ${new Set(all.map((i) => i.taskId)).size} tasks (${all.length} instances); reset {task, params?, seed?}, step {text} or {tool_call}`,
              tasks: [...new Set(all.map((i) => i.taskId))], max_sessions: maxSessions,
            });
          }
          case '/schema': return send(res, 200, jsonSchemas);
          case '/state': return send(res, 200, httpSession?.state() ?? { episode_id: null, step_count: 0 });
          case '/sessions': return send(res, 200, { sessions: info(), max_sessions: maxSessions });
        }
        const shot = /^\/sessions\/([^/]+)\/screenshot$/.exec(url.pathname);
        if (shot) {
          const format = url.searchParams.get('format') ?? 'png';
          const quality = Number(url.searchParams.get('quality') ?? 90);
          if ((format !== 'png' && format !== 'jpeg') || !Number.isInteger(quality) || quality < 1 || quality > 100) {
            return httpError(res, 422, 'VALIDATION_ERROR', `format must be png or jpeg and quality an integer 1–100, got format=${format} quality=${url.searchParams.get('quality')}`);
          }
          const image = await sessions.get(shot[1])?.session.screenshot(format, quality);
          if (!image) return httpError(res, 404, 'SESSION_ERROR', `no live session ${shot[1]} with a phone (not reset yet, or closed)`);
          res.writeHead(200, { 'content-type': `image/${format}`, 'content-length': image.length, 'cache-control': 'no-store' });
          return void res.end(image);
        }
        const ui = /^\/sessions\/([^/]+)\/ui$/.exec(url.pathname);
        if (ui) {
          const xml = await sessions.get(ui[1])?.session.uiTree();
          if (xml === undefined) return httpError(res, 404, 'SESSION_ERROR', `no live session ${ui[1]} with a phone (not reset yet, or closed)`);
          res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'content-length': Buffer.byteLength(xml), 'cache-control': 'no-store' });
          return void res.end(xml);
        }
        const events = /^\/sessions\/([^/]+)\/events$/.exec(url.pathname);
        if (events) {
          const s = sessions.get(events[1])?.session;
          if (!s) return httpError(res, 404, 'SESSION_ERROR', `no live session ${events[1]}`);
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
          const set = watchers.get(s.id) ?? new Set();
          watchers.set(s.id, set.add(res));
          res.on('close', () => { set.delete(res); if (!set.size && watchers.get(s.id) === set) watchers.delete(s.id); });
          return event(res, 'state', s.state());
        }
        return httpError(res, 404, 'UNKNOWN_TYPE', `no route GET ${url.pathname}`);
      }
      if (req.method !== 'POST' || !['/reset', '/step', '/fork'].includes(url.pathname)) return httpError(res, 404, 'UNKNOWN_TYPE', `no route ${req.method} ${url.pathname}`);
      let body: unknown;
      try {
        const raw = await readRequestBody(req, maxBytes);
        body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      } catch (e) {
        if (e instanceof BodyTooLargeError) return answerOversize(req, res, 413, { detail: `request body over ${maxBytes} bytes`, code: 'VALIDATION_ERROR' });
        return httpError(res, 422, 'INVALID_JSON', `the body is not JSON: ${messageOf(e)}`);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return httpError(res, 422, 'VALIDATION_ERROR', 'the body must be a JSON object');
      const fields = body as Record<string, unknown>;
      const namedEntry = typeof fields.session_id === 'string' ? sessions.get(fields.session_id) : undefined;
      const named = namedEntry?.session;
      if (typeof fields.session_id === 'string' && !named) return httpError(res, 404, 'SESSION_ERROR', `no live session ${fields.session_id}`);
      // A session attached to a WebSocket is its connection's: /sessions lists every id (for
      // watching), and that must not let another client drive a trainer's session.
      if (namedEntry?.socket && named) return httpError(res, 409, 'SESSION_ERROR', `session ${named.id} is attached to a WebSocket connection, and only that connection drives it`);
      if (url.pathname === '/reset') {
        const { session_id: _sid, ...data } = fields;
        const reset = parseResetData(data);
        const s = named ?? (httpSession ??= newSession());
        return send(res, 200, withMetadata(await using(s, () => s.reset(reset)), { session_id: s.id }));
      }
      const s = named ?? httpSession;
      if (!s) throw new SessionStateError(`${url.pathname.slice(1)} before reset: POST /reset first`);
      if (url.pathname === '/fork') {
        const { session_id, json } = await fork(s);
        return send(res, 200, withMetadata(json, { session_id }));
      }
      const action = parseAction(fields.action, 'action');
      return send(res, 200, withMetadata(await using(s, () => s.step(action)), { session_id: s.id }));
    } catch (e) {
      const code = codeOf(e);
      if (!res.headersSent) httpError(res, statusOf(code), code, messageOf(e));
    }
  }

  // ---------------------------------------------------------------- WebSocket
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxBytes });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/ws') { socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n'); return; }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, url.searchParams.get('session') ?? undefined));
  });

  function onConnection(ws: WebSocket, attach: string | undefined): void {
    let session: HostedSession;
    try {
      if (attach) {
        const entry = sessions.get(attach);
        if (!entry) throw new SessionStateError(`no live session ${attach} to attach to`);
        if (entry.socket) throw new SessionStateError(`session ${attach} is already attached to a connection`);
        session = entry.session;
      } else {
        session = newSession();
      }
    } catch (e) {
      ws.send(errorReply(codeOf(e), messageOf(e)));
      ws.close(1008, codeOf(e));
      return;
    }
    const entry = sessions.get(session.id)!;
    entry.socket = ws;
    // A Buffer is UTF-8 JSON already: sent as a text frame as it is. `sent`: a session's reply,
    // whose buffer is written again by a later reply once this one is out (not if the send failed).
    const reply = (text: string | Buffer, sent?: HostedSession): void => {
      if (ws.readyState !== ws.OPEN) return;
      // A client that does not read its replies: drop it rather than buffer without end.
      if (ws.bufferedAmount > maxBuffered) { ws.terminate(); return; }
      ws.send(text, { binary: false }, sent && Buffer.isBuffer(text) ? (e) => { if (!e) sent.recycle(text); } : undefined);
    };
    let queue = Promise.resolve();
    // Messages received and not yet handled (each waits for the one before it).
    let waiting = 0;
    let waitingBytes = 0;
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      const size = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
      if (waiting >= maxQueued || waitingBytes + size > maxQueuedBytes) {
        if (ws.readyState !== ws.OPEN) return;
        reply(errorReply('CAPACITY_REACHED', `this connection has ${waiting} messages (${waitingBytes} bytes) waiting for their replies, at most ${maxQueued} (${maxQueuedBytes} bytes): send each message after the reply to the one before; the connection is closed`));
        ws.close(1008, 'too many messages waiting');
        return;
      }
      waiting++;
      waitingBytes += size;
      queue = queue.then(() => handle(raw, isBinary)).finally(() => { waiting--; waitingBytes -= size; });
    });
    ws.on('close', () => { void queue.then(() => dropSession(session.id)); });
    ws.on('error', () => undefined);

    async function handle(raw: RawData, isBinary: boolean): Promise<void> {
      if (ws.readyState !== ws.OPEN) return;
      let json: unknown;
      try {
        json = JSON.parse((isBinary ? Buffer.from(raw as Buffer) : raw).toString());
      } catch (e) {
        return reply(errorReply('INVALID_JSON', `the message is not JSON: ${messageOf(e)}`));
      }
      const type = (json as { type?: unknown } | null)?.type;
      if (typeof json !== 'object' || json === null || typeof type !== 'string' || !['reset', 'step', 'state', 'close', 'fork'].includes(type)) {
        return reply(errorReply('UNKNOWN_TYPE', `unknown message type ${JSON.stringify(type ?? null)}: expected reset, step, state, close or fork`));
      }
      try {
        const msg = parse(incoming, json, 'message');
        switch (msg.type) {
          case 'reset': return reply(enveloped('{"type":"observation","data":', await using(session, () => session.reset(parseResetData(msg.data)))), session);
          case 'step': return reply(enveloped('{"type":"observation","data":', await using(session, () => session.step(parseAction(msg.data)))), session);
          case 'state': return reply(JSON.stringify({ type: 'state', data: session.state() }));
          case 'fork': { const { session_id, json } = await fork(session); return reply(enveloped(`{"type":"fork","data":{"session_id":${JSON.stringify(session_id)},`, json.subarray(1)), session); }
          case 'close': ws.close(1000, 'closed by the client'); return;
        }
      } catch (e) {
        reply(errorReply(codeOf(e), messageOf(e)));
        if (!sessions.has(session.id)) ws.close(1011, 'session thread died');
      }
    }
  }

  // ---------------------------------------------------------------- idle reaping
  const idle = o.idleTimeoutMs ?? 0;
  const reaper = idle > 0 ? setInterval(() => {
    const now = Date.now();
    for (const [id, e] of sessions) {
      if (e.busy || now - e.session.lastActivityAt < idle) continue;
      if (e.socket) { e.socket.send(errorReply('SESSION_ERROR', `session closed after ${Math.round(idle / 1000)} s idle`)); e.socket.close(1001, 'idle'); }
      void dropSession(id);
    }
  }, Math.max(50, Math.min(idle / 4, 5000))) : undefined;
  reaper?.unref();

  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(o.port ?? 8000, o.host ?? '127.0.0.1', resolve); });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${o.host ?? '127.0.0.1'}:${port}`, port, sessions: info,
    phoneOf: (id) => { const s = sessions.get(id)?.session; return s ? host.phoneOf(s) : undefined; },
    threads: () => host.threads?.() ?? [],
    async close() {
      if (reaper) clearInterval(reaper);
      for (const c of wss.clients) c.terminate();
      await Promise.all([...sessions.keys()].map(dropSession));
      await host.close();
      await new Promise<void>((r) => { server.close(() => r()); server.closeAllConnections(); });
    },
  };
}
