// What `check` runs on, for the CLI and the editor alike: a fresh mock phone per instance (with
// its shell, for shell verifiers), the agent loop with the reference-solution policy, and the
// mock phone's app catalogue.
import { Episode } from '../agent/episode';
import type { Actuation } from '../agent/execute';
import { SolutionPolicy } from '../agent/policies/solution';
import type { CheckDeps } from '../task/check/check-task';
import type { TaskInstance } from '../task/runnable';
import { mockAppCatalog } from './app-catalog';
import { MockPhonePool } from './phone-pool';
import { mockPhoneForTask } from './phones';

export interface MockCheckOptions {
  trusted?: boolean;
  /** Try to break each verifier with mutants of its solution (default true). */
  mutations?: boolean;
  /** How `type` steps reach the phone (default phonebuddy: text only). */
  actuation?: Actuation;
  /** Reuse phones between runs (default true); false builds a new phone for every run (the bench's baseline). */
  reusePhones?: boolean;
  /** The workspace's app files (none: the built-in apps alone). */
  appsDir?: string;
}

/** The mock phone + the agent loop with the solution policy: what check runs on. */
export async function mockCheckDeps(options: MockCheckOptions | boolean = {}): Promise<CheckDeps> {
  const o = typeof options === 'boolean' ? { trusted: options } : options;
  const pool = new MockPhonePool(o.appsDir);
  return {
    createDevice: (inst: Pick<TaskInstance, 'seed' | 'locale'>) => (o.reusePhones === false ? mockPhoneForTask(inst, { appsDir: o.appsDir }) : pool.take(inst)),
    close: () => pool.close(),
    runEpisode: async (device, instance, context) => {
      const episode = new Episode({ device, policy: new SolutionPolicy(), task: instance, trusted: context.trusted, observe: { screenshot: false, uiTree: true }, maxConsecutiveErrors: 2, actuation: o.actuation ?? 'phonebuddy' });
      const summary = await episode.run();
      if (!summary.verify) throw new Error(`episode ended without a verdict: ${summary.error ?? summary.reason}`);
      // What the episode's verifiers judged, the same view (verifier-view.ts).
      const outcome = episode.outcome({ terminatedBy: summary.terminatedBy, answer: summary.answer });
      return { outcome, report: summary.verify, screens: outcome.screens ?? [] };
    },
    context: { trusted: o.trusted ?? true },
    catalog: await mockAppCatalog(o.appsDir),
    mutations: o.mutations ?? true,
  };
}
