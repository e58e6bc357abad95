// Param domains and their combinations: choices, int/float ranges with a step, seeded random
// draws, JSON-Schema-style constraints per value and CEL constraints across params.
import { compileRegex, type TaskRegex } from './regex';
import type { ParamDef, Scalar } from './model';

/** Small seeded PRNG (mulberry32): the same seed gives the same draws on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Seeded pick of `n` distinct items, kept in their original order. */
export function sampleOf<T>(items: readonly T[], n: number, seed: number): T[] {
  if (n >= items.length) return [...items];
  const rnd = seededRandom(seed);
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, n).sort((a, b) => a - b).map((i) => items[i]);
}

const MAX_RANGE_VALUES = 10_000;

/** Every value a param can take (before draws). Throws with a clear message on a bad definition. */
export function paramValues(def: ParamDef): Scalar[] {
  if (def.choices) return [...def.choices];
  if (def.min !== undefined && def.max !== undefined) {
    if (def.min > def.max) throw new Error(`min ${def.min} is greater than max ${def.max}`);
    const step = def.step ?? 1;
    const float = def.type === 'float' || !Number.isInteger(def.min) || !Number.isInteger(step);
    const count = Math.floor((def.max - def.min) / step + 1e-9) + 1;
    if (count > MAX_RANGE_VALUES) throw new Error(`range has ${count} values; use 'draw' or a larger step (limit ${MAX_RANGE_VALUES})`);
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const v = def.min + i * step;
      out.push(float ? Math.round(v * 1e9) / 1e9 : Math.round(v));
    }
    return out;
  }
  if (def.type === 'bool') return [false, true];
  if (def.from) throw new Error(`draws its values from ${def.from.app}'s data (from:): load the file with the mock phone to read them`);
  throw new Error("needs 'choices', 'min' and 'max', or 'from' (a query on the app's data)");
}

/** Why a value breaks the param's JSON-Schema-style constraints (undefined when it is fine). */
export function constraintViolation(def: ParamDef, v: Scalar): string | undefined {
  if (def.type === 'int' && (typeof v !== 'number' || !Number.isInteger(v))) return `${JSON.stringify(v)} is not an integer`;
  if (def.type === 'float' && typeof v !== 'number') return `${JSON.stringify(v)} is not a number`;
  if (def.type === 'string' && typeof v !== 'string') return `${JSON.stringify(v)} is not a string`;
  if (def.type === 'bool' && typeof v !== 'boolean') return `${JSON.stringify(v)} is not a boolean`;
  if (typeof v === 'number') {
    if (def.minimum !== undefined && v < def.minimum) return `${v} is below minimum ${def.minimum}`;
    if (def.maximum !== undefined && v > def.maximum) return `${v} is above maximum ${def.maximum}`;
  }
  if (typeof v === 'string') {
    if (def.minLength !== undefined && v.length < def.minLength) return `${JSON.stringify(v)} is shorter than ${def.minLength}`;
    if (def.maxLength !== undefined && v.length > def.maxLength) return `${JSON.stringify(v)} is longer than ${def.maxLength}`;
    if (def.pattern !== undefined) {
      let re: TaskRegex;
      try { re = compileRegex(def.pattern); } catch { return undefined; } // reported on the pattern itself
      if (!re.test(v)) return `${JSON.stringify(v)} does not match ${def.pattern}`;
    }
  }
  return undefined;
}

/** The values used for instances: all values, or a seeded draw, minus constraint violations. */
export function paramDomain(name: string, def: ParamDef, seed: number): Scalar[] {
  const valid = paramValues(def).filter((v) => constraintViolation(def, v) === undefined);
  return def.draw ? sampleOf(valid, def.draw, seed ^ hashString(name)) : valid;
}

export type ParamSet = Record<string, Scalar>;

export const MAX_COMBINATIONS = 100_000;

export function combinations(domains: Record<string, Scalar[]>): ParamSet[] {
  const names = Object.keys(domains);
  const total = names.reduce((n, k) => n * domains[k].length, 1);
  if (total > MAX_COMBINATIONS) throw new Error(`${total} param combinations; use 'draw' to sample (limit ${MAX_COMBINATIONS})`);
  let out: ParamSet[] = [{}];
  for (const name of names) {
    const next: ParamSet[] = [];
    for (const partial of out) for (const v of domains[name]) next.push({ ...partial, [name]: v });
    out = next;
  }
  return out;
}

export function instanceIdOf(taskId: string, params: ParamSet): string {
  const keys = Object.keys(params);
  return keys.length === 0 ? taskId : `${taskId}#${keys.map((k) => `${k}=${params[k]}`).join(',')}`;
}
