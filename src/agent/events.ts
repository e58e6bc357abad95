// The episode event stream, declared once. The debugger, device panel, recorder, Test Explorer
// and CLI progress all read these events and nothing else from the loop.
import type { Action } from '../protocol/action';
import type { TerminalToolName, ToolCall } from '../protocol/tools';
import type { ParseError } from '../protocol/parse';
import type { Screenshot, ScreenInfo } from '../device/device';
import type { TaskFamily, VerifierResult, VerifyReport } from '../task/runnable';
import type { StepTimings } from '../protocol/step-timings';

/** Milliseconds spent per phase of one step (`total` includes the loop's own work). */
export type { StepTimings };


export interface Observation {
  step: number;
  screen: ScreenInfo;
  /** JPEG quality 90 at device resolution, what PhoneBuddy is prompted with (absent if disabled). */
  screenshot?: Screenshot;
  /** `uiautomator dump` XML (absent if disabled or the device failed to dump). */
  uiXml?: string;
  foregroundApp?: string;
}

/** What the policy decided at one step. */
export interface Decision {
  /** Raw model output (content + reasoning) for model policies. */
  raw?: string;
  thought: string;
  call?: ToolCall;
  action?: Action;
  parseError?: ParseError;
  /** Why no action could be taken (parse failure, unknown tool, missing points, policy error). */
  error?: string;
  /** Where the action came from, e.g. 'openai', 'solution', 'human', 'debugger'. */
  source: string;
  /** Tokens, when the policy's server reports them. */
  usage?: { promptTokens?: number; completionTokens?: number };
  /** Where in the task the action comes from (the solution policy names its step). */
  origin?: DecisionOrigin;
}

export interface DecisionOrigin {
  /** 0-based index into the task's `solution`. */
  solutionStep?: number;
}

/** A step whose action someone other than the policy chose; the policy's own choice is kept. */
export interface Correction {
  /** Who replaced it: `debugger`, `panel`, `fork`, a hook's name. */
  by: string;
  /** The policy's action (absent when its output gave none: unparsable, policy error). */
  original?: Action;
  originalCall?: ToolCall;
}

export type StepStatus = 'ok' | 'failed' | 'skipped';

/** One step as recorded: the record the trajectory store and results.jsonl are made of. */
export interface StepRecord {
  step: number;
  thought: string;
  raw?: string;
  call?: ToolCall;
  action?: Action;
  /** Device pixels the action used (points mapped for this screen). */
  pixels?: { x: number; y: number }[];
  status: StepStatus;
  error?: string;
  /** Attributes of the UI node under a tap (from the tree observed before acting). */
  targetNode?: Record<string, string>;
  foregroundApp?: string;
  timings: StepTimings;
  /** Set when the executed action is not the policy's (`raw`/`thought` stay the model's). */
  correction?: Correction;
}

export type TerminatedBy =
  | TerminalToolName
  | 'max-steps' | 'errors' | 'aborted' | 'device-disconnected' | 'policy-exhausted' | 'setup-failed';

export interface EpisodeSummary {
  episodeId: string;
  taskId?: string;
  instanceId?: string;
  goal: string;
  family?: TaskFamily;
  tags: string[];
  terminatedBy: TerminatedBy;
  /** One sentence on why the episode ended, for reports. */
  reason: string;
  answer?: string;
  steps: StepRecord[];
  verify?: VerifyReport;
  score: number;
  success: boolean;
  /** The episode-level error, if one ended it or scoring failed. */
  error?: string;
  durationMs: number;
  /** Set on a fork: the episode and step it branched from. */
  parent?: EpisodeParent;
  /** What the task's setup left out and why, e.g. shell steps in an untrusted workspace. */
  notes?: string[];
}

export interface EpisodeParent {
  episodeId: string;
  step: number;
}

/** Where the loop stands while paused (LoopPoint from hooks.ts, by name). */
export interface PauseInfo {
  step?: number;
  point: LoopPointName;
  /** Why: a hook's reason ("breakpoint click"), "pause requested", "rewound". */
  reason: string;
  /** The hook that asked, or "episode" for requestPause()/rewind. */
  by: string;
  failure?: FailureKind;
}

/** Where the loop is (Episode.state); `paused` at a loop point until resumed. */
export type EpisodeState =
  | 'idle' | 'setting-up' | 'step-start' | 'observing' | 'inferring' | 'paused' | 'acting' | 'recording' | 'step-end'
  | 'verifying' | 'done';

export type EpisodeEvent =
  /** The loop's state changed (Episode.state); emitted by the one place that changes it. */
  | { type: 'state'; episodeId: string; state: EpisodeState; from: EpisodeState }
  | { type: 'episode-started'; episodeId: string; goal: string; instanceId?: string; deviceId: string; policy: string; maxSteps: number; parent?: EpisodeParent }
  | { type: 'step-started'; episodeId: string; step: number }
  | { type: 'observed'; episodeId: string; step: number; observation: Observation }
  /** A streaming model policy's output so far (thought growing), before `decided`. */
  | { type: 'model-text'; episodeId: string; step: number; text: string }
  | { type: 'decided'; episodeId: string; step: number; decision: Decision }
  | { type: 'acted'; episodeId: string; step: number; record: StepRecord }
  | { type: 'verified'; episodeId: string; report: VerifyReport }
  | { type: 'finished'; episodeId: string; summary: EpisodeSummary }
  /** The loop stopped at a pause point and waits for resume(). */
  | { type: 'paused'; episodeId: string; pause: PauseInfo }
  | { type: 'resumed'; episodeId: string; pause: PauseInfo }
  /** The pending action was replaced; `original` is the policy's (kept in the record too). */
  | { type: 'action-edited'; episodeId: string; step: number; by: string; original?: Action; action: Action }
  /** Rewound to the checkpoint before `step`: records of `step` and later are void. */
  | { type: 'rewound'; episodeId: string; step: number }
  /** A checkpoint was taken before `step`. */
  | { type: 'checkpoint'; episodeId: string; step: number; ms: number; bytes: number };

export type EpisodeEventType = EpisodeEvent['type'];

// The loop's points, where hooks run and the loop can pause (hooks.ts), and the failures among
// them: event data, so they live with the events.

/** Why a step or episode went wrong, as the exception breakpoint filters name them. */
export type FailureKind =
  | 'unparsable-output' | 'policy-error' | 'action-failed' | 'verifier-failed'
  | 'step-budget-exhausted' | 'device-disconnected';

export const FAILURE_KINDS: readonly FailureKind[] = [
  'unparsable-output', 'policy-error', 'action-failed', 'verifier-failed', 'step-budget-exhausted', 'device-disconnected',
];

/** Every place the loop can stop, in the order a step passes them. */
export type LoopPoint =
  /** A step begins; the checkpoint (if any) is taken and nothing is observed yet. */
  | { point: 'step-start'; step: number }
  /** Observed; the policy has not been asked yet. */
  | { point: 'before-decision'; step: number; observation: Observation }
  /** The policy decided; `action` (possibly edited by an earlier hook) has not run yet. */
  | { point: 'before-action'; step: number; observation: Observation; decision: Decision; action: Action }
  /**
   * Something failed. For unparsable-output / policy-error `action` is absent and a hook may
   * supply one (the step then acts with it, recorded as a correction). For action-failed the
   * record is final except for being pushed.
   */
  | { point: 'failure'; step: number; failure: FailureKind; message: string; observation?: Observation; decision?: Decision; record?: StepRecord }
  /** The step's record is final (edited action, status, timings) and in the history. */
  | { point: 'step-end'; step: number; observation: Observation; decision: Decision; record: StepRecord }
  /** One verifier's verdict, depth first, after the task's verify ran. */
  | { point: 'verifier'; result: VerifierResult; report: VerifyReport }
  /** Verified (or not); `finished` has not been emitted. Rewind still works here. */
  | { point: 'episode-end'; terminatedBy: TerminatedBy; reason: string; verify?: VerifyReport };

export type LoopPointName = LoopPoint['point'];
