// The one view of an episode that a verifier judges: the steps that called a tool (with the
// node under a tap and the app in front when each was decided), the UI trees observed before
// the steps that stand, and how the episode ended. The episode's own verdict, the debugger's
// live Verifiers scope and `check` all build it here, so no two of them can judge different
// inputs (trajectory rules such as must_not_open read `foregroundApp` and `screens`).
import type { EpisodeOutcome, OutcomeStep } from '../task/runnable';
import type { StepRecord } from './events';

/** How the episode ended (or 'paused' for a verdict taken in the middle). */
export interface EpisodeEnding {
  terminatedBy: string;
  answer?: string;
}

/**
 * The verifier's view of `records` (the steps that stand: a rewind truncates the records, and
 * the screens follow them). `screenAt(step)` is the UI tree observed before that step.
 */
export function verifierView(records: readonly StepRecord[], screenAt: (step: number) => string | undefined, ending: EpisodeEnding): EpisodeOutcome {
  const screens = records.map((r) => screenAt(r.step)).filter((x): x is string => x !== undefined);
  return {
    ...(ending.answer !== undefined ? { answer: ending.answer } : {}),
    steps: records.filter((r) => r.call).map(outcomeStep),
    terminatedBy: ending.terminatedBy,
    ...(screens.length ? { screens } : {}),
  };
}

function outcomeStep(r: StepRecord): OutcomeStep {
  const call = r.call ?? { name: 'none', args: {} };
  return { tool: call.name, args: call.args, ...(r.targetNode ? { targetNode: r.targetNode } : {}), ...(r.foregroundApp ? { foregroundApp: r.foregroundApp } : {}) };
}
