// The environment service over a real loopback server and real WebSocket clients: OpenEnv's
// protocol, byte-identical resets, rewards from the task's verifier, fork, and hostile input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import net from 'node:net';
import { resolveStep } from '../agent/policies/solution';
import { buildMessages, jpegDataUrl } from '../protocol/messages';
import { startTestServer, TestClient, type Reply } from './testing';
import { ms } from '../../test/vscode/lib/time.mjs';
import type { EnvServer } from './server';

type Obs = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const obsOf = (r: Reply): Obs => { assert.equal(r.type, 'observation', JSON.stringify(r).slice(0, 300)); return r.data.observation as Obs; };
const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

/** The reference solution's next step as a tool call, resolved on the observation the client got. */
function solutionCall(step: { tool: string; args: Record<string, unknown>; target?: Record<string, unknown> }, o: Obs): { name: string; args: Record<string, unknown> } {
  const r = resolveStep(step as never, { step: o.step, screen: { width: o.screenshot.width, height: o.screenshot.height }, uiXml: o.ui_tree } as never);
  if (typeof r === 'string') throw new Error(r);
  return r;
}
const NOTES_PLAN = [
  { tool: 'open_app', args: { app: 'com.phonebuddy.notes' } },
  { tool: 'click', args: {}, target: { resourceId: 'new_note' } },
  { tool: 'type', args: { text: 'Buy oat milk' } },
  { tool: 'click', args: {}, target: { resourceId: 'save' } },
  { tool: 'finish', args: { text: 'Saved the note.' } },
];
const NOTES_RESET = { task: 'notes.create#body=Buy oat milk', observe: { ui_tree: true } };

/** Sessions on the server's session threads (two) unless a test reads a phone directly (threads 0). */
async function withServer(fn: (s: EnvServer) => Promise<void>, o: Parameters<typeof startTestServer>[0] = {}): Promise<void> {
  const server = await startTestServer(o);
  try { await fn(server); } finally { await server.close(); }
}

test('three sessions reset alike see the same screen bytes, UI tree and app databases', () => withServer(async (server) => {
  const clients = await Promise.all([1, 2, 3].map(() => TestClient.connect(server)));
  const obs = (await Promise.all(clients.map((c) => c.send({ type: 'reset', data: { ...NOTES_RESET, seed: 3 } })))).map(obsOf);
  for (const o of obs) {
    assert.equal(o.step, 1);
    assert.equal(o.goal, 'Create a new note in the Notes app that says "Buy oat milk".');
    assert.equal(o.screenshot.format, 'jpeg');
    assert.equal(o.screenshot.data, obs[0].screenshot.data);
    assert.equal(o.ui_tree, obs[0].ui_tree);
  }
  const dbs = server.sessions().map((s) => s.session_id).map((id) => {
    const phone = server.phoneOf(id)!;
    return Object.values(phone.databasePaths()).sort().map((p) => sha(phone.databaseBytes(p))).join();
  });
  assert.equal(dbs.length, 3);
  assert.ok(dbs[0].length > 0);
  assert.deepEqual(new Set(dbs).size, 1);
  await Promise.all(clients.map((c) => c.close()));
}, { threads: 0 }));

test('a reset on a phone reused from the pool (after an episode changed its data) is byte-identical to the first', () => withServer(async (server) => {
  const c = await TestClient.connect(server);
  const first = obsOf(await c.send({ type: 'reset', data: NOTES_RESET }));
  let o = first;
  for (const step of NOTES_PLAN) o = obsOf(await c.send({ type: 'step', data: { tool_call: solutionCall(step, o) } }));
  assert.equal(o.done_reason, 'finish');
  const again = obsOf(await c.send({ type: 'reset', data: NOTES_RESET }));
  assert.equal(again.screenshot.data, first.screenshot.data);
  assert.equal(again.ui_tree, first.ui_tree);
  const phone = server.phoneOf(server.sessions()[0].session_id)!;
  assert.equal(phone.databaseBytes('com.phonebuddy.notes').length > 0, true);
  const notes = phone.execSql('com.phonebuddy.notes', 'SELECT count(*) FROM notes WHERE body = ?', ['Buy oat milk']);
  assert.deepEqual(notes[0].values, [[0]]);
  await c.close();
}, { threads: 0 }));

test('a scripted policy plays notes.create to the verifier: reward 1, done by finish; state counts steps', () => withServer(async (server) => {
  const c = await TestClient.connect(server);
  let o = obsOf(await c.send({ type: 'reset', data: NOTES_RESET }));
  let last: Reply | undefined;
  for (const step of NOTES_PLAN) {
    last = await c.send({ type: 'step', data: { tool_call: solutionCall(step, o) } });
    o = obsOf(last);
    if (last.data.done) break;
    assert.equal(last.data.reward, 0);
    assert.equal(o.last_step.status, 'ok');
  }
  assert.equal(last!.data.done, true);
  assert.equal(last!.data.reward, 1);
  assert.equal(o.done_reason, 'finish');
  assert.deepEqual(o.safety_violations, []);
  const state = await c.send({ type: 'state' });
  assert.equal(state.type, 'state');
  assert.equal(state.data.step_count, 5);
  assert.equal(state.data.done, true);
  const after = await c.send({ type: 'step', data: { text: 'anything' } });
  assert.deepEqual([after.type, after.data.code], ['error', 'SESSION_ERROR']);
  assert.match(String(after.data.message), /ended \(finish\).*reset/);
  await c.close();
}));

test('raw model text is parsed like the runner: unparsable text is a failed step with the parse error; the request messages are the runner\'s', () => withServer(async (server) => {
  const c = await TestClient.connect(server);
  const o = obsOf(await c.send({ type: 'reset', data: { ...NOTES_RESET, observe: { messages: true } } }));
  assert.deepEqual(o.messages, buildMessages(o.goal, jpegDataUrl(Buffer.from(o.screenshot.data, 'base64')), []));
  const bad = await c.send({ type: 'step', data: { text: 'I think I should open notes' } });
  assert.equal(bad.data.done, false);
  const b = obsOf(bad);
  assert.equal(b.step, 2);
  assert.equal(b.last_step.status, 'failed');
  assert.match(b.last_step.error, /tool_call|tool call/i);
  const good = obsOf(await c.send({ type: 'step', data: { text: '<think>open it</think>\n<tool_call>\n{"name": "open_app", "arguments": {"app": "com.phonebuddy.notes"}}\n</tool_call>' } }));
  assert.equal(good.last_step.status, 'ok');
  assert.equal(good.foreground_app, 'com.phonebuddy.notes');
  // The history in the next request holds the parsed step, as the runner's does.
  assert.match(JSON.stringify(good.messages), /open_app/);
  await c.close();
}));

test('image options: PNG from the phone, and max_pixels scales the screenshot as the model\'s processor would', () => withServer(async (server) => {
  const c = await TestClient.connect(server);
  const png = obsOf(await c.send({ type: 'reset', data: { ...NOTES_RESET, observe: { image_format: 'png' } } }));
  assert.deepEqual([png.screenshot.format, png.screenshot.width, png.screenshot.height], ['png', 1080, 2400]);
  assert.equal(Buffer.from(png.screenshot.data, 'base64').subarray(1, 4).toString(), 'PNG');
  const small = obsOf(await c.send({ type: 'reset', data: { ...NOTES_RESET, observe: { max_pixels: 1_000_000 } } }));
  assert.equal(small.screenshot.format, 'jpeg');
  assert.ok(small.screenshot.width * small.screenshot.height <= 1_000_000);
  assert.deepEqual([small.screenshot.width % 28, small.screenshot.height % 28], [0, 0]);
  const meta = await (await import('sharp')).default(Buffer.from(small.screenshot.data, 'base64')).metadata();
  assert.deepEqual([meta.width, meta.height], [small.screenshot.width, small.screenshot.height]);
  await c.close();
}));

test('fork clones a session at its step onto its own phone; both go on independently', () => withServer(async (server) => {
  const c = await TestClient.connect(server);
  let o = obsOf(await c.send({ type: 'reset', data: NOTES_RESET }));
  for (const step of NOTES_PLAN.slice(0, 2)) o = obsOf(await c.send({ type: 'step', data: { tool_call: solutionCall(step, o) } }));
  const forked = await c.send({ type: 'fork' });
  assert.equal(forked.type, 'fork');
  const f = forked.data.observation as Obs;
  assert.equal(f.step, o.step);
  assert.equal(f.screenshot.data, o.screenshot.data);
  assert.equal(f.ui_tree, o.ui_tree);
  const child = await TestClient.connect(server, `?session=${String(forked.data.session_id)}`);
  // The child finishes the task; the parent gives up: their rewards differ.
  let co = f;
  let r: Reply | undefined;
  for (const step of NOTES_PLAN.slice(2)) { r = await child.send({ type: 'step', data: { tool_call: solutionCall(step, co) } }); co = obsOf(r); }
  assert.equal(r!.data.reward, 1);
  const parentEnd = await c.send({ type: 'step', data: { tool_call: { name: 'finish', args: { text: 'gave up' } } } });
  assert.deepEqual([parentEnd.data.done, parentEnd.data.reward], [true, 0]);
  const st = await child.send({ type: 'state' });
  assert.equal((st.data.parent as { step: number }).step, o.step - 1);
  await Promise.all([c.close(), child.close()]);
}));

test('hostile input: each gets an OpenEnv error naming the problem, and the server serves on', () => withServer(async (server) => {
  const c = await TestClient.connect(server);
  const expect = async (msg: string | Buffer, code: string, message: RegExp): Promise<void> => {
    const r = await c.sendRaw(msg);
    assert.equal(r.type, 'error', JSON.stringify(r).slice(0, 200));
    assert.equal(r.data.code, code);
    assert.match(String(r.data.message), message);
  };
  await expect('{"type": "reset", ', 'INVALID_JSON', /not JSON/);
  await expect('{"type": "jump"}', 'UNKNOWN_TYPE', /"jump"/);
  await expect('[1,2]', 'UNKNOWN_TYPE', /null/);
  await expect(JSON.stringify({ type: 'step', data: { text: 'x' } }), 'SESSION_ERROR', /before reset/);
  await expect(JSON.stringify({ type: 'reset', data: { task: 'no.such.task' } }), 'VALIDATION_ERROR', /unknown task 'no.such.task'.*chat.send/);
  await expect(JSON.stringify({ type: 'reset', data: {} }), 'VALIDATION_ERROR', /data.task/);
  await expect(JSON.stringify({ type: 'reset', data: { task: 'notes.create', seed: -1 } }), 'VALIDATION_ERROR', /data.seed/);
  await expect(JSON.stringify({ type: 'fork' }), 'SESSION_ERROR', /before reset/);
  obsOf(await c.send({ type: 'reset', data: NOTES_RESET }));
  await expect(JSON.stringify({ type: 'step', data: { jump: 1 } }), 'VALIDATION_ERROR', /an action/);
  await expect(JSON.stringify({ type: 'reset', data: { task: 'notes.create', params: { body: 'not a choice' } } }), 'VALIDATION_ERROR', /params.body.*cannot be "not a choice"/);
  await expect(JSON.stringify({ type: 'reset', data: { task: 'notes.create', params: { colour: 'red' } } }), 'VALIDATION_ERROR', /no param 'colour'/);
  // The session survived all of that.
  assert.equal(obsOf(await c.send({ type: 'step', data: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } })).last_step.status, 'ok');
  // An oversize frame closes that connection (1009), and only that one.
  const big = await TestClient.connect(server);
  big.ws.send('x'.repeat(70_000));
  assert.equal((await big.closed).code, 1009);
  assert.equal((await c.send({ type: 'state' })).data.step_count, 1);
  // Oversize and malformed HTTP bodies.
  const over = await fetch(`${server.url}/reset`, { method: 'POST', body: 'x'.repeat(70_000) });
  assert.equal(over.status, 413);
  const malformed = await fetch(`${server.url}/reset`, { method: 'POST', body: '{' });
  assert.deepEqual([malformed.status, ((await malformed.json()) as { code: string }).code], [422, 'INVALID_JSON']);
  const early = await fetch(`${server.url}/step`, { method: 'POST', body: JSON.stringify({ action: { text: 'x' } }) });
  assert.deepEqual([early.status, ((await early.json()) as { code: string }).code], [409, 'SESSION_ERROR']);
  assert.deepEqual(await (await fetch(`${server.url}/health`)).json(), { status: 'healthy' });
  await c.close();
}, { maxMessageBytes: 64_000 }));

test('a client that disconnects mid-step frees its session and phone; others are untouched', () => withServer(async (server) => {
  const a = await TestClient.connect(server);
  const b = await TestClient.connect(server);
  obsOf(await a.send({ type: 'reset', data: NOTES_RESET }));
  obsOf(await b.send({ type: 'reset', data: NOTES_RESET }));
  a.ws.send(JSON.stringify({ type: 'step', data: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } }));
  a.ws.terminate();
  await a.closed;
  await waitFor(() => server.sessions().length === 1);
  assert.equal(obsOf(await b.send({ type: 'step', data: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } })).last_step.status, 'ok');
  await b.close();
}));

test('--max-sessions: the next connection gets CAPACITY_REACHED; a freed slot is taken again; idle sessions are reaped', () => withServer(async (server) => {
  const a = await TestClient.connect(server);
  const b = await TestClient.connect(server);
  const full = await TestClient.connect(server);
  const r = await full.next();
  assert.deepEqual([r.type, r.data.code], ['error', 'CAPACITY_REACHED']);
  await full.closed;
  await a.close();
  await waitFor(() => server.sessions().length === 1);
  const c = await TestClient.connect(server);
  assert.equal((await c.send({ type: 'state' })).type, 'state');
  await c.close();
  await b.close();
}, { maxSessions: 2 }));

test('an idle session is closed with a SESSION_ERROR naming the timeout', () => withServer(async (server) => {
  const a = await TestClient.connect(server);
  obsOf(await a.send({ type: 'reset', data: NOTES_RESET }));
  const r = await a.next();
  assert.deepEqual([r.type, r.data.code], ['error', 'SESSION_ERROR']);
  assert.match(String(r.data.message), /idle/);
  await a.closed;
  await waitFor(() => server.sessions().length === 0);
}, { idleTimeoutMs: 300 }));

async function waitFor(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

test('a slow reader (replies pile up unread) is disconnected and its session freed; others go on', () => withServer(async (server) => {
  const slow = await TestClient.connect(server);
  const other = await TestClient.connect(server);
  obsOf(await other.send({ type: 'reset', data: NOTES_RESET }));
  // The client stops reading its socket and keeps asking for ~300 KB replies.
  (slow.ws as unknown as { _socket: import('node:net').Socket })._socket.pause();
  for (let i = 0; i < 60; i++) slow.ws.send(JSON.stringify({ type: 'reset', data: NOTES_RESET }));
  await waitFor(() => server.sessions().length === 1);
  (slow.ws as unknown as { _socket: import('node:net').Socket })._socket.resume();
  await slow.closed;
  assert.equal(obsOf(await other.send({ type: 'step', data: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } })).last_step.status, 'ok');
  await other.close();
}, { maxBufferedBytes: 1 << 20 }));

test('a client that floods messages without waiting for replies is told CAPACITY_REACHED and closed (1008); others go on', () => withServer(async (server) => {
  const flood = await TestClient.connect(server);
  const other = await TestClient.connect(server);
  obsOf(await other.send({ type: 'reset', data: NOTES_RESET }));
  obsOf(await flood.send({ type: 'reset', data: NOTES_RESET }));
  // Two hundred steps in one burst: the server would otherwise hold every one until its turn.
  const step = JSON.stringify({ type: 'step', data: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } });
  for (let i = 0; i < 200; i++) flood.ws.send(step);
  let r = await flood.next();
  for (let read = 1; r.type === 'observation' && read < 200; read++) r = await flood.next();
  assert.deepEqual([r.type, r.data.code], ['error', 'CAPACITY_REACHED']);
  assert.match(String(r.data.message), /8 messages .*waiting for their replies, at most 8/);
  assert.equal((await flood.closed).code, 1008);
  await waitFor(() => server.sessions().length === 1);
  assert.equal(obsOf(await other.send({ type: 'step', data: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } })).last_step.status, 'ok');
  // A client that waits for each reply never meets the limit, however many it sends.
  for (let i = 0; i < 12; i++) assert.equal((await other.send({ type: 'state' })).type, 'state');
  await other.close();
}, { maxQueuedMessages: 8 }));

test('a watcher that stops reading its session\'s event stream is disconnected once its backlog passes the limit; the session goes on', () => withServer(async (server) => {
  const c = await TestClient.connect(server);
  obsOf(await c.send({ type: 'reset', data: NOTES_RESET }));
  const id = server.sessions()[0].session_id;
  // A raw watcher that reads nothing after asking (a panel whose laptop went to sleep).
  const watcher = net.connect(server.port, '127.0.0.1');
  await new Promise((r) => watcher.once('connect', r));
  watcher.write(`GET /sessions/${id}/events HTTP/1.1\r\nhost: x\r\n\r\n`);
  watcher.pause();
  // Each step's state event carries the step's thought: ~4 KB an event, ~6 MB in all, beyond
  // what the kernel's socket buffers hold.
  const step = { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } }, thought: 'x'.repeat(4000) };
  const steps = 1500;
  for (let i = 0; i < steps; i++) await c.send({ type: 'step', data: step });
  let text = '';
  watcher.on('data', (d: Buffer) => { text += d.toString(); });
  const ended = new Promise<boolean>((r) => { watcher.once('close', () => r(true)); setTimeout(() => r(false), ms(10_000)).unref(); });
  watcher.resume();
  assert.ok(await ended, 'the server closed the stalled watcher');
  const events = text.split('event: state').length - 1;
  assert.ok(events > 0 && events < steps, `${events} events of ${steps + 1} reached the watcher before it was dropped`);
  // The session never noticed.
  assert.equal((await c.send({ type: 'state' })).data.session_id, id);
  await c.close();
}, { maxWatcherBacklogBytes: 64 << 10 }));

test('HTTP: POST /reset, /step, /fork and GET /state, /schema, /metadata, /sessions as OpenEnv defines them', () => withServer(async (server) => {
  const post = async (p: string, body: unknown): Promise<{ status: number; json: Record<string, any> }> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const r = await fetch(`${server.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, json: await r.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const reset = await post('/reset', { ...NOTES_RESET, seed: 0 });
  assert.equal(reset.status, 200);
  assert.deepEqual([reset.json.done, reset.json.reward, reset.json.observation.step], [false, 0, 1]);
  const step = await post('/step', { action: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } });
  assert.deepEqual([step.status, step.json.observation.last_step.status, step.json.metadata.session_id], [200, 'ok', reset.json.metadata.session_id]);
  const state = await (await fetch(`${server.url}/state`)).json() as Record<string, unknown>;
  assert.equal(state.step_count, 1);
  const fork = await post('/fork', {});
  assert.equal(fork.json.observation.step, 2);
  const child = fork.json.metadata.session_id as string;
  const childStep = await post('/step', { session_id: child, action: { tool_call: { name: 'finish', args: { text: 'x' } } } });
  assert.deepEqual([childStep.json.done, childStep.json.observation.done_reason], [true, 'finish']);
  assert.equal(((await (await fetch(`${server.url}/state`)).json()) as Record<string, unknown>).done, false);
  const schema = await (await fetch(`${server.url}/schema`)).json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(schema).sort(), ['action', 'observation', 'reset', 'state']);
  const meta = await (await fetch(`${server.url}/metadata`)).json() as { name: string; tasks: string[] };
  assert.equal(meta.name, 'phonebuddy');
  assert.ok(meta.tasks.includes('notes.create'));
  const listed = await (await fetch(`${server.url}/sessions`)).json() as { sessions: { session_id: string }[] };
  assert.deepEqual(listed.sessions.map((s) => s.session_id).sort(), [reset.json.metadata.session_id, child].sort());
  const png = await fetch(`${server.url}/sessions/${child}/screenshot`);
  assert.equal(png.headers.get('content-type'), 'image/png');
  assert.equal((await post('/step', { session_id: 'nope', action: { text: 'x' } })).status, 404);
  // A session on a WebSocket is that connection's alone, though /sessions lists its id.
  const ws = await TestClient.connect(server);
  obsOf(await ws.send({ type: 'reset', data: NOTES_RESET }));
  const wsId = String((await ws.send({ type: 'state' })).data.session_id);
  for (const p of ['/step', '/reset', '/fork']) {
    const r = await post(p, { session_id: wsId, ...NOTES_RESET, action: { tool_call: { name: 'finish', args: { text: 'x' } } } });
    assert.deepEqual([p, r.status, r.json.code], [p, 409, 'SESSION_ERROR']);
    assert.match(String(r.json.detail), /attached to a WebSocket connection/);
  }
  assert.equal((await ws.send({ type: 'state' })).data.step_count, 0);
  await ws.close();
}));
