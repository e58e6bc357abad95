// What `check` runs on, for the CLI and the editor alike: a fresh mock phone per instance (with
// its shell, for shell verifiers), the agent loop with the reference-solution policy, and the
// mock phone's app catalogue.
import { runEpisode } from '../agent/episode';
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
}

/** The mock phone + the agent loop with the solution policy: what check runs on. */
export async function mockCheckDeps(options: MockCheckOptions | boolean = {}): Promise<CheckDeps> {
  const o = typeof options === 'boolean' ? { trusted: options } : options;
  const pool = new MockPhonePool();
  return {
    createDevice: (inst: Pick<TaskInstance, 'seed' | 'locale'>) => (o.reusePhones === false ? mockPhoneForTask(inst) : pool.take(inst)),
    close: () => pool.close(),
    runEpisode: async (device, instance, context) => {
      const screens: string[] = [];
      const summary = await runEpisode({ device, policy: new SolutionPolicy(), task: instance, trusted: context.trusted, observe: { screenshot: false, uiTree: true }, maxConsecutiveErrors: 2, actuation: o.actuation ?? 'phonebuddy' }, (e) => {
        if (e.type === 'observed' && e.observation.uiXml) screens.push(e.observation.uiXml);
      });
      if (!summary.verify) throw new Error(`episode ended without a verdict: ${summary.error ?? summary.reason}`);
      const steps = summary.steps.filter((r) => r.call).map((r) => ({ tool: r.call!.name, args: r.call!.args, ...(r.targetNode ? { targetNode: r.targetNode } : {}), ...(r.foregroundApp ? { foregroundApp: r.foregroundApp } : {}) }));
      return {
        outcome: { ...(summary.answer !== undefined ? { answer: summary.answer } : {}), steps, terminatedBy: summary.terminatedBy, ...(screens.length ? { screens } : {}) },
        report: summary.verify,
        screens,
      };
    },
    context: { trusted: o.trusted ?? true },
    catalog: await mockAppCatalog(),
    mutations: o.mutations ?? true,
  };
}
