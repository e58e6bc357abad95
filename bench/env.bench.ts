// Environment service benchmarks (`npm run bench -- env`), side by side in one run:
// 1. Steps per second through the WebSocket (JSON, base64 JPEG screenshot) against the same
//    steps on an in-process EnvSession (the loop with the trainer's policy seat, no service),
//    click and typing steps on notes.create, rounds interleaved so load hits both alike.
// 2. Reset and fork medians on a warm server; memory per idle (reset) session and the sessions
//    24 GiB would hold at that figure.
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import WebSocket from 'ws';
import { median, report, type BenchRow } from './report';
import { EnvSession } from '../src/env/session';
import { TaskCatalogue } from '../src/env/task-catalogue';
import { startEnvServer } from '../src/env/server';
import type { EnvAction } from '../src/env/messages';

const TASKS = path.resolve(__dirname, '../tasks-examples/single-app');
const RESET = { task: 'notes.create#body=Buy oat milk' };
const ACTIONS: EnvAction[] = [
  { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } },
  { tool_call: { name: 'click', args: { points: [[500, 400]] } } },
  { tool_call: { name: 'type', args: { text: 'hello' } } },
  { tool_call: { name: 'click', args: { points: [[500, 600]] } } },
  { tool_call: { name: 'type', args: { text: 'world' } } },
];
const STEPS_PER_EPISODE = 10;

class Ws {
  private waiters: ((s: string) => void)[] = [];
  constructor(readonly ws: WebSocket) { ws.on('message', (d) => this.waiters.shift()?.(d.toString())); }
  static async open(url: string): Promise<Ws> {
    const ws = new WebSocket(url, { maxPayload: 64 << 20 });
    await new Promise((r, j) => { ws.once('open', r); ws.once('error', j); });
    return new Ws(ws);
  }
  req(msg: unknown): Promise<{ type: string; data: { done?: boolean } }> {
    return new Promise((resolve) => { this.waiters.push((s) => resolve(JSON.parse(s) as never)); this.ws.send(JSON.stringify(msg)); });
  }
}

/** ms per step over one episode's steps (reset not counted). */
async function episodeSteps(reset: () => Promise<unknown>, step: (a: EnvAction) => Promise<{ done?: boolean }>): Promise<number[]> {
  await reset();
  const out: number[] = [];
  for (let i = 0; i < STEPS_PER_EPISODE; i++) {
    const t0 = performance.now();
    const r = await step(ACTIONS[i % ACTIONS.length]);
    out.push(performance.now() - t0);
    if (r.done) break;
  }
  return out;
}

function gc(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

async function main(): Promise<void> {
  const tasks = new TaskCatalogue([TASKS]);
  const server = await startEnvServer({ tasks, trapPenalty: 1, port: 0, maxSessions: 400 });
  const client = await Ws.open(`${server.url.replace('http', 'ws')}/ws`);
  const local = new EnvSession(tasks, { trapPenalty: 1 });
  const ws: number[] = [];
  const inproc: number[] = [];
  const wsStep = async (a: EnvAction): Promise<{ done?: boolean }> => (await client.req({ type: 'step', data: a })).data;
  const wsReset = (): Promise<unknown> => client.req({ type: 'reset', data: RESET });
  // warm-up
  await episodeSteps(wsReset, wsStep);
  await episodeSteps(() => local.reset(RESET), (a) => local.step(a));
  for (let round = 0; round < 8; round++) {
    ws.push(...await episodeSteps(wsReset, wsStep));
    inproc.push(...await episodeSteps(() => local.reset(RESET), (a) => local.step(a)));
  }
  // reset and fork latency through the WebSocket
  const resets: number[] = [];
  const forks: number[] = [];
  for (let i = 0; i < 15; i++) {
    let t0 = performance.now();
    await wsReset();
    resets.push(performance.now() - t0);
    await wsStep(ACTIONS[0]);
    await wsStep(ACTIONS[1]);
    t0 = performance.now();
    const f = await client.req({ type: 'fork' });
    forks.push(performance.now() - t0);
    const sid = (f.data as { session_id?: string }).session_id;
    if (!sid) throw new Error(`fork failed: ${JSON.stringify(f).slice(0, 200)}`);
    const child = await Ws.open(`${server.url.replace('http', 'ws')}/ws?session=${sid}`);
    child.ws.close();
  }
  // memory per idle session: N sessions reset and left waiting for their first step
  const N = 40;
  gc();
  const before = process.memoryUsage();
  const idle = await Promise.all(Array.from({ length: N }, () => Ws.open(`${server.url.replace('http', 'ws')}/ws`)));
  for (const c of idle) await c.req({ type: 'reset', data: RESET });
  gc();
  const after = process.memoryUsage();
  const perRss = (after.rss - before.rss) / N;
  const perHeap = (after.heapUsed + after.external + after.arrayBuffers - before.heapUsed - before.external - before.arrayBuffers) / N;
  for (const c of idle) c.ws.close();
  client.ws.close();
  await local.close();
  await server.close();

  const wsMs = median(ws);
  const inMs = median(inproc);
  const rows: BenchRow[] = [
    { metric: 'step through WebSocket (median)', value: wsMs, unit: 'ms', note: `${ws.length} click/type/open_app steps on notes.create, JPEG screenshot base64 in every reply, UI tree off` },
    { metric: 'step in process, same steps (median)', value: inMs, unit: 'ms', note: 'EnvSession without the service: the loop, the phone, the screenshot encode' },
    { metric: 'steps/s through WebSocket (1 session)', value: 1000 / wsMs, unit: 'steps/s', target: '>= 100 per core where the encode allows' },
    { metric: 'steps/s in process (1 session)', value: 1000 / inMs, unit: 'steps/s' },
    { metric: 'service overhead (WS / in process - 1)', value: (wsMs / inMs - 1) * 100, unit: '%', target: '<= 15 %', note: 'both in this process, interleaved rounds' },
    { metric: 'reset (median, warm server, WS)', value: median(resets), unit: 'ms', target: '<= 20 ms', note: 'closes the old phone, a fresh phone at the seed, task setup, first observation' },
    { metric: 'fork (median, WS)', value: median(forks), unit: 'ms', target: '<= 10 ms', note: 'new phone restored from the checkpoint before the step, the step re-entered with its recorded decision' },
    { metric: 'memory per idle session (RSS)', value: perRss / 2 ** 20, unit: 'MiB', note: `${N} sessions reset and waiting; JS heap + external + buffers ${(perHeap / 2 ** 20).toFixed(1)} MiB each` },
    { metric: 'idle sessions in 24 GiB (at that RSS)', value: Math.floor(24 * 2 ** 30 / Math.max(perRss, 1)), unit: 'sessions', note: 'extrapolated; one process' },
  ];
  report('env', rows);
}

void main();
