// Which checkpoint "one step back" restores, for every control that offers it (the debugger's
// step back and reverse continue, the device panel's step back button): chosen here once.
import type { PauseInfo } from './events';

/** Failures found after the last step ended: stepping back undoes that last step. */
const AFTER_THE_STEPS = new Set<PauseInfo['failure']>(['step-budget-exhausted', 'verifier-failed', 'device-disconnected']);

/**
 * The step whose checkpoint one step back restores, from where the loop is paused and the last
 * recorded step. A step that has acted (step-end, a failed action) is undone itself; a step
 * that has not acted yet goes back to the one before it; at the end, the last step is undone.
 */
export function stepBackTarget(paused: Pick<PauseInfo, 'step' | 'point' | 'failure'>, lastStep: number): number {
  let target: number;
  if (paused.step === undefined || AFTER_THE_STEPS.has(paused.failure)) target = lastStep;
  else if (paused.point === 'step-end' || paused.failure === 'action-failed') target = paused.step;
  else target = paused.step - 1;
  if (target < 1) throw new Error('this is the first step: there is nothing before it to step back to');
  return target;
}
