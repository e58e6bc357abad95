// CEL (Common Expression Language) for expectations and param constraints — never JS eval.
// Undeclared variables are dynamic, so `rows[0].n > 2`, `count == 1` and `params.x` just work.
import { Environment, ParseError } from '@marcbachmann/cel-js';

// Structural limits keep a hostile expression from exhausting the parser; the cost bound
// below keeps a valid one from running for ever (cel-js itself has no evaluation budget).
const env = new Environment({ unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false, limits: { maxAstNodes: 2000, maxDepth: 64 } });

/** Longest expression accepted (a task's CEL is one line, not a program). */
export const MAX_CEL_LENGTH = 4000;
/** Evaluation budget: bound on the number of AST-node evaluations, estimated before running. */
export const CEL_COST_LIMIT = 10_000_000;
/** Comprehensions (all/exists/exists_one/map/filter) nested deeper than this are refused. */
export const MAX_COMPREHENSION_DEPTH = 3;
const COMPREHENSIONS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** Thrown for an expression that is valid CEL but too expensive to run. */
export class CelCostError extends Error {}

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
  if (source.length > MAX_CEL_LENGTH) throw new CelCostError(`expression is ${source.length} characters long (limit ${MAX_CEL_LENGTH})`);
  let parsed: ReturnType<typeof env.parse>;
  try {
    parsed = env.parse(source);
  } catch (e) {
    if (e instanceof RangeError) throw new CelCostError('expression is nested too deeply to parse');
    // The parser's structural limits, in the task author's words.
    const limit = /Exceeded (maxAstNodes|maxDepth|maxListElements|maxMapEntries|maxCallArguments) \((\d+)\)/.exec(String((e as Error).message));
    if (limit) throw new CelCostError(limit[1] === 'maxDepth' ? `expression is nested too deeply (more than ${limit[2]} levels)` : `expression is too large (more than ${limit[2]} ${limit[1] === 'maxAstNodes' ? 'parts' : 'items'})`);
    throw e;
  }
  const shape = shapeOf(parsed.ast as AstNode);
  if (shape.depth > MAX_COMPREHENSION_DEPTH) throw new CelCostError(`${shape.depth} nested comprehensions (all/exists/map/filter); at most ${MAX_COMPREHENSION_DEPTH} are allowed`);
  const staticCost = shape.nodes * Math.max(1, shape.maxLiteral) ** shape.depth;
  if (staticCost > CEL_COST_LIMIT) throw new CelCostError(tooCostly(shape, shape.maxLiteral, staticCost));
  const program: CelProgram = {
    source,
    evaluate: (ctx) => {
      const value = toCelValue(ctx);
      // Each comprehension runs at most once per element of the longest list it can see.
      const longest = Math.max(shape.maxLiteral, longestList(value));
      const cost = shape.nodes * Math.max(1, longest) ** shape.depth;
      if (cost > CEL_COST_LIMIT) throw new CelCostError(tooCostly(shape, longest, cost));
      try {
        return parsed(value as Record<string, unknown>);
      } catch (e) {
        if (e instanceof RangeError) throw new CelCostError('expression is nested too deeply to evaluate');
        throw e;
      }
    },
  };
  // The editor compiles every half-typed variant: keep the cache bounded.
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(source, program);
  return program;
}

interface AstNode { op?: string; args?: unknown }
interface Shape { nodes: number; depth: number; maxLiteral: number }

function tooCostly(shape: Shape, items: number, cost: number): string {
  return `expression too costly: ${shape.depth} nested comprehension${shape.depth === 1 ? '' : 's'} over up to ${items} items ≈ ${cost.toExponential(1)} evaluations (limit ${CEL_COST_LIMIT.toExponential(0)})`;
}

/** AST size, comprehension nesting depth, longest list literal. */
function shapeOf(root: AstNode): Shape {
  const shape: Shape = { nodes: 0, depth: 0, maxLiteral: 0 };
  const walk = (n: unknown, depth: number): void => {
    if (Array.isArray(n)) { for (const x of n) walk(x, depth); return; }
    if (!n || typeof n !== 'object' || typeof (n as AstNode).op !== 'string') return;
    const node = n as AstNode;
    if (node.op !== 'value') shape.nodes++; // constants cost nothing to evaluate
    const args = node.args;
    if (node.op === 'list' && Array.isArray(args)) shape.maxLiteral = Math.max(shape.maxLiteral, args.length);
    if (node.op === 'rcall' && Array.isArray(args) && COMPREHENSIONS.has(args[0] as string)) {
      shape.depth = Math.max(shape.depth, depth + 1);
      walk(args[1], depth);
      walk(args[2], depth + 1);
      return;
    }
    walk(args, depth);
  };
  walk(root, 0);
  return shape;
}

/** Length of the longest list (or map) anywhere in the context (rows, params, …). */
function longestList(v: unknown, depth = 0): number {
  if (depth > 8 || !v || typeof v !== 'object') return 0;
  const items = Array.isArray(v) ? v : Object.values(v);
  let longest = Array.isArray(v) ? v.length : items.length;
  for (const x of items) if (x && typeof x === 'object') longest = Math.max(longest, longestList(x, depth + 1));
  return longest;
}

export interface CelReference {
  /** `row.body` → { root: 'row', field: 'body' }; a bare variable has no field. */
  root: string;
  field?: string;
}

/** Free variables of an expression (comprehension variables excluded), with the field read from each. */
export function celReferences(source: string): CelReference[] {
  let ast: AstNode;
  try {
    ast = env.parse(source).ast as AstNode;
  } catch {
    return [];
  }
  const out: CelReference[] = [];
  const walk = (n: unknown, bound: Set<string>): void => {
    if (Array.isArray(n)) { for (const x of n) walk(x, bound); return; }
    if (!n || typeof n !== 'object' || typeof (n as AstNode).op !== 'string') return;
    const node = n as AstNode;
    const args = node.args as unknown[];
    if (node.op === 'id' && typeof node.args === 'string') { if (!bound.has(node.args)) out.push({ root: node.args }); return; }
    if (node.op === '.' && Array.isArray(args) && (args[0] as AstNode)?.op === 'id' && typeof args[1] === 'string') {
      const root = (args[0] as AstNode).args as string;
      if (!bound.has(root)) out.push({ root, field: args[1] });
      return;
    }
    if (node.op === 'rcall' && Array.isArray(args) && COMPREHENSIONS.has(args[0] as string)) {
      walk(args[1], bound);
      const [iter, ...rest] = args[2] as AstNode[];
      const inner = new Set(bound);
      if (iter?.op === 'id' && typeof iter.args === 'string') inner.add(iter.args);
      walk(rest, inner);
      return;
    }
    walk(node.args, bound);
  };
  walk(ast, new Set());
  return out;
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
