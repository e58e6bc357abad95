// Tiny runtime-checking combinators for messages that cross a process or frame boundary.
// Hand-written on purpose: the webview's CSP forbids eval, which rules out compiled-schema
// validators (ajv), and a message protocol needs only a handful of shapes. Each check
// returns the value typed, or throws a ProtocolError naming the offending path.

export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(readonly path: string, readonly problem: string) {
    super(`${path}: ${problem}`);
  }
}

export type Check<T> = (value: unknown, path: string) => T;
export type Infer<C> = C extends Check<infer T> ? T : never;

const describe = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (typeof v === 'number') return String(v);
  return typeof v;
};

export function str(opts: { max?: number; min?: number; pattern?: RegExp } = {}): Check<string> {
  const max = opts.max ?? 10_000;
  return (v, path) => {
    if (typeof v !== 'string') throw new ProtocolError(path, `expected a string, got ${describe(v)}`);
    if (v.length > max) throw new ProtocolError(path, `string too long (${v.length} characters, at most ${max})`);
    if (opts.min !== undefined && v.length < opts.min) throw new ProtocolError(path, `string too short (at least ${opts.min} characters)`);
    if (opts.pattern && !opts.pattern.test(v)) throw new ProtocolError(path, `${describe(v)} does not match ${opts.pattern}`);
    return v;
  };
}

export function num(opts: { min?: number; max?: number; int?: boolean } = {}): Check<number> {
  return (v, path) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ProtocolError(path, `expected a finite number, got ${describe(v)}`);
    if (opts.int && !Number.isInteger(v)) throw new ProtocolError(path, `expected an integer, got ${v}`);
    if (opts.min !== undefined && v < opts.min) throw new ProtocolError(path, `${v} is below the minimum ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) throw new ProtocolError(path, `${v} is above the maximum ${opts.max}`);
    return v;
  };
}

export const bool: Check<boolean> = (v, path) => {
  if (typeof v !== 'boolean') throw new ProtocolError(path, `expected a boolean, got ${describe(v)}`);
  return v;
};

export function oneOf<const T extends readonly string[]>(values: T): Check<T[number]> {
  return (v, path) => {
    if (typeof v !== 'string' || !values.includes(v)) {
      throw new ProtocolError(path, `expected one of ${values.join(', ')}, got ${describe(v)}`);
    }
    return v as T[number];
  };
}

export function arr<T>(item: Check<T>, opts: { max?: number } = {}): Check<T[]> {
  const max = opts.max ?? 10_000;
  return (v, path) => {
    if (!Array.isArray(v)) throw new ProtocolError(path, `expected an array, got ${describe(v)}`);
    if (v.length > max) throw new ProtocolError(path, `array too long (${v.length} items, at most ${max})`);
    return v.map((x, i) => item(x, `${path}[${i}]`));
  };
}

/** A binary payload: Uint8Array, or an ArrayBuffer (what structured clone may hand over). */
export const bytes: Check<Uint8Array> = (v, path) => {
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  throw new ProtocolError(path, `expected binary data (Uint8Array), got ${describe(v)}`);
};

/** A string-keyed map with bounded size (UI node attributes, timings). */
export function record<T = string>(value: Check<T>, opts: { maxKeys?: number } = {}): Check<Record<string, T>> {
  const maxKeys = opts.maxKeys ?? 64;
  return (v, path) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ProtocolError(path, `expected an object, got ${describe(v)}`);
    const keys = Object.keys(v);
    if (keys.length > maxKeys) throw new ProtocolError(path, `too many keys (${keys.length}, at most ${maxKeys})`);
    const out: Record<string, T> = {};
    for (const k of keys) out[k] = value((v as Record<string, unknown>)[k], `${path}.${k}`);
    return out;
  };
}

const OPTIONAL = Symbol('optional');
export type OptionalCheck<T> = Check<T | undefined> & { [OPTIONAL]: true };

export function optional<T>(c: Check<T>): OptionalCheck<T> {
  const f = ((v: unknown, path: string) => (v === undefined ? undefined : c(v, path))) as OptionalCheck<T>;
  f[OPTIONAL] = true;
  return f;
}

type Shape = Record<string, Check<unknown>>;
type RequiredKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalCheck<unknown> ? never : K }[keyof S];
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalCheck<unknown> ? K : never }[keyof S];
export type ObjectOf<S extends Shape> =
  { [K in RequiredKeys<S>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined> };
type Flatten<T> = { [K in keyof T]: T[K] };

/** An object with exactly these keys; unknown keys are rejected so typos and smuggling fail loudly. */
export function obj<S extends Shape>(shape: S): Check<Flatten<ObjectOf<S>>> {
  return (v, path) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ProtocolError(path, `expected an object, got ${describe(v)}`);
    const input = v as Record<string, unknown>;
    for (const k of Object.keys(input)) {
      if (!(k in shape)) throw new ProtocolError(`${path}.${k}`, 'unexpected field');
    }
    const out: Record<string, unknown> = {};
    for (const [k, check] of Object.entries(shape)) {
      const value = check(input[k], `${path}.${k}`);
      if (value !== undefined) out[k] = value;
    }
    return out as Flatten<ObjectOf<S>>;
  };
}

/** A union discriminated by a literal `kind` field. */
export function tagged<K extends string, M extends Record<string, Shape>>(tag: K, variants: M):
  Check<{ [V in keyof M]: Flatten<{ [P in K]: V } & ObjectOf<M[V]>> }[keyof M]> {
  const checks = Object.fromEntries(Object.entries(variants).map(([name, shape]) => [name, obj({ ...shape, [tag]: str({ max: 64 }) })]));
  return ((v: unknown, path: string) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ProtocolError(path, `expected an object, got ${describe(v)}`);
    const t = (v as Record<string, unknown>)[tag];
    if (typeof t !== 'string' || !Object.hasOwn(checks, t)) {
      throw new ProtocolError(`${path}.${tag}`, `expected one of ${Object.keys(variants).join(', ')}, got ${describe(t)}`);
    }
    return checks[t](v, path);
  }) as never;
}

// ---- message sets: a record of message shapes keyed by `type` ----------------------------

export type MessageShapes = Record<string, Record<string, Check<unknown>>>;
export type MessageOf<M extends MessageShapes> = { [K in keyof M]: { type: K } & Infer<ReturnType<typeof obj<M[K]>>> }[keyof M];

export type ParseOutcome<M> =
  | { ok: true; message: M }
  /** `unknownType` is set when the shape was fine but the type is not one we speak. */
  | { ok: false; error: string; unknownType?: string };

/** A parser for one direction of a channel: unknown types and malformed fields come back as errors, never thrown. */
export function messageParser<M extends MessageShapes>(shapes: M, side: string): (raw: unknown) => ParseOutcome<MessageOf<M>> {
  const checks = Object.fromEntries(Object.entries(shapes).map(([t, shape]) => [t, obj({ ...shape, type: str() })]));
  return (raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return { ok: false, error: `${side} message must be an object, got ${raw === null ? 'null' : typeof raw}` };
    }
    const type = (raw as { type?: unknown }).type;
    if (typeof type !== 'string') return { ok: false, error: `${side} message has no string "type"` };
    if (!Object.hasOwn(checks, type)) {
      return { ok: false, error: `unknown ${side} message type ${JSON.stringify(type.slice(0, 60))}`, unknownType: type.slice(0, 60) };
    }
    try {
      return { ok: true, message: checks[type](raw, type) as MessageOf<M> };
    } catch (e) {
      if (e instanceof ProtocolError) return { ok: false, error: `invalid ${side} message: ${e.message}` };
      throw e;
    }
  };
}
