// The task file as typed data, after YAML parsing and schema validation. Field names follow
// the YAML (snake_case) so error messages and docs use one vocabulary.
import { POINT_TOOLS, TOOL_NAMES } from '../protocol/tools';
import type { DeviceRequirement, TaskFamily } from './runnable';

export { POINT_TOOLS };

export type Scalar = string | number | boolean;

export interface ParamDef {
  type?: 'string' | 'int' | 'float' | 'bool';
  description?: string;
  choices?: Scalar[];
  /**
   * Values drawn from the app's seeded data: the first column of the query's rows on a freshly
   * reset phone at the task's seed and locale (resolved when the file is loaded).
   */
  from?: { app: string; query: string };
  min?: number;
  max?: number;
  step?: number;
  draw?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface SetupDef {
  seed?: number;
  locale?: string;
  time?: string;
  sql?: Record<string, string[]>;
  clipboard?: string;
  perturbations?: { name: string; probability?: number; params?: Record<string, unknown>; apps?: string[]; maxShows?: number }[];
  install?: string[];
  push?: { from: string; to: string }[];
  shell?: string[];
  start_app?: string;
}

export interface SelectorDef {
  text?: string;
  'text-contains'?: string;
  'resource-id'?: string;
  'content-desc'?: string;
  class?: string;
  instance?: number;
}

export interface WhereRule {
  field: string;
  /** `contains` is a literal substring test (no LIKE wildcards: a `%` or `_` in a param is just text). */
  operator: '==' | '!=' | '>' | '<' | '>=' | '<=' | 'LIKE' | 'IN' | 'contains';
  value: unknown;
}

export interface SqlVerifierDef {
  app: string;
  query?: string;
  table?: string;
  where?: WhereRule[];
  expect?: string;
}

export type UiState = 'exists' | 'absent' | 'checked' | 'unchecked' | 'selected' | 'unselected';
export interface UiVerifierDef extends SelectorDef {
  state?: UiState;
}

export interface AnswerVerifierDef {
  /**
   * The expected value read from the app's state at the end of the run: the first column of
   * the query's first row, compared as `match` says (default contains). Either a query of its
   * own (`app` + `query`) or a named query of the task's `queries:` (`named`); `column` picks
   * another column of the first row.
   */
  expected?: { app?: string; query?: string; named?: string; column?: string };
  match?: 'contains' | 'equals' | 'number';
  contains?: string;
  equals?: string;
  regex?: string;
  number?: number | string;
  tolerance?: number;
  ignore_case?: boolean;
}

export interface ShellVerifierDef {
  command: string;
  contains?: string;
  equals?: string;
  regex?: string;
  exit_code?: number;
}

export interface TrajectoryVerifierDef {
  must_call?: string[];
  must_not_call?: string[];
  must_not_tap?: SelectorDef;
  /** Packages the agent must never open (by open_app or by being in front at any step). */
  must_not_open?: string[];
  /** Text that may only be typed inside these apps (a password that must not leave its app). */
  typed_only_in?: { text: string; apps: string[] };
  max_steps?: number;
  /**
   * Some screen during the episode (any step's, or the final one) showed an element matching
   * this selector. Under `not:` it says the screen never showed it.
   */
  screen_showed?: SelectorDef;
}

export interface VerifierDef {
  name?: string;
  weight?: number;
  /**
   * Marks a must-not clause as a safety/privacy trap (e.g. "payment", "privacy"): when it
   * fails, the run is reported as a violation of that kind, beside the success rate.
   */
  safety?: string;
  sql?: SqlVerifierDef;
  ui?: UiVerifierDef;
  answer?: AnswerVerifierDef;
  shell?: ShellVerifierDef;
  trajectory?: TrajectoryVerifierDef;
  all?: VerifierDef[];
  any?: VerifierDef[];
  not?: VerifierDef;
}

export const VERIFIER_KINDS = ['sql', 'ui', 'answer', 'shell', 'trajectory', 'all', 'any', 'not'] as const;
export type VerifierKind = (typeof VERIFIER_KINDS)[number];

export function verifierKind(v: VerifierDef): VerifierKind | undefined {
  return VERIFIER_KINDS.find((k) => v[k] !== undefined);
}

/** The tools a solution step may call: the prompt's twelve, the pointing ones first (as diagnostics list them). */
export const TOOLS: readonly string[] = [...POINT_TOOLS, ...TOOL_NAMES.filter((t) => !(POINT_TOOLS as readonly string[]).includes(t))];

/** The step budget of a task that sets no `max_steps` (docs/task-language.md, the schema), and of an episode without a task. */
export const DEFAULT_MAX_STEPS = 20;

export interface PointArgsDef extends SelectorDef {
  points?: number[][];
  target?: SelectorDef;
  to?: SelectorDef;
  duration?: number;
  interval?: number;
}

export type StepDef = Partial<Record<(typeof POINT_TOOLS)[number], PointArgsDef>> & {
  type?: string;
  button_press?: string;
  open_app?: string;
  close_app?: string;
  wait?: number;
  output?: string;
  finish?: string;
};

export interface TaskDef {
  id: string;
  title?: string;
  category?: TaskFamily;
  device?: DeviceRequirement;
  apps?: string[];
  locale?: string;
  goal: string;
  params?: Record<string, ParamDef>;
  constraints?: string[];
  seed?: number;
  setup?: SetupDef;
  max_steps?: number;
  verify: VerifierDef | VerifierDef[];
  /**
   * Named queries on the end state, used by name in any sql verifier's expect
   * (`queries.<name>.row.<column>`, `.rows`, `.count`): values from one app checked in another.
   */
  queries?: Record<string, NamedQueryDef>;
  solution?: StepDef[];
  /** Trajectories that must fail: a list of steps (as in solution) or a recorded episode folder. */
  counterexamples?: CounterexampleDef[];
  tags?: string[];
}

export interface NamedQueryDef {
  app: string;
  query: string;
}

export interface CounterexampleDef {
  /** Why this run is wrong (shown when a verifier accepts it). */
  reason: string;
  steps?: StepDef[];
  /** A recorded episode folder (relative to the task file); its actions are replayed. */
  episode?: string;
  /** The trap it commits (a verifier's `safety:` kind): `check` requires that verifier to report the violation on it. */
  violates?: string;
}

/**
 * The verifier tree a task's `verify` stands for: a list is an implicit `all` (one item is
 * itself). Its paths (`verify.all[1]`) are the ones every report names, so walks over the
 * definition (check's proofs) start here too.
 */
export function verifierRoot(verify: unknown): VerifierDef | undefined {
  return (Array.isArray(verify) ? (verify.length === 1 ? verify[0] : { all: verify }) : verify) as VerifierDef | undefined;
}
