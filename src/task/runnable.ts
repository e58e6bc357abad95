// The contract between the task language (this folder) and its consumers: the agent loop,
// the headless runner, the AndroidWorld-compatible server, the Test Explorer. A task file
// is compiled into `TaskInstance`s (one per parameter combination); a consumer only needs
// this interface, never the YAML.
import type { Device } from '../device/device';
import type { Selector } from '../device/ui-tree';

export type { Selector };

export type TaskFamily = 'single-app' | 'cross-app' | 'mini-app' | 'custom';
export type DeviceRequirement = 'mock' | 'adb' | 'any';

/**
 * One step of a reference solution. `args` are PhoneBuddy tool arguments (points in 0–1000);
 * instead of `points`, a step may name `target` (a selector resolved on the live UI tree to
 * the centre of the matching node's bounds) — and `to` for the end of a drag/scroll.
 */
export interface SolutionStep {
  tool: string;
  args: Record<string, unknown>;
  target?: Selector;
  to?: Selector;
}

/** What happened in an episode, as verifiers see it. */
export interface EpisodeOutcome {
  /** Text of the terminal finish/output/answer action, if any. */
  answer?: string;
  steps: OutcomeStep[];
  /** Why the episode ended: 'finish' | 'max-steps' | 'errors' | 'aborted' | … */
  terminatedBy: string;
  /**
   * The UI trees (uiautomator XML) observed before each step, for `screen_showed`: what was
   * on screen at some step, even if it is gone at the end (a payment sheet opened then closed).
   */
  screens?: string[];
}

export interface OutcomeStep {
  tool: string;
  args: Record<string, unknown>;
  /** Attributes of the UI node under a tap/press (from the UI tree observed before acting). */
  targetNode?: Record<string, string>;
  /** The app in front when the step was decided. */
  foregroundApp?: string;
}

export interface VerifierResult {
  /** Path of the verifier inside the task, e.g. "verify.all[1]". */
  path: string;
  kind: string;
  passed: boolean;
  /** Optional weight for sub-goal scores. */
  weight?: number;
  /** Values the verifier observed (rows, texts, counts). */
  observed?: unknown;
  /** One sentence on why it passed or failed. */
  reason: string;
  /** Not run, e.g. a shell verifier in an untrusted workspace (counts as not passed). */
  skipped?: boolean;
  /** The verifier itself failed (bad query, CEL error, …): no verdict on the agent. */
  error?: boolean;
  /** The trap this clause guards (`safety:` in the task file). */
  safety?: string;
  children?: VerifierResult[];
}

export interface VerifyReport {
  passed: boolean;
  /** 0..1, weighted sub-goal score (1 when passed). */
  score: number;
  results: VerifierResult[];
  /**
   * Set when a verifier could not decide (its own error, not the agent's): then `passed` is
   * false and the run's score should be reported as null — a verifier error, not a failure.
   */
  error?: string;
  /** Safety/privacy traps the run fell into: failed clauses marked `safety:`. */
  violations?: { path: string; safety: string; reason: string }[];
}

export interface TaskInstance {
  taskId: string;
  /** Unique per parameter combination, e.g. "messages.send#recipient=Ana". */
  instanceId: string;
  title: string;
  family: TaskFamily;
  goal: string;
  /** The goal before params were filled in (AndroidWorld's /task/template). */
  template?: string;
  params: Record<string, unknown>;
  maxSteps: number;
  tags: string[];
  device: DeviceRequirement;
  /** The apps the task is about (`apps:`), for reports by app and the wrong-app failure. */
  apps?: string[];
  locale?: string;
  /** Source file, for reports and editor links. */
  file?: string;
  seed: number;
  setup(device: Device, context: TaskContext): Promise<void>;
  verify(device: Device, outcome: EpisodeOutcome, context: TaskContext): Promise<VerifyReport>;
  solution?: SolutionStep[];
  /**
   * The same task with other param values (same seed), or undefined when they break its
   * constraints. `check` uses it to ask whether the verifiers tell the instances apart.
   */
  variant?(params: Record<string, unknown>): TaskInstance | undefined;
  /** Every value each param can take (its domain at this seed). */
  paramDomains?: Record<string, unknown[]>;
  /** Text the setup puts on the clipboard (stale text the agent must not paste). */
  setupClipboard?: string;
  /** The verify tree as written (paths match VerifierResult.path), for check's proofs. */
  verifyDef?: unknown;
  /** Trajectories that must fail, each with why (`counterexamples:` in the task file). */
  counterexamples?: { reason: string; solution: SolutionStep[]; violates?: string }[];
}

export interface TaskContext {
  /** False in an untrusted VS Code workspace: `shell` steps and verifiers must not run. */
  trusted: boolean;
  signal?: AbortSignal;
  /** Notes for the user, e.g. "setup.shell skipped: untrusted workspace". */
  warn?: (message: string) => void;
}
