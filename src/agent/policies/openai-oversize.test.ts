// A served model that sends far more than a chat completion could be — an endless stream, or a
// content-length of gigabytes — on a real loopback server. The client stops reading at its
// limit (nothing more is buffered), says which URL and which limit, does not retry the same
// server, and hangs up so the server sees the connection close.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiPolicy } from './openai';

let mode: 'endless' | 'declared' = 'endless';
let requests = 0;
let closed = 0;
let server: http.Server;
let base = '';

before(async () => {
  server = http.createServer((req, res) => {
    requests++;
    req.resume();
    res.on('close', () => { closed++; });
    if (mode === 'declared') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(8 * 1024 ** 3) });
      res.write('{"data": [');
      return;
    }
    // Chunked JSON-looking bytes for as long as the client keeps reading.
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    res.write('{"data": [');
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

for (const m of ['endless', 'declared'] as const) {
  test(`openai policy: a ${m === 'endless' ? 'response that never ends' : 'response announcing 8 GiB'} fails at the size limit, naming the URL and the limit, without retrying`, async () => {
    mode = m;
    requests = 0;
    closed = 0;
    const policy = new OpenAiPolicy({ baseUrl: base, maxResponseBytes: 64 * 1024, maxAttempts: 3, backoffMs: 1, timeoutMs: 10_000 });
    const rss0 = process.memoryUsage().rss;
    await assert.rejects(policy.resolveModel(new AbortController().signal), (e: Error) => {
      assert.match(e.message, new RegExp(`GET ${base.replace(/[.]/g, '\\.')}/models: the response is larger than the 65536-byte limit`));
      assert.match(e.message, m === 'endless' ? /more than 65536 bytes came/ : /content-length announced 8589934592 bytes/);
      return true;
    });
    assert.equal(requests, 1, 'the same server is not asked again');
    const deadline = Date.now() + 5000;
    while (closed < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(closed, 1, 'the client hung up instead of draining the body');
    assert.ok(process.memoryUsage().rss - rss0 < 256 * 1024 * 1024, 'nothing near the stream was buffered');
  });
}
