import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { buildMessages, jpegDataUrl } from '../protocol/messages';
import { parseModelOutput } from '../protocol/parse';
import { OpenAiPolicy } from '../agent/policies/openai';
import type { PolicyContext } from '../agent/policy';
import { ModelHost } from './host';
import { serveModel } from './serve';
import { CLICK_SCRIPT, tempFixture, testScreenshot } from './testing/fixture';

test('serve-model: our openai: policy drives the local model over loopback; streaming (SSE) adds up to the same text', async () => {
  const fx = tempFixture({ script: CLICK_SCRIPT });
  const host = new ModelHost({ dir: fx.dir, maxPixels: 200_704 });
  const server = await serveModel({ host, modelId: 'PhoneBuddy-tiny' });
  try {
    const shot = await testScreenshot();
    const models = await (await fetch(`${server.url}/models`)).json() as { data: { id: string }[] };
    assert.deepEqual(models.data.map((m) => m.id), ['PhoneBuddy-tiny']);

    const policy = new OpenAiPolicy({ baseUrl: server.url, maxAttempts: 1 });
    const ctx = { goal: 'Open Wi-Fi', step: 1, history: [], signal: new AbortController().signal, request: () => buildMessages('Open Wi-Fi', jpegDataUrl(shot), []) } as unknown as PolicyContext;
    const d = await policy.next(ctx);
    assert.equal(d.kind, 'text', JSON.stringify(d));
    if (d.kind !== 'text') return;
    assert.equal(d.output.content, CLICK_SCRIPT);
    assert.ok((d.usage?.promptTokens ?? 0) > 4000, 'the system prompt and the screenshot tokens were counted');
    const parsed = parseModelOutput(d.output);
    assert.ok(parsed.ok && parsed.call.name === 'click');

    const res = await fetch(`${server.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'PhoneBuddy-tiny', stream: true, messages: buildMessages('Open Wi-Fi', jpegDataUrl(shot), []) }) });
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const events = (await res.text()).split('\n\n').filter(Boolean).map((e) => e.replace(/^data: /, ''));
    assert.equal(events.at(-1), '[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e) as { choices: { delta: { content?: string }; finish_reason: string | null }[] });
    // Streamed as the worker sends text (batched per 16 ms): at least the first piece, the rest, the end.
    assert.ok(chunks.length >= 3, `streamed (${chunks.length} chunks)`);
    assert.equal(chunks.map((c) => c.choices[0].delta.content ?? '').join(''), CLICK_SCRIPT);
    assert.equal(chunks.at(-1)?.choices[0].finish_reason, 'stop');
  } finally {
    await server.close();
    await host.close();
    fx.cleanup();
  }
});

test('serve-model: bad requests get a 400 naming the field; unknown routes a 404; the server keeps serving', async () => {
  const fx = tempFixture({ script: 'ok' });
  const host = new ModelHost({ dir: fx.dir, maxPixels: 65_536 });
  const server = await serveModel({ host, modelId: 'm' });
  const post = (body: string): Promise<Response> => fetch(`${server.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  try {
    for (const [body, why] of [
      ['{', /not JSON/], ['{"messages": []}', /messages must be a non-empty array/],
      ['{"messages": [{"role": "tool", "content": "x"}]}', /messages\[0\]\.role/],
      [JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://example.com/a.png' } }] }] }), /data: URL/],
      [JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] }), /not an image the processor can read/],
    ] as const) {
      const res = await post(body);
      assert.equal(res.status, 400, body);
      assert.match(((await res.json()) as { error: { message: string } }).error.message, why);
    }
    assert.equal((await fetch(`${server.url}/nope`)).status, 404);
    // A malformed request target threw outside the handler and took the server down.
    const bad = await new Promise<string>((resolve) => {
      const s = net.connect(server.port, '127.0.0.1', () => s.write('GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      let out = '';
      s.on('data', (d) => { out += d.toString(); });
      s.on('close', () => resolve(out));
      s.on('error', () => resolve(out));
    });
    assert.match(bad, /^HTTP\/1\.1 400[\s\S]*the request target is not a valid URL/);
    const ok = await post(JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    assert.equal(((await ok.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content, 'ok');
  } finally {
    await server.close();
    await host.close();
    fx.cleanup();
  }
});
