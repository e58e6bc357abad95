// A recorded human demonstration on any device: the one entry point behind the Record CodeLens
// (a task on a fresh mock phone) and the device panel's Record toggle (whatever is on screen).
// The person's gestures reach `policy` (the panel hub's drive-by-hand bridge turns them into
// PhoneBuddy actions in 0–1000), `note()` attaches a thought to the next action, `finish()`
// ends the episode — with a task, its verifiers then judge the result, and a demonstration
// that fails them is kept and marked failed like any other recording.
import { Episode } from '../agent/episode';
import type { EpisodeSummary } from '../agent/events';
import { HumanPolicy, type HumanInput } from '../agent/policies/human';
import { attachRecorder } from '../agent/recording/attach';
import { actionToCall, type Action } from '../protocol/action';
import type { Device } from '../device/device';
import type { TaskInstance } from '../task/runnable';

export interface DemonstrationOptions {
  device: Device;
  /** The task being demonstrated (its goal, verifiers and manifest fields); none for a free demo. */
  instance?: TaskInstance;
  /** Goal of a free demonstration (default: the task's goal). */
  goal?: string;
  /** Where the episode folder goes. */
  root: string;
  trusted: boolean;
  maxSteps?: number;
  /** The task's setup already ran on the device (the CodeLens prepares a fresh phone). */
  skipSetup?: boolean;
  onError?: (e: Error, folder: string | undefined) => void;
}

/** The human policy with a note for the next step: the note becomes that step's thought. */
export class NotedHumanPolicy extends HumanPolicy {
  private pendingNote?: string;

  note(text: string): void {
    this.pendingNote = text.trim() || undefined;
  }

  get noted(): string | undefined {
    return this.pendingNote;
  }

  override push(input: HumanInput | Action): void {
    const note = this.pendingNote;
    this.pendingNote = undefined;
    if (note === undefined) { super.push(input); return; }
    const item: HumanInput = 'type' in input ? { call: actionToCall(input) } : input;
    super.push({ ...item, thought: note });
  }
}

export interface Demonstration {
  episode: Episode;
  policy: NotedHumanPolicy;
  /** Ends the demonstration as done (the task's verifiers then run). */
  finish(text?: string): void;
  /** Ends it without finishing (recorded as exhausted). */
  stop(): void;
  /** Resolves when the episode ended and its recording is complete on disk. */
  done: Promise<{ summary: EpisodeSummary; folders: string[] }>;
}

export function startDemonstration(o: DemonstrationOptions): Demonstration {
  const policy = new NotedHumanPolicy();
  const episode = new Episode({
    device: o.device, policy, ...(o.instance ? { task: o.instance } : {}), ...(o.goal ? { goal: o.goal } : {}),
    trusted: o.trusted, maxSteps: o.maxSteps ?? 100, skipSetup: o.skipSetup ?? false,
    // A recording keeps the screenshot the model would have seen at each step.
    observe: { screenshot: true, uiTree: true }, maxConsecutiveErrors: 100,
  });
  const rec = attachRecorder(episode, { root: o.root, source: 'demo', device: o.device, ...(o.instance ? { task: o.instance } : {}), ...(o.onError ? { onError: o.onError } : {}) });
  const done = (async () => {
    const summary = await episode.run();
    await rec.finished();
    return { summary, folders: [...rec.folders] };
  })();
  return {
    episode, policy, done,
    finish: (text = 'done') => policy.push({ type: 'finish', text, tool: 'finish' }),
    stop: () => policy.end(),
  };
}
