// Any OpenAI-compatible chat-completions endpoint (vLLM or SGLang serving PhoneBuddy) as a
// policy, with the reference runner's sampling settings. Reasoning servers put the thinking —
// and sometimes the tool call — in `reasoning_content` / `reasoning` with `content` null, so
// both are handed to the parser. Transient failures (network, timeout, 408/429/5xx) are
// retried with backoff; a step whose retries are exhausted is a failed step, not a crash.
import type { ChatMessage } from '../../protocol/messages';
import type { Policy, PolicyContext, PolicyDecision } from '../policy';

/** Sampling as the reference serving config (eval/run_android_world.py SAMPLING). */
export const REFERENCE_SAMPLING = {
  temperature: 0,
  top_p: 1,
  top_k: -1,
  repetition_penalty: 1.0,
  max_completion_tokens: 8192,
  skip_special_tokens: false,
} as const;

export type ApiKeyProvider = () => Promise<string | undefined> | string | undefined;

export interface OpenAiPolicyOptions {
  /** e.g. http://127.0.0.1:8000/v1 */
  baseUrl: string;
  /** Served model id; discovered from GET /models when omitted. */
  model?: string;
  /** Defaults to env PHONEBUDDY_API_KEY, then OPENAI_API_KEY (VS Code passes its secret storage here). */
  apiKey?: ApiKeyProvider;
  /** Per-request timeout, ms. Default 120 000. */
  timeoutMs?: number;
  /** Attempts per step, including the first. Default 3. */
  maxAttempts?: number;
  /** Backoff before attempt n+1 is min(backoffMs·n, maxBackoffMs). Defaults 2 000 / 10 000 (the reference). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * Largest response body accepted, bytes. Default 16 MiB: a chat completion is a few KiB, so
   * anything near this is a broken or hostile server, and reading it whole would take the
   * extension host's memory with it.
   */
  maxResponseBytes?: number;
  /** Extra body fields (override sampling). */
  extraBody?: Record<string, unknown>;
  fetch?: typeof fetch;
}

export function envApiKey(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.PHONEBUDDY_API_KEY || env.OPENAI_API_KEY || undefined;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Default cap on a response body (see `maxResponseBytes`). */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export class OpenAiPolicy implements Policy {
  readonly name: string;
  private model?: string;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: OpenAiPolicyOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    try {
      new URL(this.base);
    } catch {
      throw new Error(`openai policy: '${options.baseUrl}' is not a URL (expected e.g. http://127.0.0.1:8000/v1)`);
    }
    this.model = options.model;
    this.name = `openai:${options.model ?? this.base}`;
    this.fetchImpl = options.fetch ?? fetch;
  }

  private async headers(): Promise<Record<string, string>> {
    const key = this.options.apiKey ? await this.options.apiKey() : envApiKey();
    return { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
  }

  private async call(method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    const limitMs = this.options.timeoutMs ?? 120_000;
    const timeout = AbortSignal.timeout(limitMs);
    const combined = AbortSignal.any([signal, timeout]);
    const where = `${method} ${this.base}${path}`;
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.base}${path}`, { method, headers: await this.headers(), body: body === undefined ? undefined : JSON.stringify(body), signal: combined });
    } catch (e) {
      if (signal.aborted) throw e;
      if (timeout.aborted) throw new HttpError(408, `no answer from ${this.base}${path} within ${limitMs} ms`);
      throw new HttpError(0, `cannot reach ${this.base}${path}: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`);
    }
    const maxBytes = this.options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
    const declared = Number(res.headers.get('content-length') ?? NaN);
    const ofDeclared = Number.isFinite(declared) ? ` of the ${declared} its content-length announced` : '';
    // Not retried (the same server would send the same again); the body is cancelled unread.
    const tooLarge = (seen: string): HttpError => new HttpError(-1, `${where}: the response is larger than the ${maxBytes}-byte limit (${seen}, HTTP ${res.status}); a chat completion is a few KiB — is this the model server? (maxResponseBytes raises the limit)`);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw tooLarge(`its content-length announced ${declared} bytes`);
    }
    const got = await readBody(res, maxBytes);
    if (got.overLimit) throw tooLarge(`more than ${maxBytes} bytes came`);
    if (got.error) {
      if (signal.aborted) throw got.error;
      // A server that sends headers, then drips (or stalls) the body until our time limit.
      if (timeout.aborted) throw new HttpError(408, `${where}: the response body did not arrive within ${limitMs} ms (${got.bytes.length} bytes${ofDeclared} came, HTTP ${res.status})`);
      // A connection closed before the body was complete: a short or truncated response.
      throw new HttpError(502, `${where}: the connection closed after ${got.bytes.length} bytes${ofDeclared} — a truncated response (${describe(got.error)})`);
    }
    const text = got.bytes.toString('utf8');
    if (!res.ok) throw new HttpError(res.status, `${method} ${path} → HTTP ${res.status}: ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text);
    } catch (e) {
      const ctype = res.headers.get('content-type') ?? 'no content-type';
      const what = text.length === 0 ? 'an empty body' : `${got.bytes.length} bytes of ${ctype} that are not JSON (${(e as Error).message}): ${JSON.stringify(text.slice(0, 200))}`;
      throw new HttpError(502, `${where} returned non-JSON: ${what}`);
    }
  }

  private async withRetries<T>(what: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const attempts = Math.max(1, this.options.maxAttempts ?? 3);
    let last: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        return await what();
      } catch (e) {
        if (signal.aborted) throw e;
        last = e;
        const retryable = !(e instanceof HttpError) || e.status === 0 || RETRYABLE_STATUS.has(e.status);
        if (!retryable || attempt === attempts) break;
        const delay = Math.min((this.options.backoffMs ?? 2000) * attempt, this.options.maxBackoffMs ?? 10_000);
        await sleep(delay, signal);
      }
    }
    throw last;
  }

  async resolveModel(signal: AbortSignal): Promise<string> {
    if (this.model) return this.model;
    const list = await this.withRetries(() => this.call('GET', '/models', undefined, signal), signal) as { data?: { id?: string }[] };
    const id = list?.data?.[0]?.id;
    if (!id) throw new Error(`no models served at ${this.base}`);
    this.model = id;
    return id;
  }

  /** The request body for one step (exported for tests and for `--dry-run` style tooling). */
  body(model: string, messages: ChatMessage[]): Record<string, unknown> {
    return { model, messages, stream: false, ...REFERENCE_SAMPLING, ...this.options.extraBody };
  }

  async next(ctx: PolicyContext): Promise<PolicyDecision> {
    try {
      const model = await this.resolveModel(ctx.signal);
      const body = this.body(model, ctx.request());
      const json = await this.withRetries(() => this.call('POST', '/chat/completions', body, ctx.signal), ctx.signal) as ChatCompletion;
      const choice = json?.choices?.[0];
      if (!choice?.message) return { kind: 'error', message: `the endpoint answered without choices[0].message: ${JSON.stringify(json).slice(0, 200)}` };
      const m = choice.message;
      const reasoning = [m.reasoning, m.reasoning_content].filter((x): x is string => typeof x === 'string' && x.length > 0).join('\n');
      const content = typeof m.content === 'string' ? m.content : null;
      if (!content && !reasoning) {
        const hint = choice.finish_reason === 'length' ? ' (finish_reason=length: raise max_completion_tokens)' : '';
        return { kind: 'error', message: `empty model response${hint}` };
      }
      return {
        kind: 'text',
        output: { content, reasoning: reasoning || null },
        usage: { promptTokens: json.usage?.prompt_tokens, completionTokens: json.usage?.completion_tokens },
      };
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
    }
  }
}

interface ChatCompletion {
  choices?: { message?: { content?: string | null; reasoning?: string | null; reasoning_content?: string | null }; finish_reason?: string }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/**
 * The whole body, or the bytes that came before the stream failed (timeout, closed connection),
 * or `overLimit` once more than `maxBytes` came (the rest is cancelled, never buffered).
 */
async function readBody(res: Response, maxBytes: number): Promise<{ bytes: Buffer; error?: unknown; overLimit?: true }> {
  const chunks: Buffer[] = [];
  if (!res.body) return { bytes: Buffer.alloc(0) };
  const reader = res.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks) };
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { bytes: Buffer.alloc(0), overLimit: true };
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    return { bytes: Buffer.concat(chunks), error };
  }
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) { reject(signal.reason); return; }
    const t = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = (): void => { clearTimeout(t); reject(signal.reason); };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
