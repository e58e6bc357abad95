// Checks what is read back from an episode folder before anything trusts it, with the
// project's validation kit (src/protocol/validate.ts): the result is typed by the schema, no
// cast. Lenient about extra fields (a newer writer may add some: they are kept), strict about
// the ones readers use, and strict about file names: a step may only name a file directly
// inside its own folder. Errors name the file and the field, e.g.
// `manifest.json: device.screen.width: expected a finite number, got "wide"`.
// Payloads the readers pass along without looking inside (the action, the tool call's
// arguments, the verifier's report, timings) are checked as far as they were before.
import {
  ProtocolError, arr, bool, num, oneOf, openObj, optional, parse, record, shaped, str, anything, type Schema,
} from '../protocol/validate';
import type { Action } from '../protocol/action';
import type { ToolCall } from '../protocol/tools';
import { EPISODE_SOURCES, FORMAT_NAME, MANIFEST_FILE, type Manifest, type StepEntry, type StepTimings, type VerifierNode } from './format';

const SAFE_FILE = /^\d{4,}\.(jpg|png|xml)$/;

/** Files on disk are not capped like messages: any length a writer wrote is read. */
const text = str({ max: Number.MAX_SAFE_INTEGER });
const nonEmpty = str({ max: Number.MAX_SAFE_INTEGER, min: 1 });
const count = num({ min: 0, int: true });
const isObj = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
const hasString = (k: string) => (x: unknown): boolean => isObj(x) && typeof (x as Record<string, unknown>)[k] === 'string';

const stepFile = {
  file: shaped<string>((f) => typeof f === 'string' && SAFE_FILE.test(f), 'a step file name like 0001.jpg'),
  bytes: count,
};

const toolCall = shaped<ToolCall>((c) => hasString('name')(c) && isObj((c as { args?: unknown }).args), 'a tool call with a name and args');
const action = shaped<Action>(hasString('type'), 'an action with a type');

const manifestSchema = openObj({
  format: oneOf([FORMAT_NAME] as const),
  version: num(),
  episodeId: nonEmpty,
  source: oneOf(EPISODE_SOURCES),
  goal: text,
  task: optional(openObj({
    taskId: text, instanceId: text, title: optional(text), file: optional(text), family: optional(text),
    tags: optional(arr(text, { max: Number.MAX_SAFE_INTEGER })), params: optional(record(anything, { maxKeys: Number.MAX_SAFE_INTEGER })), seed: optional(num()),
  })),
  device: openObj({
    id: text, kind: text, model: optional(text), serial: optional(text), sdk: optional(num()),
    screen: openObj({ width: num({ min: Number.MIN_VALUE }), height: num({ min: Number.MIN_VALUE }), density: optional(num()) }),
  }),
  locale: optional(text),
  policy: text,
  model: optional(text),
  startedAt: text,
  endedAt: optional(text),
  status: oneOf(['recording', 'complete', 'interrupted', 'stopped'] as const),
  /** The writer sets it at the end; an earlier crash may leave it out (then 0: the reader trusts steps.jsonl). */
  steps: optional(shaped<unknown>(() => true, 'anything')),
  outcome: optional(openObj({
    success: bool, score: num(), terminatedBy: text, reason: text, answer: optional(text), error: optional(text),
    verify: optional(openObj({ passed: bool, score: num(), results: arr(shaped<VerifierNode>(isObj, 'a verifier result'), { max: Number.MAX_SAFE_INTEGER }) })),
  })),
  parent: optional(openObj({ episodeId: text, step: num(), folder: optional(text) })),
  writer: optional(openObj({ pid: num(), host: text })),
  stopReason: optional(text),
  flags: optional(openObj({ corrected: count, human: count, forked: count })),
});

const stepSchema = openObj({
  index: num({ min: 1, int: true }),
  time: text,
  screenshot: optional(openObj({ ...stepFile, width: num(), height: num(), sha256: text })),
  uiTree: optional(openObj(stepFile)),
  instruction: text,
  raw: optional(text),
  thought: text,
  call: optional(toolCall),
  action: optional(action),
  pixels: optional(arr(openObj({ x: num(), y: num() }), { max: Number.MAX_SAFE_INTEGER })),
  targetNode: optional(record(text, { maxKeys: Number.MAX_SAFE_INTEGER })),
  foregroundApp: optional(text),
  status: oneOf(['ok', 'failed', 'skipped'] as const),
  error: optional(text),
  usage: optional(openObj({ promptTokens: optional(num()), completionTokens: optional(num()) })),
  corrected: optional(openObj({ thought: text, raw: optional(text), call: optional(toolCall), action: optional(action) })),
  human: optional(bool),
  forked: optional(bool),
  note: optional(text),
  source: text,
  timings: shaped<StepTimings>(isObj, 'an object of timings'),
});

/** What a read file failed on: the file, then the field path and the problem. */
export class TrajectoryFileError extends Error {
  override readonly name = 'TrajectoryFileError';
  constructor(readonly file: string, readonly field: string, problem: string) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`);
  }
}

function checked<S extends Schema>(schema: S, value: unknown, file: string, what: string): ReturnType<typeof parse<S>> {
  try {
    return parse(schema, value, '');
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    const field = e.path.replace(/^\./, '');
    throw new TrajectoryFileError(file, field, field ? e.problem : `${what} must be a JSON object (${e.problem})`);
  }
}

/** `file` names the manifest in errors (manifest.json, or its .tmp a crash left). */
export function checkManifest(v: unknown, file = MANIFEST_FILE): Manifest {
  const m = checked(manifestSchema, v, file, 'the manifest');
  return { ...m, steps: typeof m.steps === 'number' ? m.steps : 0 };
}

/** `where` names the line in errors, e.g. `steps.jsonl line 3`. */
export function checkStepEntry(v: unknown, where = 'step'): StepEntry {
  return checked(stepSchema, v, where, 'a step');
}
