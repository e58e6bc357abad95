// The policies the loop ships with, and the `--policy` spec parser the CLI and extension share.
import type { Policy } from '../policy';
import { OpenAiPolicy, type ApiKeyProvider } from './openai';
import { ReplayPolicy } from './replay';
import { SolutionPolicy } from './solution';
import { LocalModelPolicy, type LocalPolicyOptions } from './local';

export { SolutionPolicy, resolveStep } from './solution';
export { ReplayPolicy } from './replay';
export { HumanPolicy, type HumanInput } from './human';
export { LocalModelPolicy, closeLocalModels, type LocalPolicyOptions } from './local';
export { OpenAiPolicy, REFERENCE_SAMPLING, envApiKey, type OpenAiPolicyOptions, type ApiKeyProvider } from './openai';

export interface PolicySpecOptions {
  model?: string;
  apiKey?: ApiKeyProvider;
  timeoutMs?: number;
  /** Settings of `local:<dir>` (max-pixels cap, dtype, limits); the extension fills them from phonebuddy.model.*. */
  local?: LocalPolicyOptions;
}

/** `solution` | `replay:<dir>` | `openai:<base-url>` | `local:<model-dir>` → a fresh policy (one per concurrent episode). */
export function createPolicy(spec: string, options: PolicySpecOptions = {}): Policy {
  if (spec === 'solution') return new SolutionPolicy();
  if (spec.startsWith('replay:')) return new ReplayPolicy(spec.slice('replay:'.length));
  if (spec.startsWith('openai:')) {
    return new OpenAiPolicy({ baseUrl: spec.slice('openai:'.length), model: options.model, apiKey: options.apiKey, timeoutMs: options.timeoutMs });
  }
  if (spec.startsWith('local:')) return new LocalModelPolicy(spec.slice('local:'.length), options.local);
  throw new Error(`unknown policy '${spec}': use solution, replay:<dir>, openai:<base-url> or local:<model-dir>`);
}
