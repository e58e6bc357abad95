// The on-disk shape of one recorded episode, declared once for the writer, the reader, the
// exporters and the viewer. One folder per episode:
//
//   manifest.json     what the episode was (task, device, policy, outcome); replaced atomically
//   steps.jsonl       one line per step, append-only, each fsynced before the next action runs
//   0001.jpg          the exact JPEG the model was given at step 1 (bytes as the device sent them)
//   0001.xml          the UI tree observed at step 1
//
// Files sit flat in the folder so one directory fsync makes a step's new files durable.
// Only protocol types are imported: this layer knows nothing about the loop or VS Code.
import type { Action } from '../protocol/action';
import type { ToolCall } from '../protocol/tools';
import type { StepTimings } from '../protocol/step-timings';

/** Per-phase milliseconds: the loop's own type (one declaration, in src/protocol). */
export type { StepTimings };

export const MANIFEST_FILE = 'manifest.json';
export const STEPS_FILE = 'steps.jsonl';
export const FORMAT_NAME = 'phonebuddy-trajectory';
export const FORMAT_VERSION = 1;

/** Where an episode came from; the Trajectories view filters on it. */
export type EpisodeSource = 'run' | 'test' | 'debug' | 'demo' | 'other';
export const EPISODE_SOURCES: readonly EpisodeSource[] = ['run', 'test', 'debug', 'demo', 'other'];

/** 'recording' while a writer holds it; 'interrupted' after a crash was repaired. */
export type EpisodeStatus = 'recording' | 'complete' | 'interrupted' | 'stopped';

export interface PixelPoint {
  x: number;
  y: number;
}

export interface ManifestTask {
  taskId: string;
  instanceId: string;
  title?: string;
  /** Task file, absolute when known (the viewer's "open task file"). */
  file?: string;
  family?: string;
  tags?: string[];
  params?: Record<string, unknown>;
  seed?: number;
}

export interface ManifestDevice {
  id: string;
  kind: string;
  model?: string;
  serial?: string;
  sdk?: number;
  screen: { width: number; height: number; density?: number };
}

export interface VerifierNode {
  path: string;
  kind: string;
  passed: boolean;
  reason: string;
  weight?: number;
  observed?: unknown;
  skipped?: boolean;
  children?: VerifierNode[];
}

export interface ManifestOutcome {
  success: boolean;
  score: number;
  terminatedBy: string;
  reason: string;
  answer?: string;
  error?: string;
  verify?: { passed: boolean; score: number; results: VerifierNode[] };
}

export interface Manifest {
  format: typeof FORMAT_NAME;
  version: number;
  episodeId: string;
  source: EpisodeSource;
  goal: string;
  task?: ManifestTask;
  device: ManifestDevice;
  locale?: string;
  /** Policy name as the loop reports it, e.g. 'solution', 'openai:phonebuddy-4b', 'human'. */
  policy: string;
  model?: string;
  startedAt: string;
  endedAt?: string;
  status: EpisodeStatus;
  /** Steps known complete on disk (the writer updates it at the end; the reader trusts steps.jsonl). */
  steps: number;
  outcome?: ManifestOutcome;
  /** For a fork made by the debugger: the episode and step it branched from. */
  parent?: { episodeId: string; step: number; folder?: string };
  /** Who holds the recording open, so a reader never "repairs" a live one. */
  writer?: { pid: number; host: string };
  /** Why a recording stopped early (disk full, write error). */
  stopReason?: string;
  /** How many steps carry each flag, kept by the writer so a listing needs no step log scan. */
  flags?: StepFlagCounts;
}

export interface StepFlagCounts {
  corrected: number;
  human: number;
  forked: number;
}

export interface StepFile {
  file: string;
  bytes: number;
}

/** The model's own choice at a step the debugger or a human corrected. */
export interface OriginalDecision {
  thought: string;
  raw?: string;
  call?: ToolCall;
  action?: Action;
}

export interface StepEntry {
  /** The loop's 1-based step number. */
  index: number;
  /** ISO time the step was observed. */
  time: string;
  screenshot?: StepFile & { width: number; height: number; sha256: string };
  uiTree?: StepFile;
  foregroundApp?: string;
  /**
   * The instruction text exactly as it went into the request (`# Instruction\n{goal}` plus
   * the history section): with the system prompt and the screenshot it rebuilds the request.
   */
  instruction: string;
  raw?: string;
  thought: string;
  /** The call that ran (after any correction), as the model would have written it. */
  call?: ToolCall;
  /** Normalised action (0–1000) that ran. */
  action?: Action;
  /** Device pixels it used. */
  pixels?: PixelPoint[];
  targetNode?: Record<string, string>;
  status: 'ok' | 'failed' | 'skipped';
  error?: string;
  /** Which hand decided: policy name, 'human', 'debugger'. */
  source: string;
  timings: StepTimings;
  usage?: { promptTokens?: number; completionTokens?: number };
  /** Present when the action was corrected: what the model originally chose. */
  corrected?: OriginalDecision;
  /** A person chose this action (a demonstration or a debugger edit by hand). */
  human?: boolean;
  /** The first step after a fork from the parent episode. */
  forked?: boolean;
  /** Free-text note a person attached to the step. */
  note?: string;
}

export function stepFileName(index: number, ext: 'jpg' | 'png' | 'xml'): string {
  return `${String(index).padStart(4, '0')}.${ext}`;
}
