// Turns recorded episodes into training samples, one per step that has an action to learn:
// the step's request (instruction as sent + its screenshot) and the target the model should
// emit. Corrected steps learn the correction; the model's original becomes the rejected side
// of a preference pair. Steps that are failed, have no call, or lost their screenshot are
// left out and counted; identical steps (same screenshot, instruction and target) are kept once.
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { EpisodeRead } from '../reader';
import type { StepEntry } from '../format';
import { actionToCall } from '../../protocol/action';
import { targetText } from './target';

export interface StepSample {
  id: string;
  episode: EpisodeRead;
  step: StepEntry;
  /** Absolute path of the screenshot the model was given. */
  image: string;
  instruction: string;
  target: string;
  /** The model's original answer at a corrected step. */
  rejected?: string;
  /** What the step did (tool name) and where (foreground app), for the stats. */
  tool: string;
  app: string;
}

export interface SampleSkips {
  noAction: number;
  failed: number;
  missingScreenshot: number;
  duplicate: number;
}

export function emptySkips(): SampleSkips {
  return { noAction: 0, failed: 0, missingScreenshot: 0, duplicate: 0 };
}

/** Samples of one episode; `seen` carries de-duplication keys across episodes. */
export function episodeSamples(ep: EpisodeRead, seen: Set<string>, skips: SampleSkips, warn: (m: string) => void): StepSample[] {
  const out: StepSample[] = [];
  const missing = new Set(ep.missing.map((m) => `${m.step}:${m.file}`));
  for (const step of ep.steps) {
    if (!step.call) { skips.noAction++; continue; }
    if (step.status === 'failed') { skips.failed++; continue; }
    if (!step.screenshot || missing.has(`${step.index}:${step.screenshot.file}`)) {
      skips.missingScreenshot++;
      warn(`${ep.folder}: step ${step.index} has no screenshot${step.screenshot ? ` (${step.screenshot.file} is missing or unusable)` : ''}: left out`);
      continue;
    }
    const target = targetText(step.thought, step.call);
    const key = createHash('sha256').update(`${step.screenshot.sha256}\0${step.instruction}\0${target}`).digest('hex');
    if (seen.has(key)) { skips.duplicate++; continue; }
    seen.add(key);
    const original = step.corrected;
    const originalCall = original?.call ?? (original?.action ? actionToCall(original.action) : undefined);
    out.push({
      id: `${ep.manifest.episodeId}:${step.index}`, episode: ep, step,
      image: path.join(ep.folder, step.screenshot.file), instruction: step.instruction, target,
      ...(originalCall ? { rejected: targetText(original!.thought, originalCall) } : {}),
      tool: step.call.name, app: step.foregroundApp ?? 'unknown',
    });
  }
  return out;
}
