// CEL (Common Expression Language) for expectations and param constraints — never JS eval.
// Undeclared variables are dynamic, so `rows[0].n > 2`, `count == 1` and `params.x` just work.
import { Environment, ParseError } from '@marcbachmann/cel-js';

// Structural limits keep a hostile expression from exhausting the parser; the cost bound
// below keeps a valid one from running for ever (cel-js itself has no evaluation budget).
const env = new Environment({ unlistedVariablesAreDyn: true, homogeneousAggregateLiterals: false, limits: { maxAstNodes: 2000, maxDepth: 64 } });

/**
 * `s.truncate(n)`: the first n characters of s (code points, as size() counts them and SQLite's
 * substr cuts), or s itself when it is no longer — a preview or content-desc cut to a length
 * (Notes' `row.title != '' ? row.title : row.body.truncate(30)`), which CEL's substring cannot
 * say (it fails past the end). A negative n is an error.
 */
export function truncateText(s: string, n: bigint): string {
  if (n < 0n) throw new Error(`truncate(${n}): a negative length`);
  if (BigInt(s.length) <= n) return s;
  let end = 0;
  for (let count = 0n; count < n && end < s.length; count++) {
    const c = s.charCodeAt(end);
    end += c >= 0xd800 && c <= 0xdbff && end + 1 < s.length && (s.charCodeAt(end + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return s.slice(0, end);
}
env.registerFunction('string.truncate(int): string', truncateText);

/** An expression's syntax tree; undefined when it does not parse (its syntax error is reported elsewhere). */
function astOf(source: string): AstNode | undefined {
  try {
    return env.parse(source).ast as AstNode;
  } catch {
    return undefined;
  }
}

/**
 * Misuses of truncate the parser lets through and only a render would meet: not called on a
 * text (`truncate(x, 3)`), not one argument, a literal length that is not a whole number ≥ 0.
 */
export function truncateProblems(source: string): CelSyntaxError[] {
  const ast = astOf(source);
  if (!ast) return [];
  const out: CelSyntaxError[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) { for (const x of n) walk(x); return; }
    if (!n || typeof n !== 'object' || typeof (n as AstNode).op !== 'string') return;
    const node = n as AstNode & { start?: number; end?: number };
    const args = node.args as unknown[];
    const at = { start: node.start ?? 0, end: node.end ?? source.length };
    if (node.op === 'call' && Array.isArray(args) && args[0] === 'truncate') out.push({ message: 'truncate is called on a text: s.truncate(n)', ...at });
    if (node.op === 'rcall' && Array.isArray(args) && args[0] === 'truncate') {
      const params = args[2] as (AstNode & { start?: number; end?: number })[];
      const p = params[0];
      const negated = p?.op === '-_' && (p.args as AstNode | undefined)?.op === 'value';
      const lit = p?.op === 'value' ? p.args : negated ? `-${String((p.args as AstNode).args)}` : undefined;
      if (params.length !== 1) out.push({ message: `truncate takes one argument, the length (${params.length} given)`, ...at });
      else if ((p.op === 'value' || negated) && !(typeof lit === 'bigint' && lit >= 0n)) out.push({ message: `truncate's length must be a whole number ≥ 0, not ${typeof lit === 'string' && !negated ? `'${lit}'` : String(lit)}`, start: p.start ?? at.start, end: p.end ?? at.end });
    }
    walk(node.args);
  };
  walk(ast);
  return out;
}

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
  /**
   * The shortcut alone, straight on `context` (which may hold more variables than the
   * expression names: it reads only those): the value, or undefined when only `evaluate` can
   * tell (the library's value or error). For a caller that would otherwise copy the variables
   * the expression names into a context of their own on every evaluation.
   */
  quick(context: Record<string, unknown>): unknown;
  /**
   * quick() for a context of plain data only — every object in it a plain object or array of
   * own enumerable properties, as JSON, structuredClone and SQLite rows make them (the mock
   * phone's screen scopes): a field is read without asking whether the object owns it (which
   * costs a call into the engine per read, most of a small expression's time). On other
   * contexts (a non-enumerable property, a polluted Object.prototype) its answer may differ.
   */
  quickPlain(context: Record<string, unknown>): unknown;
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
  const shortcut = compileNode(parsed.ast as AstNode, false);
  // Once the library has type-checked the expression it stays checked: asked until then only.
  let ready = false;
  const checked = () => ready || (ready = (parsed.ast as { checkedType?: unknown }).checkedType !== undefined);
  const quickOf = (inner: Shortcut | undefined) => inner ? (ctx: Record<string, unknown>) => {
    if (!ready && !checked()) return undefined;
    const v = inner(ctx);
    // DEFER, or a map result (the library copies it): the library's to tell.
    return v === DEFER || (typeof v === 'object' && v !== null) ? undefined : v;
  } : () => undefined;
  const program: CelProgram = {
    source,
    quick: quickOf(shortcut),
    quickPlain: quickOf(shortcut && compileNode(parsed.ast as AstNode, true)),
    evaluate: (ctx) => {
      // Only once the library has type-checked the expression (its first evaluation does, and
      // an expression that fails the check fails every evaluation): the check is the library's.
      if (shortcut && checked()) {
        const v = shortcut(ctx);
        if (v !== DEFER && (typeof v !== 'object' || v === null)) return v;
      }
      return evaluateParsed(parsed, shape, ctx);
    },
  };
  // The editor compiles every half-typed variant: keep the cache bounded.
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(source, program);
  return program;
}

/** The library alone (no shortcut): what the shortcut is tested against. */
export function evaluateCelExactly(source: string, ctx: Record<string, unknown>): unknown {
  compileCel(source);
  const parsed = env.parse(source);
  return evaluateParsed(parsed, shapeOf(parsed.ast as AstNode), ctx);
}

function evaluateParsed(parsed: ReturnType<typeof env.parse>, shape: Shape, ctx: Record<string, unknown>): unknown {
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
}

// The shortcut. Most expressions app screens and verifiers evaluate per row are tiny —
// `row.pinned != 0`, `row.name != '' ? row.name : row.phone`, `a + ' ' + b` — and the library's
// evaluation of them costs mostly the copy of the whole context (toCelValue) and the cost
// estimate. Expressions made only of variables, field reads, literals, ==, !=, <, <=, >, >=,
// ?:, &&, ||, ! and + are evaluated here, straight on the context, for the operand types whose
// CEL meaning is plain (numbers with numbers, strings with strings, bools with bools, null == x); any
// other value met — a missing key or variable, null in an ordering, mixed types, a blob, a
// list, a result that is a map — DEFERs the whole evaluation to the library, so every result
// and every error stays the library's. Property-tested against the library (cel.test.ts).
const DEFER: unique symbol = Symbol('defer to the CEL library');
type Shortcut = (ctx: Record<string, unknown>) => unknown;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};
/** A value as CEL would see it after toCelValue, or DEFER when that needs more than a read. */
const leaf = (v: unknown): unknown => {
  switch (typeof v) {
    case 'string': case 'number': case 'bigint': case 'boolean': return v;
    case 'object': return v === null || isPlainObject(v) ? v : DEFER;
    default: return DEFER;
  }
};
const numeric = (v: unknown): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';
// propertyIsEnumerable is true only of an object's own properties: one call, not two (every field read of a row binding).
const isEnumerable = Object.prototype.propertyIsEnumerable;
const own = (o: Record<string, unknown>, k: string): boolean => isEnumerable.call(o, k);

/** `a == b` where CEL's answer is JavaScript's (number/bigint compare exactly in both), else DEFER. */
function equal(l: unknown, r: unknown): boolean | typeof DEFER {
  if (numeric(l) && numeric(r)) return l == r; // loose ==: exact across number and bigint, as CEL compares them
  // null against null or a plain value (a NULL column against '' or 0: `row.email != ''`): CEL says equal only to null.
  if (l === null || r === null) return (l === null ? r : l) === null || typeof (l === null ? r : l) !== 'object' ? l === r : DEFER;
  if (typeof l !== typeof r || typeof l === 'object') return DEFER;
  return l === r;
}

const ORDER: Record<string, (l: number | bigint, r: number | bigint) => boolean> = {
  '<': (l, r) => l < r, '<=': (l, r) => l <= r, '>': (l, r) => l > r, '>=': (l, r) => l >= r,
};

/** A literal's value (what its 'value' node's shortcut gives), or DEFER for any other node. */
function literalOf(node: AstNode | undefined): unknown {
  if (node?.op !== 'value') return DEFER;
  const v = node.args;
  return v === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v) ? v : DEFER;
}

/** A shortcut for the expression (DEFER, or its value; a map result is the library's), or undefined when it uses anything beyond the subset. */
function compileNode(node: AstNode, plain: boolean): Shortcut | undefined {
  const { op, args } = node;
  const a = Array.isArray(args) ? (args as AstNode[]) : [];
  switch (op) {
    case 'value': {
      const v = args;
      return v === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v) ? () => v : undefined;
    }
    case 'id': {
      if (typeof args !== 'string') return undefined;
      const name = args;
      if (plain && name !== '__proto__') return (ctx) => leaf(ctx[name]);
      return (ctx) => (own(ctx, name) ? leaf(ctx[name]) : DEFER);
    }
    case '.': {
      const field = a[1] as unknown;
      const root = a[0];
      // `row.title`, the commonest of all: the variable and its field read in one step.
      if (root?.op === 'id' && typeof root.args === 'string' && typeof field === 'string') {
        const name = root.args;
        if (plain && name !== '__proto__' && field !== '__proto__') {
          return (ctx) => {
            const o = ctx[name];
            return typeof o === 'object' && o !== null && isPlainObject(o) ? leaf(o[field]) : DEFER;
          };
        }
        return (ctx) => {
          if (!own(ctx, name)) return DEFER;
          const o = ctx[name];
          return typeof o === 'object' && o !== null && isPlainObject(o) && own(o, field) ? leaf(o[field]) : DEFER;
        };
      }
      const obj = compileNode(a[0], plain);
      if (!obj || typeof field !== 'string') return undefined;
      // What obj gives is DEFER, a primitive or null, or (leaf saw to it) a plain object.
      if (plain && field !== '__proto__') {
        return (ctx) => {
          const o = obj(ctx);
          return typeof o === 'object' && o !== null ? leaf((o as Record<string, unknown>)[field]) : DEFER;
        };
      }
      return (ctx) => {
        const o = obj(ctx);
        return typeof o === 'object' && o !== null && own(o as Record<string, unknown>, field) ? leaf((o as Record<string, unknown>)[field]) : DEFER;
      };
    }
    case '==': case '!=': {
      const [l, r] = [compileNode(a[0], plain), compileNode(a[1], plain)];
      if (!l || !r) return undefined;
      const negate = op === '!=';
      // Against a literal (`row.starred != 0`, `row.email != ''`): the literal as it is, no call for it.
      const lit = literalOf(a[1]);
      if (lit !== DEFER) {
        // The commonest pairs answered first, as equal() answers them: a string with a string
        // literal, a number with a number literal (loose ==, exact across number and bigint).
        const litKind = typeof lit === 'string' ? 'string' : numeric(lit) ? 'number' : 'other';
        return (ctx) => {
          const x = l(ctx);
          if (litKind === 'string' && typeof x === 'string') return (x === lit) !== negate;
          if (litKind === 'number' && numeric(x)) return (x == lit) !== negate;
          if (x === DEFER) return DEFER;
          const eq = equal(x, lit);
          return eq === DEFER ? DEFER : eq !== negate;
        };
      }
      return (ctx) => {
        const x = l(ctx);
        const y = r(ctx);
        if (x === DEFER || y === DEFER) return DEFER;
        const eq = equal(x, y);
        return eq === DEFER ? DEFER : eq !== negate;
      };
    }
    case '<': case '<=': case '>': case '>=': {
      const [l, r, cmp] = [compileNode(a[0], plain), compileNode(a[1], plain), ORDER[op]];
      if (!l || !r) return undefined;
      return (ctx) => {
        const x = l(ctx);
        const y = r(ctx);
        return numeric(x) && numeric(y) ? cmp(x, y) : DEFER;
      };
    }
    case '+': {
      const [l, r] = [compileNode(a[0], plain), compileNode(a[1], plain)];
      if (!l || !r) return undefined;
      return (ctx) => {
        const x = l(ctx);
        const y = r(ctx);
        return typeof x === 'string' && typeof y === 'string' ? x + y : DEFER;
      };
    }
    case '?:': {
      const [c, t, f] = [compileNode(a[0], plain), compileNode(a[1], plain), compileNode(a[2], plain)];
      if (!c || !t || !f) return undefined;
      return (ctx) => {
        const v = c(ctx);
        return v === true ? t(ctx) : v === false ? f(ctx) : DEFER;
      };
    }
    case '&&': case '||': {
      const [l, r] = [compileNode(a[0], plain), compileNode(a[1], plain)];
      if (!l || !r) return undefined;
      // The library's own order: a deciding left operand ends it; otherwise both must be bools.
      const decides = op === '||';
      return (ctx) => {
        const x = l(ctx);
        if (x === decides) return decides;
        if (typeof x !== 'boolean') return DEFER;
        const y = r(ctx);
        return typeof y === 'boolean' ? y : DEFER;
      };
    }
    case 'rcall': {
      // `x.truncate(n)`: a string and an int (a bigint, as CEL's ints are), else the library's.
      const [name, receiver, callArgs] = a as unknown as [unknown, AstNode, AstNode[]];
      if (name !== 'truncate' || !Array.isArray(callArgs) || callArgs.length !== 1) return undefined;
      const [s, n] = [compileNode(receiver, plain), compileNode(callArgs[0], plain)];
      if (!s || !n) return undefined;
      return (ctx) => {
        const x = s(ctx);
        const y = n(ctx);
        return typeof x === 'string' && typeof y === 'bigint' && y >= 0n ? truncateText(x, y) : DEFER;
      };
    }
    case '!_': {
      const v = compileNode(args as AstNode, plain);
      if (!v) return undefined;
      return (ctx) => {
        const x = v(ctx);
        return typeof x === 'boolean' ? !x : DEFER;
      };
    }
    default:
      return undefined;
  }
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
  const ast = astOf(source);
  if (!ast) return [];
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
