// PhoneBuddy running on this machine: `local:<model-dir>`. The model lives in a worker thread
// (src/model/host.ts), loaded once and shared by every episode that names the same folder
// and settings, so a suite of N episodes pays one load. The screenshot goes to the worker as
// bytes; the output streams back as it is decoded.
import path from 'node:path';
import type { Policy, PolicyContext, PolicyDecision } from '../policy';
import { buildMessages } from '../../protocol/messages';
import type { ModelHost, ModelHostOptions } from '../../model/host';

export interface LocalPolicyOptions extends Omit<ModelHostOptions, 'dir'> {
  /** max_new_tokens per step (default 8192, the reference's max_completion_tokens). */
  maxNewTokens?: number;
}

const hosts = new Map<string, { host: Promise<ModelHost>; users: number; linger?: NodeJS.Timeout }>();
/** How long a model stays loaded after its last episode ends (the next episode reuses it). */
const LINGER_MS = 120_000;

/** One host per folder + settings, created on first use (loading the host module lazily). */
async function acquire(dir: string, options: LocalPolicyOptions): Promise<{ key: string; host: ModelHost }> {
  const { maxNewTokens: _m, ...hostOptions } = options;
  const key = JSON.stringify({ dir: path.resolve(dir), ...hostOptions });
  let entry = hosts.get(key);
  if (!entry) {
    entry = { host: import('../../model/host').then(({ ModelHost }) => new ModelHost({ ...hostOptions, dir: path.resolve(dir) })), users: 0 };
    hosts.set(key, entry);
  }
  entry.users++;
  clearTimeout(entry.linger);
  return { key, host: await entry.host };
}

function release(key: string): void {
  const entry = hosts.get(key);
  if (!entry || --entry.users > 0) return;
  // Unref'd: an idle, lingering model never keeps the process alive (its worker is unref'd too).
  entry.linger = setTimeout(() => {
    if (entry.users > 0) return;
    hosts.delete(key);
    void entry.host.then((h) => h.close());
  }, LINGER_MS);
  entry.linger.unref();
}

/** Unloads every local model now (extension deactivation, tests). */
export async function closeLocalModels(): Promise<void> {
  const all = [...hosts.values()];
  hosts.clear();
  await Promise.all(all.map(async (e) => { clearTimeout(e.linger); await (await e.host).close(); }));
}

export class LocalModelPolicy implements Policy {
  readonly name: string;
  private handle?: Promise<{ key: string; host: ModelHost }>;

  constructor(readonly dir: string, private readonly options: LocalPolicyOptions = {}) {
    if (!dir) throw new Error('local policy: give the model folder, e.g. local:./models/PhoneBuddy-0.8B-ONNX');
    this.name = `local:${path.basename(path.resolve(dir))}`;
  }

  private host(): Promise<{ key: string; host: ModelHost }> {
    this.handle ??= acquire(this.dir, this.options);
    return this.handle;
  }

  async next(ctx: PolicyContext): Promise<PolicyDecision> {
    const { host } = await this.host();
    const shot = ctx.observation.screenshot;
    // The bytes travel beside the messages; the data URL is never built for the local model.
    const messages = buildMessages(ctx.goal, 'phonebuddy:screenshot', ctx.history);
    let text = '';
    try {
      const r = await host.generate({
        messages,
        image: shot ? new Uint8Array(shot.data.buffer, shot.data.byteOffset, shot.data.byteLength) : undefined,
        maxNewTokens: this.options.maxNewTokens ?? 8192,
        signal: ctx.signal,
        onText: (delta) => { text += delta; ctx.onModelText?.(text); },
      });
      return { kind: 'text', output: { content: r.text, reasoning: null }, usage: { promptTokens: r.promptTokens, completionTokens: r.completionTokens } };
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      return { kind: 'error', message: `local model ${this.dir}: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) release((await handle).key);
  }
}
