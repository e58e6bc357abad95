// The OpenAI-compatible policy against a real HTTP server on 127.0.0.1 (port 0) that answers
// like vLLM: canned completions, reasoning_content splits, 500s and a hanging request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiPolicy, REFERENCE_SAMPLING, envApiKey } from './openai';
import { runEpisode } from '../episode';
import { TinyPhone, NOTES_PKG } from '../testing/tiny-phone';
import { saveNoteTask } from '../testing/tiny-tasks';

type Handler = (body: Record<string, unknown>, req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server;
let base = '';
const queue: Handler[] = [];
const seen: { path: string; auth?: string; body: Record<string, unknown> }[] = [];

const completion = (message: Record<string, unknown>, finish = 'stop'): Handler => (_b, _r, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }], usage: { prompt_tokens: 2600, completion_tokens: 40 } }));
};
const status = (code: number): Handler => (_b, _r, res) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end('{"error":"overloaded"}'); };
const hang: Handler = () => { /* never answers */ };
const tc = (name: string, args: object): string => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

before(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => {
      const body = data ? JSON.parse(data) as Record<string, unknown> : {};
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (req.url === '/v1/models') { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"object":"list","data":[{"id":"PhoneBuddy-4B"}]}'); return; }
      const h = queue.shift();
      if (!h) { res.writeHead(404); res.end('no canned response'); return; }
      h(body, req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(() => { server.closeAllConnections(); server.close(); });

test('a full episode through the endpoint: model discovery, sampling, key, reasoning split', async () => {
  seen.length = 0;
  queue.push(
    completion({ content: null, reasoning_content: `<think>Open Notes.</think>\n${tc('open_app', { package: NOTES_PKG })}` }),
    completion({ content: tc('click', { points: [[500, 175]] }), reasoning_content: 'The field is at the top.' }),
    completion({ content: `<think>type</think>${tc('type', { text: '会议 10:00' })}` }),
    completion({ content: `<think>save</think>${tc('click', { coordinate: [263, 425] })}` }),
    completion({ content: `<think>done</think>${tc('finish', { text: 'saved' })}` }),
  );
  const phone = new TinyPhone();
  const policy = new OpenAiPolicy({ baseUrl: base, apiKey: () => 'sk-test', backoffMs: 1 });
  const usage: unknown[] = [];
  const s = await runEpisode({ device: phone, policy, task: saveNoteTask(phone, '会议 10:00') }, (e) => { if (e.type === 'decided') usage.push(e.decision.usage); });
  assert.equal(s.success, true, s.reason);
  assert.deepEqual(usage[0], { promptTokens: 2600, completionTokens: 40 });
  assert.equal(s.steps[1].thought, 'The field is at the top.');
  assert.equal(seen[0].path, '/v1/models');
  const chat = seen.filter((r) => r.path === '/v1/chat/completions');
  assert.equal(chat.length, 5);
  assert.equal(chat[0].auth, 'Bearer sk-test');
  const b = chat[0].body;
  assert.equal(b.model, 'PhoneBuddy-4B');
  for (const [k, v] of Object.entries(REFERENCE_SAMPLING)) assert.deepEqual(b[k], v, k);
  const msgs = chat[4].body.messages as { role: string; content: unknown }[];
  assert.deepEqual(msgs[0], { role: 'system', content: '' });
  const text = (msgs[1].content as { text?: string }[])[2].text ?? '';
  assert.match(text, /- Step 2:\nThought: The field is at the top.\nAction: click\(\{"points": \[\[500, 175\]\]\}\)/);
  assert.match(text, /Action: click\(\{\}\)$/, 'the coordinate key is filtered out of the history like the reference');
});

test('500s are retried with backoff, then succeed', async () => {
  seen.length = 0;
  queue.push(status(500), status(503), completion({ content: tc('finish', { text: 'ok' }) }));
  const s = await runEpisode({ device: new TinyPhone(), goal: 'g', policy: new OpenAiPolicy({ baseUrl: base, model: 'm', backoffMs: 5, maxAttempts: 3 }) });
  assert.equal(s.terminatedBy, 'finish');
  assert.equal(seen.length, 3);
});

test('an endpoint that keeps failing or hangs gives failed steps with reasons, then stops', async () => {
  queue.push(status(500), status(500), hang, hang, status(400));
  const s = await runEpisode({
    device: new TinyPhone(), goal: 'g', maxConsecutiveErrors: 3,
    policy: new OpenAiPolicy({ baseUrl: base, model: 'm', backoffMs: 1, maxAttempts: 2, timeoutMs: 150 }),
  });
  assert.equal(s.terminatedBy, 'errors');
  assert.deepEqual(s.steps.map((r) => r.status), ['failed', 'failed', 'failed']);
  assert.match(s.steps[0].error ?? '', /HTTP 500/);
  assert.match(s.steps[1].error ?? '', /no answer .* within 150 ms/);
  assert.match(s.steps[2].error ?? '', /HTTP 400/, '4xx is not retried');
});

test('empty completion and unreachable server are reported, not thrown', async () => {
  queue.push(completion({ content: null }, 'length'));
  const p = new OpenAiPolicy({ baseUrl: base, model: 'm' });
  const s = await runEpisode({ device: new TinyPhone(), goal: 'g', policy: p, maxSteps: 1 });
  assert.match(s.steps[0].error ?? '', /empty model response \(finish_reason=length/);
  const down = new OpenAiPolicy({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', maxAttempts: 1 });
  const s2 = await runEpisode({ device: new TinyPhone(), goal: 'g', policy: down, maxSteps: 1 });
  assert.match(s2.steps[0].error ?? '', /cannot reach/);
  assert.throws(() => new OpenAiPolicy({ baseUrl: 'not a url' }), /not a URL/);
});

test('API key from env: PHONEBUDDY_API_KEY first, then OPENAI_API_KEY', () => {
  assert.equal(envApiKey({ PHONEBUDDY_API_KEY: 'a', OPENAI_API_KEY: 'b' }), 'a');
  assert.equal(envApiKey({ OPENAI_API_KEY: 'b' }), 'b');
  assert.equal(envApiKey({}), undefined);
});
