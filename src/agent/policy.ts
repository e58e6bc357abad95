// The `Policy` seam: given the goal, the observation and the history, decide the next step.
// Model policies hand back raw text (the loop parses it and times the parse separately);
// solution, replay and human policies hand back a tool call directly. A local ONNX worker
// policy implements the same interface.
import type { Device } from '../device/device';
import type { ChatMessage } from '../protocol/messages';
import type { HistoryStep } from '../protocol/history';
import type { ModelOutput } from '../protocol/parse';
import type { ToolCall } from '../protocol/tools';
import type { TaskInstance } from '../task/runnable';
import type { DecisionOrigin, Observation } from './events';

export interface PolicyContext {
  goal: string;
  task?: TaskInstance;
  step: number;
  observation: Observation;
  /** Earlier steps as the model sees them (thought + emitted call). */
  history: readonly HistoryStep[];
  /** The exact PhoneBuddy request for this step; built on first call (it base64-encodes the screenshot). */
  request(): ChatMessage[];
  device: Device;
  signal: AbortSignal;
  /** Streaming policies report the output so far (the loop emits it as a `model-text` event). */
  onModelText?: (textSoFar: string) => void;
}

export type PolicyDecision =
  /** Raw model output, parsed by the loop. */
  | { kind: 'text'; output: ModelOutput; usage?: { promptTokens?: number; completionTokens?: number } }
  /** A tool call chosen without a model (solution, replay, human). */
  | { kind: 'call'; call: ToolCall; thought?: string; origin?: DecisionOrigin }
  /** The policy could not decide this step (endpoint down, selector not found): counted as a failed step. */
  | { kind: 'error'; message: string }
  /** Nothing left to do (a replay or solution ran out of steps). */
  | { kind: 'exhausted'; message: string };

export interface Policy {
  /** Short name for reports: 'solution', 'replay', 'openai:<model>', 'human'. */
  readonly name: string;
  /** Called once before the first step of each episode. */
  begin?(episode: { goal: string; task?: TaskInstance; signal: AbortSignal }): Promise<void> | void;
  next(ctx: PolicyContext): Promise<PolicyDecision>;
  close?(): Promise<void> | void;
  /**
   * The policy's own progress (solution index, replay position, human queue) as a value the
   * loop keeps in a checkpoint; `restore` puts it back after a rewind or into a fork. A policy
   * without them is treated as stateless (a model behind an endpoint).
   */
  snapshot?(): unknown;
  restore?(state: unknown): void;
}
