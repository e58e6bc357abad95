// The trainer's side of bench/env.bench.ts, in a process of its own (as a trainer is): opens
// `sessions` WebSocket sessions to a running serve-env and steps each through `episodes`
// episodes of `steps` steps at once. `parse`: every reply is JSON-parsed (what a trainer does
// with the observation); `raw`: only the reply's tail is read for "done" (the server's capacity,
// not the client's decode). Prints one JSON line: per-step latencies (send to decoded), the
// client's own decode time per step, and the wall time; a START line before the first step.
// Usage: node bench/env-client.mjs <ws-url> <sessions> <episodes> <steps> <parse|raw>
import WebSocket from 'ws';

const [url, sessions, episodes, steps, mode] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), process.argv[6]];
const RESET = JSON.stringify({ type: 'reset', data: { task: 'notes.create#body=Buy oat milk' } });
const ACTIONS = [
  { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } },
  { tool_call: { name: 'click', args: { points: [[500, 400]] } } },
  { tool_call: { name: 'type', args: { text: 'hello' } } },
  { tool_call: { name: 'click', args: { points: [[500, 600]] } } },
  { tool_call: { name: 'type', args: { text: 'world' } } },
].map((a) => JSON.stringify({ type: 'step', data: a }));

async function open() {
  const ws = new WebSocket(url, { maxPayload: 64 << 20, perMessageDeflate: false, skipUTF8Validation: mode === 'raw' });
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  let waiter;
  ws.on('message', (d) => waiter(d));
  const req = (text) => new Promise((resolve) => { waiter = resolve; ws.send(text); });
  return { ws, req };
}

const done = (d) => {
  if (mode === 'raw') {
    const tail = d.subarray(Math.max(0, d.length - 200)).toString();
    if (tail.includes('"type":"error"') || d.subarray(0, 40).toString().includes('"type":"error"')) throw new Error(d.toString().slice(0, 300));
    return /"done":true/.test(tail);
  }
  const r = JSON.parse(d.toString());
  if (r.type === 'error') throw new Error(JSON.stringify(r.data));
  return r.data.done;
};

const clients = await Promise.all(Array.from({ length: sessions }, open));
// The server measures its CPU between this line and the result line: the steps, not this
// process's start (spawning it costs the server's process a fork).
process.stdout.write('START\n');
const latencies = [];
/** ms the client spent decoding each step's reply (toString + JSON.parse in `parse` mode). */
const decodes = [];
const t0 = performance.now();
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
process.stdout.write(`${JSON.stringify({ latencies, decodes, wallMs, steps: count })}\n`);
for (const c of clients) c.ws.close();
