// The trainer's side of bench/env.bench.ts, in a process of its own (as a trainer is), started
// once for the whole benchmark: each line on stdin is one run, `<ws-url> <sessions> <episodes>
// <steps> <parse|raw>` — open `sessions` WebSocket sessions to a running serve-env and step
// each through `episodes` episodes of `steps` steps at once. `parse`: every reply is
// JSON-parsed (what a trainer does with the observation); `raw`: only the reply's tail is read
// for "done" (the server's capacity, not the client's decode). Per run it prints a START line
// before the first step, then one JSON line: per-step latencies (send to decoded), the client's
// own decode time per step, and the wall time (or {"error": …}). A mode ending in `-keep`
// (`parse-keep`) steps sessions kept open from the previous `-keep` run to the same URL (opened
// on the first): a trainer's long-lived sessions, reset episode after episode; other runs
// open their sessions and close them at the end (a session per run).
//
// Why one process for every run: spawning a process forks the benchmark's (large) process, and
// after a fork every page the server then writes faults once (copy-on-write protection): ~4 ms
// of the server's CPU a step over the next rounds, which was counted as the service's cost.
// A trainer is not forked from the server, so the benchmark no longer forks while it measures.
import readline from 'node:readline';
import WebSocket from 'ws';

const RESET = JSON.stringify({ type: 'reset', data: { task: 'notes.create#body=Buy oat milk' } });
const ACTIONS = [
  { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } },
  { tool_call: { name: 'click', args: { points: [[500, 400]] } } },
  { tool_call: { name: 'type', args: { text: 'hello' } } },
  { tool_call: { name: 'click', args: { points: [[500, 600]] } } },
  { tool_call: { name: 'type', args: { text: 'world' } } },
].map((a) => JSON.stringify({ type: 'step', data: a }));

async function open(url, mode) {
  const ws = new WebSocket(url, { maxPayload: 64 << 20, perMessageDeflate: false, skipUTF8Validation: mode === 'raw' });
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  let waiter;
  ws.on('message', (d) => waiter(d));
  const req = (text) => new Promise((resolve) => { waiter = resolve; ws.send(text); });
  return { ws, req };
}

const doneOf = (mode) => (d) => {
  if (mode === 'raw') {
    const tail = d.subarray(Math.max(0, d.length - 200)).toString();
    if (tail.includes('"type":"error"') || d.subarray(0, 40).toString().includes('"type":"error"')) throw new Error(d.toString().slice(0, 300));
    return /"done":true/.test(tail);
  }
  const r = JSON.parse(d.toString());
  if (r.type === 'error') throw new Error(JSON.stringify(r.data));
  return r.data.done;
};

/** Sessions kept open between `-keep` runs, by URL and count. */
const kept = new Map();

async function run(url, sessions, episodes, steps, modeArg) {
  const keep = modeArg.endsWith('-keep');
  const mode = modeArg.replace(/-keep$/, '');
  const done = doneOf(mode);
  const key = `${url} ${sessions} ${mode}`;
  const clients = (keep && kept.get(key)) || await Promise.all(Array.from({ length: sessions }, () => open(url, mode)));
  if (keep) kept.set(key, clients);
  // The server measures its CPU between this line and the result line: the steps, not the
  // connections' setup.
  process.stdout.write('START\n');
  const latencies = [];
  /** ms the client spent decoding each step's reply (toString + JSON.parse in `parse` mode). */
  const decodes = [];
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let count = 0;
  await Promise.all(clients.map(async (c) => {
    for (let e = 0; e < episodes; e++) {
      done(await c.req(RESET));
      for (let i = 0; i < steps; i++) {
        const s = performance.now();
        const reply = await c.req(ACTIONS[i % ACTIONS.length]);
        const received = performance.now();
        const d = done(reply);
        const end = performance.now();
        latencies.push(end - s);
        decodes.push(end - received);
        count++;
        if (d) break;
      }
    }
  }));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // The trainer's own CPU for the run (receiving and decoding the replies): a cost the service puts on the trainer's side.
  process.stdout.write(`${JSON.stringify({ latencies, decodes, wallMs, steps: count, clientCpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  if (!keep) await Promise.all(clients.map((c) => new Promise((resolve) => { c.ws.once('close', resolve); c.ws.close(); })));
}

// Runs one after another, in the order asked.
let queue = Promise.resolve();
const lines = readline.createInterface({ input: process.stdin });
lines.on('close', () => queue.then(() => { for (const cs of kept.values()) for (const c of cs) c.ws.close(); }));
lines.on('line', (line) => {
  const [url, sessions, episodes, steps, mode] = line.trim().split(/\s+/);
  queue = queue.then(() => run(url, Number(sessions), Number(episodes), Number(steps), mode))
    .catch((e) => process.stdout.write(`${JSON.stringify({ error: String(e?.stack ?? e) })}\n`));
});
