// CEL (Common Expression Language) for expectations and param constraints — never JS eval.
// Undeclared variables are dynamic, so `rows[0].n > 2`, `count == 1` and `params.x` just work.
import { Environment, ParseError } from '@marcbachmann/cel-js';

const env = new Environment({ unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false });

export interface CelProgram {
  source: string;
  evaluate(context: Record<string, unknown>): unknown;
}

export interface CelSyntaxError {
  message: string;
  /** Offsets inside the expression. */
  start: number;
  end: number;
}

const cache = new Map<string, CelProgram>();
const MAX_CACHED = 1000;

/** Compiles once per distinct expression; throws a CelSyntaxError-shaped error. */
export function compileCel(source: string): CelProgram {
  const hit = cache.get(source);
  if (hit) return hit;
  const parsed = env.parse(source);
  const program: CelProgram = { source, evaluate: (ctx) => parsed(toCelValue(ctx) as Record<string, unknown>) };
  // The editor compiles every half-typed variant: keep the cache bounded.
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(source, program);
  return program;
}

export function celSyntaxError(source: string): CelSyntaxError | undefined {
  try {
    compileCel(source);
    return undefined;
  } catch (e) {
    const range = (e as ParseError).range as { start: number; end: number } | undefined;
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    return { message, start: range?.start ?? 0, end: range?.end ?? source.length };
  }
}

/** Plain data → CEL values: Uint8Array blobs become strings, undefined becomes null. */
function toCelValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (v instanceof Uint8Array) return `<blob ${v.length} bytes>`;
  if (Array.isArray(v)) return v.map(toCelValue);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toCelValue(x);
    return out;
  }
  return v;
}

/** Results come back with bigint ints; make them printable JSON. */
export function fromCelValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(fromCelValue);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), fromCelValue(x)]));
  return v;
}
