// An oversize request body gets its 413 and JSON error through to a real HTTP client, even
// while the client is still sending: closing the socket with unread request bytes makes the
// kernel answer with a reset, and the client then sees ECONNRESET instead of the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { ModelHost } from './host';
import { serveModel } from './serve';
import { tempFixture } from './testing/fixture';

/** POSTs `body` with node:http, writing it in pieces as a real upload does. */
function postWithNodeHttp(url: string, body: Buffer): Promise<{ status: number; text: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const piece = 64 * 1024;
    let at = 0;
    const pump = (): void => {
      while (at < body.length) {
        const ok = req.write(body.subarray(at, at + piece));
        at += piece;
        if (!ok) { req.once('drain', pump); return; }
      }
      req.end();
    };
    pump();
  });
}

test('serve-model: an oversize body gets a 413 with its JSON error (node:http and fetch), not a reset; the server keeps serving', async () => {
  const fx = tempFixture({ script: 'ok' });
  const host = new ModelHost({ dir: fx.dir, maxPixels: 65_536 });
  const server = await serveModel({ host, modelId: 'm', maxBodyBytes: 64 * 1024 });
  const url = `${server.url}/chat/completions`;
  // Far over the limit, so most of it is still on its way when the server answers.
  const huge = Buffer.from(JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(16 * 1024 * 1024) }] }));
  try {
    for (let i = 0; i < 3; i++) {
      const r = await postWithNodeHttp(url, huge);
      assert.equal(r.status, 413, r.text);
      assert.equal(r.connection, 'close');
      assert.match((JSON.parse(r.text) as { error: { message: string } }).error.message, /request body over 65536 bytes/);
    }
    const viaFetch = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge }).catch((e: Error) => e);
    assert.ok(!(viaFetch instanceof Error), `fetch got the 413, not ${String(viaFetch)} (${String((viaFetch as Error).cause)})`);
    assert.equal(viaFetch.status, 413);
    const body = await viaFetch.json() as { error: { message: string; code: number } };
    assert.equal(body.error.code, 413);
    assert.match(body.error.message, /request body over 65536 bytes/);
    // A body that never ends (chunked, written until the connection goes), on a raw socket so
    // only the server can end it: the 413 still arrives, and the server cuts the connection
    // after its linger instead of reading forever.
    const endless = await new Promise<{ text: string; cutAfterMs: number }>((resolve) => {
      const s = net.connect(server.port, '127.0.0.1');
      let text = '';
      let answeredAt = 0;
      const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x78), Buffer.from('\r\n')]);
      const pump = (): void => { while (!s.destroyed && s.write(chunk)); if (!s.destroyed) s.once('drain', pump); };
      s.on('data', (d) => { text += d.toString('latin1'); if (!answeredAt && text.includes('\r\n\r\n')) answeredAt = Date.now(); });
      s.on('error', () => { /* the cut shows as a reset or EPIPE on the writing side */ });
      s.on('close', () => resolve({ text, cutAfterMs: Date.now() - answeredAt }));
      s.write('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
      pump();
    });
    assert.match(endless.text, /^HTTP\/1\.1 413/);
    assert.match(endless.text, /request body over 65536 bytes/);
    assert.ok(endless.cutAfterMs < 10_000, `the endless body was cut ${endless.cutAfterMs} ms after the answer`);
    const ok = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }) });
    assert.equal(((await ok.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content, 'ok');
  } finally {
    await server.close();
    await host.close();
    fx.cleanup();
  }
});
