// The loop's own control flow and the shapes its parts share (episode.ts, pause-gate.ts,
// rewinds.ts, run-step.ts). Nothing here is public API: callers see Episode and its events.
import type { HistoryStep } from '../../protocol/history';
import type { Action } from '../../protocol/action';
import type { Checkpoint } from '../checkpoints';
import type { Correction, Decision, Observation, StepRecord, StepTimings, TerminatedBy } from '../events';

/** How the episode ends; thrown from deep in a step, caught by the loop. */
export class EpisodeEnd extends Error {
  constructor(readonly by: TerminatedBy, readonly why: string, readonly answer?: string) {
    super(why);
  }
}

/** Control flow, not an error: unwinds the loop to re-enter it at a checkpoint. */
export class RewindSignal {
  constructor(readonly step: number, readonly mode: 'rewind' | 'redecide') {}
}

/** What wakes a paused loop. */
export type Wake = { kind: 'resume' } | { kind: 'rewind'; step: number; mode: 'rewind' | 'redecide' };

/** How a step is entered other than afresh: after a rewind, a restart frame or in a fork. */
export interface StepEntry {
  step: number;
  observation?: Observation;
  decision?: Decision;
  /** Pause at the first point reached, without running hooks there (after a rewind). */
  pauseOnEntry?: boolean;
  edit?: { action: Action; by: string };
}

/** The step in progress, as the pause API sees and edits it. */
export interface CurrentStep {
  step: number;
  observation?: Observation;
  decision?: Decision;
  action?: Action;
  correction?: Correction;
  /** The step's phase timings so far (model latency is known once decided). */
  timings?: StepTimings;
  policyBefore?: unknown;
  checkpoint?: Checkpoint;
}

/**
 * What the loop has done so far: the history the policy is shown, the step records and the
 * failed steps in a row. A checkpoint saves exactly this and a rewind or fork puts it back
 * (rewinds.ts); the steps add to it (run-step.ts); Episode owns it.
 */
export interface LoopProgress {
  history: HistoryStep[];
  records: StepRecord[];
  consecutiveErrors: number;
}
