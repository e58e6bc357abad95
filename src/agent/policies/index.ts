// The policies the loop ships with, and the `--policy` spec parser the CLI and extension share.
import type { Policy } from '../policy';
import { OpenAiPolicy, type ApiKeyProvider } from './openai';
import { ReplayPolicy } from './replay';
import { SolutionPolicy } from './solution';

export { SolutionPolicy, resolveStep } from './solution';
export { ReplayPolicy } from './replay';
export { HumanPolicy, type HumanInput } from './human';
export { OpenAiPolicy, REFERENCE_SAMPLING, envApiKey, type OpenAiPolicyOptions, type ApiKeyProvider } from './openai';

export interface PolicySpecOptions {
  model?: string;
  apiKey?: ApiKeyProvider;
  timeoutMs?: number;
}

/** `solution` | `replay:<dir>` | `openai:<base-url>` → a fresh policy (one per concurrent episode). */
export function createPolicy(spec: string, options: PolicySpecOptions = {}): Policy {
  if (spec === 'solution') return new SolutionPolicy();
  if (spec.startsWith('replay:')) return new ReplayPolicy(spec.slice('replay:'.length));
  if (spec.startsWith('openai:')) {
    return new OpenAiPolicy({ baseUrl: spec.slice('openai:'.length), model: options.model, apiKey: options.apiKey, timeoutMs: options.timeoutMs });
  }
  throw new Error(`unknown policy '${spec}': use solution, replay:<dir> or openai:<base-url>`);
}
