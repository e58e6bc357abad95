// A served model that misbehaves at the HTTP level, on a real loopback server: it drips its
// body until the time limit, closes the connection before content-length bytes, or answers
// something that is not JSON (or nothing). Each gives a message naming the server and the
// problem — not "returned non-JSON:" with an empty excerpt — recorded as the episode's policy
// error, and the suite goes on to the next task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { OpenAiPolicy } from './openai';
import { runSuite, singleDevicePool } from '../runner/run-suite';
import { TinyPhone } from '../testing/tiny-phone';
import { saveNoteTask } from '../testing/tiny-tasks';

type Mode = 'drip' | 'short' | 'html' | 'empty';
let mode: Mode = 'drip';
let server: http.Server;
let base = '';
const timers = new Set<NodeJS.Timeout>();

before(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (mode === 'drip') {
        // Headers at once, then one byte every 40 ms of a 10,000-byte body.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 10_000 });
        res.write('{');
        const t = setInterval(() => { if (!res.destroyed) res.write(' '); }, 40);
        timers.add(t);
        res.on('close', () => { clearInterval(t); timers.delete(t); });
      } else if (mode === 'short') {
        // Announces 500 bytes, sends 26, closes the connection.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 500 });
        res.write('{"choices": [{"message": {');
        setTimeout(() => res.socket?.destroy(), 20);
      } else if (mode === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway (nginx)</body></html>');
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 0 });
        res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(async () => {
  for (const t of timers) clearInterval(t);
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const EXPECT: Record<Mode, RegExp> = {
  drip: /POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: the response body did not arrive within 300 ms \(\d+ bytes of the 10000 its content-length announced came, HTTP 200\)/,
  short: /POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: the connection closed after 26 bytes of the 500 its content-length announced — a truncated response/,
  html: /POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions returned non-JSON: 49 bytes of text\/html that are not JSON \(.*\): "<html><body>502 Bad Gateway \(nginx\)<\/body><\/html>"/,
  empty: /POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions returned non-JSON: an empty body/,
};

for (const m of Object.keys(EXPECT) as Mode[]) {
  test(`a model server whose answer is ${m === 'drip' ? 'dripped past the timeout' : m === 'short' ? 'shorter than its content-length' : m === 'html' ? 'HTML, not JSON' : 'empty'}: named, recorded, the suite goes on`, async () => {
    mode = m;
    const phone = new TinyPhone();
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-model-errors-'));
    try {
      const result = await runSuite({
        instances: [saveNoteTask(phone, 'one'), saveNoteTask(phone, 'two')],
        outDir: out, maxConsecutiveErrors: 1,
        pool: singleDevicePool('tiny', async () => phone),
        policy: () => new OpenAiPolicy({ baseUrl: base, model: 'm', timeoutMs: 300, maxAttempts: 2, backoffMs: 1 }),
        episode: { observe: { screenshot: false } },
      });
      assert.equal(result.records.length, 2, 'both tasks ran: the suite went on after the first');
      for (const r of result.records) {
        assert.equal(r.terminated_by, 'errors');
        assert.equal(r.success, false);
        assert.equal(r.trajectory[0].status, 'failed');
        assert.match(r.trajectory[0].error ?? '', EXPECT[m]);
        assert.match(r.reason, EXPECT[m], 'the episode says why it stopped');
      }
      const lines = fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8').trim().split('\n');
      assert.equal(lines.length, 2);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
}
