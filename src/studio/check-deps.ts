// What `check` runs on, for the CLI and the editor alike: a fresh mock phone per instance (with
// its shell, for shell verifiers) and the agent loop with the reference-solution policy.
import { runEpisode } from '../agent/episode';
import type { Actuation } from '../agent/execute';
import { SolutionPolicy } from '../agent/policies/solution';
import type { CheckDeps } from '../task/check/check-task';
import type { TaskInstance } from '../task/runnable';
import { mockPhoneForTask } from './phones';

/** The mock phone + the agent loop with the solution policy: what check runs on. */
export function mockCheckDeps(trusted = true, actuation: Actuation = 'phonebuddy'): CheckDeps {
  return {
    createDevice: (inst: TaskInstance) => mockPhoneForTask(inst),
    runEpisode: async (device, instance, context) => {
      const summary = await runEpisode({ device, policy: new SolutionPolicy(), task: instance, trusted: context.trusted, observe: { screenshot: false, uiTree: true }, maxConsecutiveErrors: 2, actuation });
      if (!summary.verify) throw new Error(`episode ended without a verdict: ${summary.error ?? summary.reason}`);
      return {
        outcome: { ...(summary.answer !== undefined ? { answer: summary.answer } : {}), steps: [], terminatedBy: summary.terminatedBy },
        report: summary.verify,
      };
    },
    context: { trusted },
  };
}
