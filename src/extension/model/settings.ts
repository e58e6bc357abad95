// The phonebuddy.model.* settings, and the policy choices they add to every place that runs
// an agent (▶ Run, Test Explorer, debugger, device panel). Cheap to import: the model itself
// loads only when a local policy takes its first step.
import * as vscode from 'vscode';
import type { LocalPolicyOptions } from '../../agent/policies/local';
import { config, workspacePath } from '../config';

export interface PolicyChoice {
  /** `solution` or `local:<dir>` — what createPolicy takes. */
  spec: string;
  label: string;
  description?: string;
  local?: LocalPolicyOptions;
}

export const SOLUTION_CHOICE: PolicyChoice = { spec: 'solution', label: 'Reference solution', description: 'the task file\'s own solution steps' };

/** The local model from phonebuddy.model.path, or undefined when it is not set. */
export function localModelChoice(): PolicyChoice | undefined {
  const dir = config.model.path();
  if (!dir) return undefined;
  const abs = workspacePath(dir) ?? dir;
  const maxPixels = config.model.maxPixels() || undefined;
  const stepTimeoutS = config.model.stepTimeoutSeconds() || undefined;
  const maxMemoryMb = config.model.maxMemoryMb();
  return {
    spec: `local:${abs}`,
    label: 'Local model',
    description: abs,
    local: {
      dtype: config.model.dtype(),
      maxPixels,
      ...(stepTimeoutS ? { stepTimeoutMs: stepTimeoutS * 1000 } : {}),
      ...(maxMemoryMb ? { maxRssMb: maxMemoryMb } : {}),
    },
  };
}

/** Every policy the pickers offer right now. */
export function policyChoices(): PolicyChoice[] {
  const local = localModelChoice();
  return local ? [SOLUTION_CHOICE, local] : [SOLUTION_CHOICE];
}

/**
 * Asks which policy to use when there is a choice (phonebuddy.model.path set); returns the
 * solution at once otherwise. `preset` ('solution' | 'local') skips the question (tests, keybindings).
 */
export async function pickPolicy(preset?: string): Promise<PolicyChoice | undefined> {
  const choices = policyChoices();
  if (preset) {
    const found = choices.find((c) => c.spec === preset || c.spec.split(':')[0] === preset);
    if (!found) throw new Error(preset === 'local' ? 'set phonebuddy.model.path to a model folder to run the local model' : `unknown policy '${preset}'`);
    return found;
  }
  if (choices.length === 1) return choices[0];
  const picked = await vscode.window.showQuickPick(choices.map((c) => ({ ...c, choice: c })), { placeHolder: 'Which policy plays the task?' });
  return picked?.choice;
}
