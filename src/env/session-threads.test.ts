// Sessions on session threads, over a real loopback server: sessions spread over the threads and
// reset alike across them, a fork lives beside its parent, and a thread that dies (a crash, or
// the watchdog stopping a runaway call) fails only its own sessions, naming why, while the
// server and the other thread's sessions go on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TestClient, type Reply } from './testing';
import type { EnvServer } from './server';

const NOTES_RESET = { task: 'notes.create#body=Buy oat milk', observe: { ui_tree: true } };
const OPEN_NOTES = { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } };
type Obs = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const obsOf = (r: Reply): Obs => { assert.equal(r.type, 'observation', JSON.stringify(r).slice(0, 300)); return r.data.observation as Obs; };

async function withServer(fn: (s: EnvServer) => Promise<void>, o: Parameters<typeof startTestServer>[0] = {}): Promise<void> {
  const server = await startTestServer({ threads: 2, ...o });
  try { await fn(server); } finally { await server.close(); }
}

async function waitFor(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
}

const threadOf = (server: EnvServer, id: string): number => server.sessions().find((s) => s.session_id === id)!.thread;

test('sessions spread over the threads and reset alike on each; a fork lives on its parent\'s thread', () => withServer(async (server) => {
  const clients = await Promise.all([1, 2, 3, 4].map(() => TestClient.connect(server)));
  const obs = (await Promise.all(clients.map((c) => c.send({ type: 'reset', data: NOTES_RESET })))).map(obsOf);
  const listed = server.sessions();
  assert.deepEqual(listed.map((s) => s.thread).sort(), [1, 1, 2, 2]);
  assert.equal(server.threads().length, 2);
  for (const o of obs) {
    assert.equal(o.screenshot.data, obs[0].screenshot.data);
    assert.equal(o.ui_tree, obs[0].ui_tree);
  }
  // Sessions on different threads go on independently.
  const stepped = obsOf(await clients[0].send({ type: 'step', data: OPEN_NOTES }));
  assert.equal(stepped.foreground_app, 'com.phonebuddy.notes');
  const parent = String((await clients[0].send({ type: 'state' })).data.session_id);
  const forked = await clients[0].send({ type: 'fork' });
  assert.equal(forked.type, 'fork', JSON.stringify(forked).slice(0, 300));
  const child = String(forked.data.session_id);
  assert.equal(threadOf(server, child), threadOf(server, parent));
  assert.equal((forked.data.observation as Obs).screenshot.data, stepped.screenshot.data);
  assert.equal(server.sessions().find((s) => s.session_id === child)!.state.step_count, 1);
  // The list and the mirror read every thread's sessions.
  const png = await fetch(`${server.url}/sessions/${child}/screenshot`);
  assert.equal(png.headers.get('content-type'), 'image/png');
  assert.equal(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString(), 'PNG');
  for (const c of clients) await c.close();
}));

test('a session thread that dies fails its sessions with SESSION_ERROR naming it; the other thread\'s sessions and the server go on', () => withServer(async (server) => {
  const a = await TestClient.connect(server);
  const b = await TestClient.connect(server);
  obsOf(await a.send({ type: 'reset', data: NOTES_RESET }));
  obsOf(await b.send({ type: 'reset', data: NOTES_RESET }));
  const [ida, idb] = [String((await a.send({ type: 'state' })).data.session_id), String((await b.send({ type: 'state' })).data.session_id)];
  assert.notEqual(threadOf(server, ida), threadOf(server, idb));
  const doomed = server.threads().find((t) => t.sessions.includes(ida))!;
  await doomed.worker.terminate();
  const told = await a.next();
  assert.deepEqual([told.type, told.data.code], ['error', 'SESSION_ERROR']);
  assert.match(String(told.data.message), new RegExp(`session thread ${doomed.index} died \\(it exited with code 1\\)`));
  assert.equal((await a.closed).code, 1011);
  await waitFor(() => server.sessions().length === 1);
  // B's phone never noticed.
  assert.equal(obsOf(await b.send({ type: 'step', data: OPEN_NOTES })).last_step.status, 'ok');
  // A new session gets a fresh thread in the dead one's place.
  const c = await TestClient.connect(server);
  assert.equal(obsOf(await c.send({ type: 'reset', data: NOTES_RESET })).step, 1);
  assert.equal(threadOf(server, String((await c.send({ type: 'state' })).data.session_id)), doomed.index);
  assert.equal(server.threads().length, 2);
  await Promise.all([b.close(), c.close()]);
}));

test('a call that runs past the limit stops its thread: that call fails with EXECUTION_ERROR naming the runaway, the server serves on', () => withServer(async (server) => {
  const a = await TestClient.connect(server);
  // Any reset takes more than a millisecond: the watchdog stops the thread mid-call.
  const r = await a.send({ type: 'reset', data: NOTES_RESET });
  assert.deepEqual([r.type, r.data.code], ['error', 'EXECUTION_ERROR']);
  assert.match(String(r.data.message), /session thread \d died \(a reset of session .* ran longer than 0.001 s \(a runaway task or verifier\?\)/);
  assert.equal((await a.closed).code, 1011);
  assert.deepEqual(await (await fetch(`${server.url}/health`)).json(), { status: 'healthy' });
  const b = await TestClient.connect(server);
  assert.equal((await b.send({ type: 'state' })).data.step_count, 0);
  await b.close();
}, { callTimeoutMs: 1 }));
