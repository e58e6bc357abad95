// An OpenAI-compatible endpoint over the model worker: GET /v1/models and
// POST /v1/chat/completions (JSON or server-sent events), so any harness that speaks that API
// — our openai: policy, PhoneBuddy's own AndroidWorld runner — can use a local model.
// Decoding is greedy whatever the request's sampling fields say (what the reference serves
// with); generation stops after the first </tool_call> unless the request sets
// `phonebuddy_stop_at_tool_call: false`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '../protocol/messages';
import { answerOversize, BodyTooLargeError, readRequestBody } from '../protocol/http-body';
import { ModelStepError, type ModelHost } from './host';

export interface ServeOptions {
  host: ModelHost;
  /** The id /v1/models lists and responses carry. */
  modelId: string;
  port?: number;
  hostname?: string;
  /** Largest request body accepted (a screenshot as base64 fits easily). Default 64 MiB. */
  maxBodyBytes?: number;
}

export interface ModelServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly type = 'invalid_request_error') {
    super(message);
  }
}

/** Checks the parts of a chat-completions body this server uses; names the field that is wrong. */
function parseRequest(raw: string): { messages: ChatMessage[]; stream: boolean; maxTokens?: number; stopAtToolCall: boolean; model?: string } {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch (e) {
    throw new HttpError(400, `the body is not JSON: ${(e as Error).message}`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'the body must be a JSON object');
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) throw new HttpError(400, 'messages must be a non-empty array');
  let images = 0;
  messages.forEach((m: unknown, i) => {
    const msg = m as { role?: unknown; content?: unknown };
    if (!msg || typeof msg !== 'object' || !['system', 'user', 'assistant'].includes(String(msg.role))) throw new HttpError(400, `messages[${i}].role must be system, user or assistant`);
    if (typeof msg.content === 'string') return;
    if (!Array.isArray(msg.content)) throw new HttpError(400, `messages[${i}].content must be a string or an array of parts`);
    msg.content.forEach((p: unknown, j) => {
      const part = p as { type?: unknown; text?: unknown; image_url?: { url?: unknown } };
      if (part?.type === 'text' && typeof part.text === 'string') return;
      if (part?.type === 'image_url' && typeof part.image_url?.url === 'string') {
        if (!part.image_url.url.startsWith('data:')) throw new HttpError(400, `messages[${i}].content[${j}].image_url.url must be a data: URL (this server does not fetch images)`);
        images++;
        return;
      }
      throw new HttpError(400, `messages[${i}].content[${j}] must be a text or image_url part`);
    });
  });
  if (images > 1) throw new HttpError(400, `${images} images in one request; PhoneBuddy is prompted with the current screenshot only`);
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1)) throw new HttpError(400, 'max_completion_tokens must be a positive integer');
  return {
    messages: messages as ChatMessage[],
    stream: body.stream === true,
    maxTokens: maxTokens as number | undefined,
    stopAtToolCall: body.phonebuddy_stop_at_tool_call !== false,
    model: typeof body.model === 'string' ? body.model : undefined,
  };
}

function statusOf(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  if (e instanceof BodyTooLargeError) return new HttpError(413, e.message);
  if (e instanceof ModelStepError) {
    if (['image', 'prompt-too-long', 'protocol'].includes(e.kind)) return new HttpError(400, e.message);
    // Retryable: the worker restarts for the next request.
    if (['crash', 'timeout', 'memory', 'queue-full', 'load', 'folder'].includes(e.kind)) return new HttpError(503, e.message, 'server_error');
  }
  return new HttpError(500, e instanceof Error ? e.message : String(e), 'server_error');
}

export async function serveModel(options: ServeOptions): Promise<ModelServer> {
  const { host, modelId } = options;
  const limit = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const created = Math.floor(Date.now() / 1000);

  const json = (res: http.ServerResponse, status: number, value: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

  async function completions(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const r = parseRequest((await readRequestBody(req, limit)).toString('utf8'));
    const ac = new AbortController();
    // A client that hangs up cancels its generation.
    res.on('close', () => { if (!res.writableFinished) ac.abort(new Error('the client disconnected')); });
    const id = `chatcmpl-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const chunk = (delta: Record<string, unknown>, finish: string | null): string =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: modelId, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    let streaming = false;
    const result = host.generate({
      messages: r.messages, maxNewTokens: r.maxTokens, stopAtToolCall: r.stopAtToolCall, signal: ac.signal,
      onText: r.stream ? (delta) => {
        if (!streaming) {
          streaming = true;
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
          res.write(chunk({ role: 'assistant', content: '' }, null));
        }
        res.write(chunk({ content: delta }, null));
      } : undefined,
    });
    let out;
    try {
      out = await result;
    } catch (e) {
      if (ac.signal.aborted) return;
      if (!streaming) throw e;
      // Headers are gone: report the failure in the stream, as OpenAI-compatible servers do.
      const err = statusOf(e);
      res.end(`data: ${JSON.stringify({ error: { message: err.message, type: err.type, code: err.status } })}\n\ndata: [DONE]\n\n`);
      return;
    }
    const finish = out.finishReason === 'length' ? 'length' : 'stop';
    const usage = { prompt_tokens: out.promptTokens, completion_tokens: out.completionTokens, total_tokens: out.promptTokens + out.completionTokens };
    if (r.stream) {
      if (!streaming) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(chunk({ role: 'assistant', content: '' }, null));
      }
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: modelId, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage })}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    json(res, 200, {
      id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: modelId,
      choices: [{ index: 0, message: { role: 'assistant', content: out.text, reasoning_content: null }, finish_reason: finish }],
      usage,
      phonebuddy_timings: out.timings,
    });
  }

  const server = http.createServer((req, res) => {
    const handle = async (): Promise<void> => {
      // Inside the handler: a malformed request target (`GET http://[ HTTP/1.1`) threw
      // outside it and took the server down.
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        throw new HttpError(400, `the request target is not a valid URL: ${JSON.stringify((req.url ?? '').slice(0, 200))}`);
      }
      const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;
      if (route === 'GET /v1/models' || route === 'GET /models') {
        json(res, 200, { object: 'list', data: [{ id: modelId, object: 'model', created, owned_by: 'phonebuddy-studio' }] });
      } else if (route === 'POST /v1/chat/completions' || route === 'POST /chat/completions') {
        await completions(req, res);
      } else if (route === 'GET /health') {
        json(res, 200, { status: 'ok', model: modelId, loaded: Boolean(host.info) });
      } else {
        throw new HttpError(404, `no route ${route} (this server offers GET /v1/models and POST /v1/chat/completions)`);
      }
    };
    handle().catch((e: unknown) => {
      const err = statusOf(e);
      if (res.headersSent) { res.end(); return; }
      const error = { error: { message: err.message, type: err.type, code: err.status } };
      if (e instanceof BodyTooLargeError) { answerOversize(req, res, err.status, error); return; }
      json(res, err.status, error);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.hostname ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = (options.hostname ?? '127.0.0.1').includes(':') ? `[${options.hostname}]` : options.hostname ?? '127.0.0.1';
  return {
    url: `http://${shownHost}:${port}/v1`,
    port,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
