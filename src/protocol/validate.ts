// The one runtime-validation kit for everything that crosses a boundary: webview ↔ host,
// worker ↔ host, AndroidWorld HTTP bodies. Schemas are valibot's (no eval, no `new Function`:
// it runs under the webview's strict CSP, which rules out compiled validators such as ajv);
// the TypeScript type of a message is inferred from its schema, so sender and receiver share
// one declaration. These presets add the bounds every message needs (strings and arrays are
// capped, numbers finite, objects strict) and errors that name the offending field:
// `parse` throws a ProtocolError whose message starts with the path, e.g. `tap.x: …`.
// Named members only, never the namespace re-exported: that would defeat tree-shaking and
// pull all of valibot into every bundle (measured: the model worker grew from 30 to 214 KiB).
import * as v from 'valibot';

export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(readonly path: string, readonly problem: string) {
    super(`${path}: ${problem}`);
  }
}

/** Any schema of the kit (a valibot schema without async parts). */
export type Schema<T = unknown> = v.GenericSchema<unknown, T>;
export type Infer<S extends v.GenericSchema> = v.InferOutput<S>;
/** The fields of an object schema (what `obj` takes). */
export type Entries = v.ObjectEntries;
/** The object type a strict object of these entries yields. */
export type ObjectOf<E extends v.ObjectEntries> = v.InferOutput<v.StrictObjectSchema<E, undefined>>;

const describe = (x: unknown): string => {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'string') return x.length > 40 ? `a string of ${x.length} characters` : JSON.stringify(x);
  if (typeof x === 'number') return String(x);
  return typeof x;
};
const got = (what: string) => (issue: v.BaseIssue<unknown>): string => `expected ${what}, got ${describe(issue.input)}`;

export function str(opts: { max?: number; min?: number } = {}) {
  const max = opts.max ?? 10_000;
  const min = opts.min ?? 0;
  return v.pipe(
    v.string(got('a string')),
    v.maxLength(max, (i) => `string too long (${(i.input as string).length} characters, at most ${max})`),
    v.minLength(min, `string too short (at least ${min} characters)`),
  );
}

export function num(opts: { min?: number; max?: number; int?: boolean } = {}) {
  const { min = -Infinity, max = Infinity } = opts;
  return v.pipe(
    v.number(got('a finite number')),
    v.finite(got('a finite number')),
    v.check((x) => !opts.int || Number.isInteger(x), (i) => `expected an integer, got ${describe(i.input)}`),
    v.minValue(min, (i) => `${describe(i.input)} is below the minimum ${min}`),
    v.maxValue(max, (i) => `${describe(i.input)} is above the maximum ${max}`),
  );
}

export const bool = v.boolean(got('a boolean'));

export function oneOf<const T extends readonly string[]>(values: T) {
  return v.picklist(values as T & readonly [string, ...string[]], got(`one of ${values.join(', ')}`)) as v.GenericSchema<unknown, T[number]>;
}

export function arr<S extends v.GenericSchema>(item: S, opts: { max?: number } = {}) {
  const max = opts.max ?? 10_000;
  return v.pipe(
    v.array(item, got('an array')),
    v.maxLength(max, (i) => `array too long (${(i.input as unknown[]).length} items, at most ${max})`),
  );
}

/** A binary payload: Uint8Array, or an ArrayBuffer (what structured clone may hand over). */
export const bytes: v.GenericSchema<unknown, Uint8Array> = v.union(
  [v.instance(Uint8Array), v.pipe(v.instance(ArrayBuffer), v.transform((b) => new Uint8Array(b)))],
  got('binary data (Uint8Array)'),
);

/** A string-keyed map with bounded size (UI node attributes). */
export function record<S extends v.GenericSchema>(value: S, opts: { maxKeys?: number } = {}) {
  const maxKeys = opts.maxKeys ?? 64;
  return v.pipe(
    v.custom<Record<string, unknown>>((x) => !!x && typeof x === 'object' && !Array.isArray(x), got('an object')),
    v.check((x) => Object.keys(x).length <= maxKeys, (i) => `too many keys (${Object.keys(i.input as object).length}, at most ${maxKeys})`),
    v.record(v.string(), value),
  );
}

export const optional = <S extends v.GenericSchema>(s: S) => v.optional(s);
export const nullable = <S extends v.GenericSchema>(s: S) => v.nullable(s);
/** Absent, undefined or null (Python servers send None as null). */
export const nullish = <S extends v.GenericSchema>(s: S) => v.nullish(s);
/** A value `guard` accepts, when a full schema would cost too much (30 MB pixel arrays). */
export const shaped = <T>(guard: (x: unknown) => boolean, what: string) => v.custom<T>(guard, got(what));
/** `schema`, and then `holds` (a rule across its fields); `problem` says what broke it. */
export function refined<S extends v.GenericSchema>(schema: S, holds: (x: v.InferOutput<S>) => boolean, problem: string) {
  return v.pipe(schema, v.check(holds, problem)) as v.GenericSchema<unknown, v.InferOutput<S>>;
}

/** Any value at all (tool arguments, whose shape the tool's own checks know). */
export const anything = v.unknown();

/** One of several schemas; `what` names them in the error (nested errors keep their own path). */
export function either<const S extends readonly v.GenericSchema[]>(options: S, what: string) {
  return v.union(options, got(what)) as v.GenericSchema<unknown, v.InferOutput<S[number]>>;
}

// One message function serves the three issues a strict object raises itself.
const objectMessage = (issue: v.StrictObjectIssue): string =>
  issue.expected === 'never' ? 'unexpected field'
    : issue.expected === 'Object' ? `expected an object, got ${describe(issue.input)}`
      : 'required field is missing';

/** An object with exactly these keys; unknown keys are rejected so typos and smuggling fail loudly. */
export function obj<const E extends v.ObjectEntries>(entries: E) {
  return v.strictObject(entries, objectMessage);
}

/**
 * An object from a server we do not control: the named fields are checked, unknown ones are
 * dropped instead of rejected (a newer server may add some).
 */
export function looseObj<const E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, (i) => (i.expected === 'Object' ? `expected an object, got ${describe(i.input)}` : 'required field is missing'));
}

/**
 * An object read back from a file that a newer writer may have added fields to: the named
 * fields are checked, the others are kept as they are (neither rejected nor dropped).
 */
export function openObj<const E extends v.ObjectEntries>(entries: E) {
  return v.looseObject(entries, (i) => (i.expected === 'Object' ? `expected an object, got ${describe(i.input)}` : 'required field is missing'));
}

type Variants<K extends string, M extends Record<string, v.ObjectEntries>> = {
  [V in keyof M & string]: v.StrictObjectSchema<M[V] & { [P in K]: v.LiteralSchema<V, undefined> }, typeof objectMessage>
}[keyof M & string];

/** A union discriminated by a literal field (`kind`, `type`): one strict object per variant. */
export function tagged<const K extends string, const M extends Record<string, v.ObjectEntries>>(tag: K, variants: M) {
  const options = Object.entries(variants).map(([name, entries]) => obj({ ...entries, [tag]: v.literal(name) }));
  const tags = got(`one of ${Object.keys(variants).join(', ')}`);
  const message = (i: v.VariantIssue): string => (i.expected === 'Object' ? `expected an object, got ${describe(i.input)}` : tags(i));
  return v.variant(tag, options as never, message) as v.GenericSchema<unknown, v.InferOutput<Variants<K, M>>>;
}

/** The first issue's path as `root.a.b[2]`. */
function pathOf(root: string, issue: v.BaseIssue<unknown>): string {
  let out = root;
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  }
  return out;
}

/** Validates `value`; the typed value, or a ProtocolError naming the first wrong field. */
export function parse<S extends v.GenericSchema>(schema: S, value: unknown, root: string): v.InferOutput<S> {
  const r = v.safeParse(schema, value, { abortEarly: true });
  if (r.success) return r.output;
  const issue = r.issues[0];
  throw new ProtocolError(pathOf(root, issue), issue.message);
}

/**
 * `parse` for a message between threads, with its direction said first:
 * `invalid message from worker: fromWorker.record.task: …`. Other errors pass through.
 */
export function parseMessage<S extends v.GenericSchema>(schema: S, value: unknown, what: string, root: string): v.InferOutput<S> {
  try {
    return parse(schema, value, root);
  } catch (e) {
    if (e instanceof ProtocolError) throw new Error(`invalid ${what}: ${e.message}`);
    throw e;
  }
}

/**
 * The three checks of a worker thread's messages (its init data, messages to it, messages from
 * it), named after the thread: `invalid message to worker: toWorker.type: …`.
 */
export function threadChecks<I extends v.GenericSchema, T extends v.GenericSchema, F extends v.GenericSchema>(
  thread: string, schemas: { init: I; to: T; from: F },
): { init: (x: unknown) => v.InferOutput<I>; to: (x: unknown) => v.InferOutput<T>; from: (x: unknown) => v.InferOutput<F> } {
  const name = thread.replace(/(?:^|\s)(\w)/g, (_, c: string) => c.toUpperCase());
  return {
    init: (x) => parseMessage(schemas.init, x, `${thread} init data`, 'workerData'),
    to: (x) => parseMessage(schemas.to, x, `message to ${thread}`, `to${name}`),
    from: (x) => parseMessage(schemas.from, x, `message from ${thread}`, `from${name}`),
  };
}

/** `parse` as a result instead of a throw, for callers that answer with the error (HTTP 422). */
export function check<S extends v.GenericSchema>(schema: S, value: unknown, root: string):
  { ok: true; value: v.InferOutput<S> } | { ok: false; error: string; path: string } {
  try {
    return { ok: true, value: parse(schema, value, root) };
  } catch (e) {
    if (e instanceof ProtocolError) return { ok: false, error: e.message, path: e.path };
    throw e;
  }
}
