// Sessions on session threads, over a real loopback server: sessions spread over the threads and
// reset alike across them, a fork lives beside its parent, and a thread that dies (a crash, or
// the watchdog stopping a runaway call) loses no session: they are rebuilt on a new thread from
// their history, the call in flight fails naming the death, and the other thread goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TestClient, type Reply } from './testing';
import type { EnvServer } from './server';

const NOTES_RESET = { task: 'notes.create#body=Buy oat milk', observe: { ui_tree: true } };
const OPEN_NOTES = { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } };
const CLICK = { tool_call: { name: 'click', args: { points: [[500, 400]] } } };
const TYPE = { tool_call: { name: 'type', args: { text: 'hello' } } };
type Obs = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const obsOf = (r: Reply): Obs => { assert.equal(r.type, 'observation', JSON.stringify(r).slice(0, 300)); return r.data.observation as Obs; };

async function withServer(fn: (s: EnvServer) => Promise<void>, o: Parameters<typeof startTestServer>[0] = {}): Promise<void> {
  const server = await startTestServer({ threads: 2, ...o });
  try { await fn(server); } finally { await server.close(); }
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

test('a session thread that dies loses no session: its sessions and forks are rebuilt on a new thread, the step in flight fails naming it, the other thread goes on', () => withServer(async (server) => {
  const a = await TestClient.connect(server);
  const b = await TestClient.connect(server);
  for (const x of [a, b]) {
    obsOf(await x.send({ type: 'reset', data: NOTES_RESET }));
    for (const data of [OPEN_NOTES, CLICK]) obsOf(await x.send({ type: 'step', data }));
  }
  const state = async (c: TestClient): Promise<Record<string, unknown>> => (await c.send({ type: 'state' })).data;
  const ida = String((await state(a)).session_id);
  assert.notEqual(threadOf(server, ida), threadOf(server, String((await state(b)).session_id)));
  // A's fork, on A's thread, attached on a connection of its own.
  const child = String((await a.send({ type: 'fork' })).data.session_id);
  const f = await TestClient.connect(server, `?session=${child}`);
  const before = { a: await state(a), f: await state(f) };
  assert.equal(before.f.step_count, 2);
  // The thread is terminated with a step of A's in flight: the server has sent it, and the thread
  // is stopped before it can run it. (Stopping it just after the post raced the step on a busy
  // machine: a thread that answered first had applied the step, and nothing was in flight.)
  const doomed = server.threads().find((t) => t.sessions.includes(ida))!;
  const post = doomed.worker.postMessage.bind(doomed.worker);
  doomed.worker.postMessage = (m: { type?: string }) => { if (m.type === 'step') void doomed.worker.terminate(); post(m); };
  const failed = await a.send({ type: 'step', data: TYPE });
  assert.deepEqual([failed.type, failed.data.code], ['error', 'EXECUTION_ERROR']);
  assert.match(String(failed.data.message), new RegExp(`session thread ${doomed.index} died \\(it exited with code 1\\) during this step, which was not applied; the session is rebuilt`));
  // A and its fork are back as they were (same ids, step, episode, parent), on a new thread in the slot.
  assert.deepEqual(await state(a), before.a);
  assert.deepEqual(await state(f), before.f);
  const fresh = server.threads().find((t) => t.index === doomed.index)!;
  assert.notEqual(fresh.worker, doomed.worker);
  assert.deepEqual(new Set(fresh.sessions), new Set([ida, child]));
  // And they step on as B does on the thread that never died: the same screen and UI tree.
  const [sa, sf, sb] = [obsOf(await a.send({ type: 'step', data: TYPE })), obsOf(await f.send({ type: 'step', data: TYPE })), obsOf(await b.send({ type: 'step', data: TYPE }))];
  for (const o of [sa, sf]) {
    assert.deepEqual([o.step, o.last_step.status, o.ui_tree], [sb.step, 'ok', sb.ui_tree]);
    assert.equal(o.screenshot.data, sb.screenshot.data);
  }
  // A thread that dies while its sessions are being rebuilt on it: those are lost, named, and closed.
  await fresh.worker.terminate();
  await server.threads().find((t) => t.index === doomed.index)!.worker.terminate();
  for (const c of [a, f]) {
    const told = await c.next();
    assert.deepEqual([told.type, told.data.code], ['error', 'SESSION_ERROR']);
    assert.match(String(told.data.message), new RegExp(`session thread ${doomed.index} died \\(it exited with code \\d\\) and the session was being rebuilt on it`));
    assert.equal((await c.closed).code, 1011);
  }
  assert.equal(obsOf(await b.send({ type: 'step', data: OPEN_NOTES })).last_step.status, 'ok');
  assert.equal(server.sessions().length, 1);
  await b.close();
}));

test('a call that runs past the limit stops its thread: that call fails with EXECUTION_ERROR naming the runaway, the server serves on', () => withServer(async (server) => {
  const a = await TestClient.connect(server);
  // Any reset takes more than a millisecond: the watchdog stops the thread mid-call.
  const r = await a.send({ type: 'reset', data: NOTES_RESET });
  assert.deepEqual([r.type, r.data.code], ['error', 'EXECUTION_ERROR']);
  assert.match(String(r.data.message), /session thread \d died \(a reset of session .* ran longer than 0.001 s \(a runaway task or verifier\?\) and the thread was stopped\) during this reset, which was not applied/);
  // The session is kept, as it was before the reset (none yet), on its connection.
  assert.equal((await a.send({ type: 'state' })).data.step_count, 0);
  await a.close();
  assert.deepEqual(await (await fetch(`${server.url}/health`)).json(), { status: 'healthy' });
  const b = await TestClient.connect(server);
  assert.equal((await b.send({ type: 'state' })).data.step_count, 0);
  await b.close();
}, { callTimeoutMs: 1 }));
