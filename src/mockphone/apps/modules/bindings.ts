// What a declared screen's parameters mean at run time: texts (literal, `@key`, `=CEL`), CEL
// expressions over the screen's scope, read-only SQL queries, and the closed set of actions.
// Every failure names the file and line of the part that failed, so an app author sees
// "bank.app.yaml:23: …" on the crashed screen instead of a bare message.
import type { SqlValue } from '../../../device/device';
import type { AppContext, Strings } from '../app';
import { MatchedQuery, wordsOf } from './match';
import type { ActionSpec, Cel, CelMap, QuerySpec, Text } from './spec';

/** How expressions are evaluated: the task language's CEL, handed in by the composition root. */
export interface Expressions {
  /** quickPlain: the shortcut alone on a scope of plain data (what a screen's scope is: SQLite rows, params, strings). */
  compile(source: string): { evaluate(scope: Record<string, unknown>): unknown; quickPlain?(scope: Record<string, unknown>): unknown };
  /** CEL results (bigint ints, Maps) → plain values. */
  plain(value: unknown): unknown;
  /** The variables an expression reads (so only they are handed to it). */
  roots(source: string): string[];
}

/** A compiled binding: `row.title` and `search` read the scope directly; the rest is CEL over the variables it names. */
type Compiled = (scope: Scope) => unknown;
const PATH = /^([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?$/;
const CEL_WORDS = new Set(['true', 'false', 'null', 'in']);
const OPERAND = "(?:[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?|'[^'\\\\\\n]*')";
const OPERANDS = new RegExp(OPERAND, 'g');
const OPERAND_ONLY = new RegExp(`^${OPERAND}$`);
const JOINED = new RegExp(`^${OPERAND}(?:\\s*\\+\\s*${OPERAND})+$`);
const INDEXED = new RegExp(`^([A-Za-z_][A-Za-z0-9_]*)\\[\\s*(.+?)\\s*\\]$`);

/** What an expression sees: the row in hand, the screen's params and fields, the search text, the time, the strings. */
export type Scope = Record<string, unknown>;

/** A text of the app file made into a function of the render (Bindings.textOf). */
export type TextOf = (ctx: AppContext, scope: Scope, params?: Record<string, string | number>) => string;

/**
 * `{ ...base, ...extra }`, made as a copy and then the extra keys: Node 20's V8 builds an
 * object literal that starts with a spread and adds keys after it (`{ ...base, row }`) ten
 * times slower (~0.5 µs) — once per row, a tenth of a list's render.
 */
export function extend<T extends object, U extends object>(base: T, extra: U): T & U {
  return Object.assign({}, base, extra);
}

/**
 * The scope of each row's expressions, one object re-pointed at row after row: evaluation is
 * synchronous and keeps no scope, and a scope per row (a copy of the screen's) was a seventh
 * of a list's render and most of its garbage. What outlives the render (a tap's actions) takes
 * its own copy, `of(row)`.
 */
export class RowScope {
  /** `shared`: the base with a `row` key (Bindings.rows makes it new, cheaper than this copy). */
  constructor(private readonly base: Scope, private readonly shared: Scope = extend(base, { row: null })) {}

  /** The shared scope pointed at `row`: only until the next call. */
  at(row: Record<string, unknown>): Scope {
    this.shared.row = row;
    return this.shared;
  }

  /** A scope of its own for `row`, to keep. */
  of(row: Record<string, unknown>): Scope {
    return { ...this.base, row };
  }
}

/** An error that already names where it comes from. */
export class AppSpecError extends Error {}

export function located(at: string | undefined, e: unknown): AppSpecError {
  if (e instanceof AppSpecError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new AppSpecError(at ? `${at}: ${message}` : message);
}

export class Bindings {
  constructor(readonly exprs: Expressions, readonly at: string | undefined, private readonly strings: Strings = {}) {}

  /** The scope every expression of a screen starts from; `t.key` is a string of the phone's locale. */
  scope(ctx: AppContext, extra?: Scope): Scope {
    const locale = ctx.locale;
    let t = this.lastTable?.locale === locale ? this.lastTable.t : undefined;
    if (!t) {
      t = this.tables.get(locale);
      if (!t) this.tables.set(locale, (t = Object.freeze({ ...this.strings['en-US'], ...this.strings[locale] })));
      this.lastTable = { locale, t };
    }
    // The extra variables set one by one: a literal ending in a spread is built on V8's slow path.
    const scope: Scope = { params: ctx.screen.params, fields: ctx.screen.fields, now: ctx.now(), locale, t };
    if (extra) for (const k in extra) scope[k] = extra[k];
    return scope;
  }

  /**
   * The scope of a screen's rows: `base` (what `scope(ctx, extra)` made) with a `row`, made
   * again the way base was rather than copied from it (Object.assign of a scope costs several
   * times the literal).
   */
  rows(ctx: AppContext, base: Scope, extra?: Scope): RowScope {
    const shared = this.scope(ctx, extra);
    shared.row = null;
    return new RowScope(base, shared);
  }

  /** The strings of each locale (en-US beneath), made once; the last one used, found without a lookup. */
  private readonly tables = new Map<string, Readonly<Record<string, string>>>();
  private lastTable?: { locale: string; t: Readonly<Record<string, string>> };

  private readonly compiled = new Map<Cel, Compiled>();

  /**
   * A binding's program. A plain variable or field read (most bindings: `row.title`) is a
   * property read — the same value CEL gives, and the same error for a missing field — and
   * CEL proper sees only the variables it names, not the whole scope (each evaluation copies
   * its input), which kept module-built screens within reach of hand-written ones.
   */
  private program(expr: Cel): Compiled {
    let p = this.compiled.get(expr);
    if (p) return p;
    const path = PATH.exec(expr);
    if (path && !CEL_WORDS.has(path[1])) {
      const [, root, field] = path;
      // Read first, and asked whether the key is there only when the read gives undefined: a
      // value read means the key is there (`in` is true), and an `in` costs as much as the read.
      p = field === undefined ? (scope) => {
        const v = scope[root];
        if (v === undefined && !(root in scope)) throw new Error(`Unknown variable: ${root}`);
        return v ?? null;
      } : (scope) => {
        const v = scope[root];
        if (v === undefined && !(root in scope)) throw new Error(`Unknown variable: ${root}`);
        if (v === null || typeof v !== 'object') throw new Error(`No such key: ${field}`);
        const x = (v as Record<string, unknown>)[field];
        if (x === undefined && !(field in v)) throw new Error(`No such key: ${field}`);
        return x ?? null;
      };
    } else {
      const program = this.exprs.compile(expr);
      const roots = [...new Set(this.exprs.roots(expr))];
      const quick = program.quickPlain ? program.quickPlain.bind(program) : () => undefined;
      const cel: Compiled = (scope) => {
        // Most bindings (`row.starred != 0`, `a != '' ? a : b`) the shortcut answers on the scope itself.
        const v = quick(scope);
        if (v !== undefined) return typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number' ? v : this.exprs.plain(v);
        const input: Scope = {};
        for (const r of roots) if (r in scope) input[r] = scope[r];
        return this.exprs.plain(program.evaluate(input));
      };
      p = this.joined(expr, cel) ?? cel;
    }
    this.compiled.set(expr, p);
    return p;
  }

  /**
   * Strings joined with + (`row.name + '  ' + row.phone`) and a string table read by such a key
   * (`t['status_' + row.status]`) as plain JavaScript when every part is a string (the shop
   * modules' lines); anything else — a number, null, a missing key — goes to CEL, for CEL's
   * result or error.
   */
  private joined(expr: Cel, cel: Compiled): Compiled | undefined {
    const m = INDEXED.exec(expr);
    const [table, key] = m ? [m[1], m[2]] : [undefined, expr];
    if (table !== undefined && CEL_WORDS.has(table)) return undefined;
    if (!JOINED.test(key) && !(table !== undefined && OPERAND_ONLY.test(key))) return undefined;
    const operands = key.match(OPERANDS)!;
    if (operands.some((o) => !o.startsWith("'") && CEL_WORDS.has(o.split('.')[0]))) return undefined;
    const parts = operands.map((o): Compiled | string => (o.startsWith("'") ? o.slice(1, -1) : this.program(o)));
    return (scope) => {
      let out = '';
      for (const part of parts) {
        if (typeof part === 'string') {
          out += part;
          continue;
        }
        let v: unknown;
        try {
          v = part(scope);
        } catch {
          return cel(scope);
        }
        if (typeof v !== 'string') return cel(scope);
        out += v;
      }
      if (table === undefined) return out;
      const tv = scope[table];
      return tv !== null && typeof tv === 'object' && typeof (tv as Record<string, unknown>)[out] === 'string' ? (tv as Record<string, unknown>)[out] : cel(scope);
    };
  }

  eval(expr: Cel, scope: Scope): unknown {
    try {
      return this.program(expr)(scope);
    } catch (e) {
      throw this.failed(expr, e);
    }
  }

  /**
   * `expr` as a function of the scope, for expressions run on every row: made once per screen
   * (no lookup per row). An expression that does not compile fails when it is run, as in eval.
   */
  compile(expr: Cel): (scope: Scope) => unknown {
    let program: Compiled;
    try {
      program = this.program(expr);
    } catch (e) {
      const error = this.failed(expr, e);
      return () => { throw error; };
    }
    return (scope) => {
      try {
        return program(scope);
      } catch (e) {
        throw this.failed(expr, e);
      }
    };
  }

  private failed(expr: Cel, e: unknown): AppSpecError {
    return located(this.at, new Error(`${expr}: ${e instanceof Error ? e.message : String(e)}`));
  }

  evalMap(map: CelMap | undefined, scope: Scope): Record<string, unknown> {
    return Object.fromEntries(Object.entries(map ?? {}).map(([k, v]) => [k, this.eval(v, scope)]));
  }

  /** Texts made into functions, by text (see textOf). */
  private readonly texts = new Map<Text, TextOf>();

  /**
   * A text as a function of the render, made once: a `@key`'s key and an `=expr`'s program
   * found when the screen is built, not on every render (a key cut on each render was a new
   * string the string table had to hash and find again). For texts a module shows on every
   * render; `text()` is the same for the rest.
   */
  textOf(text: Text | undefined): TextOf {
    if (text === undefined) return () => '';
    let fn = this.texts.get(text);
    if (fn) return fn;
    if (text.startsWith('@')) {
      const key = text.slice(1);
      fn = (ctx, _scope, params) => ctx.t(key, params);
    } else if (text.startsWith('=')) {
      const value = this.compile(text.slice(1));
      fn = (_ctx, scope) => stringOf(value(scope));
    } else fn = () => text;
    if (this.texts.size >= 10_000) this.texts.clear(); // texts are the app file's: a bound for safety only
    this.texts.set(text, fn);
    return fn;
  }

  text(ctx: AppContext, text: Text | undefined, scope: Scope, params?: Record<string, string | number>): string {
    return text === undefined ? '' : this.textOf(text)(ctx, scope, params);
  }

  private readonly matched = new WeakMap<QuerySpec, MatchedQuery>();
  /** Each query's args, compiled once. */
  private readonly argsOf = new WeakMap<QuerySpec, ((scope: Scope) => unknown)[]>();

  query(ctx: AppContext, q: QuerySpec, scope: Scope): Record<string, unknown>[] {
    let sql = q.sql;
    let compiled = this.argsOf.get(q);
    if (!compiled) this.argsOf.set(q, (compiled = (q.args ?? []).map((a) => this.compile(a))));
    let args: SqlValue[] = new Array<SqlValue>(compiled.length);
    for (let i = 0; i < compiled.length; i++) args[i] = sqlValue(compiled[i](scope));
    if (q.match) {
      let m = this.matched.get(q);
      if (!m) {
        try {
          m = new MatchedQuery({ ...q, match: q.match });
        } catch (e) {
          throw located(this.at, e);
        }
        this.matched.set(q, m);
      }
      ({ sql, args } = m.bind(wordsOf(this.eval(q.match.words, scope)), args));
    }
    try {
      return ctx.db.query(sql, args) as Record<string, unknown>[];
    } catch (e) {
      throw located(this.at, new Error(`query failed: ${e instanceof Error ? e.message : String(e)}`));
    }
  }

  /** Runs actions in order; a failing one stops the rest (and shows as the app's error toast). */
  run(ctx: AppContext, actions: readonly ActionSpec[] | undefined, scope: Scope, onShare?: (text: string) => void): void {
    if (!actions || actions.length === 0) return;
    // `now` is when the action runs (a tap), not when the screen was drawn: a row written on a tap has the tap's time.
    let s = 'now' in scope ? { ...scope, now: ctx.now() } : scope;
    for (const a of actions) s = this.runOne(ctx, a, s, onShare) ?? s;
  }

  /** Runs one action; an insert returns the scope of the actions after it, with `inserted` (the new row's id). */
  private runOne(ctx: AppContext, a: ActionSpec, scope: Scope, onShare?: (text: string) => void): Scope | undefined {
    if ('navigate' in a) {
      const fields = Object.fromEntries(Object.entries(this.evalMap(a.fields, scope)).map(([k, v]) => [k, stringOf(v)]));
      (a.replace ? ctx.replace : ctx.push).call(ctx, a.navigate, this.evalMap(a.params, scope), { ...(a.fields ? { fields } : {}), ...(a.focus ? { focus: a.focus } : {}) });
    } else if ('back' in a) {
      if (a.back) ctx.pop();
    } else if ('insert' in a) {
      const values = this.evalMap(a.insert.values, scope);
      const cols = Object.keys(values);
      const inserted = this.write(ctx, `INSERT INTO ${ident(a.insert.table)} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, cols.map((c) => sqlValue(values[c])));
      return { ...scope, inserted };
    } else if ('update' in a) {
      const set = this.evalMap(a.update.set, scope);
      const where = this.evalMap(a.update.where, scope);
      this.write(ctx, `UPDATE ${ident(a.update.table)} SET ${Object.keys(set).map((c) => `${ident(c)} = ?`).join(', ')} WHERE ${whereSql(where)}`,
        [...Object.values(set), ...Object.values(where)].map(sqlValue));
    } else if ('delete' in a) {
      const where = this.evalMap(a.delete.where, scope);
      this.write(ctx, `DELETE FROM ${ident(a.delete.table)} WHERE ${whereSql(where)}`, Object.values(where).map(sqlValue));
    } else if ('toast' in a) {
      ctx.toast(this.text(ctx, a.toast, scope));
    } else if ('share' in a) {
      const text = this.text(ctx, a.share, scope);
      if (onShare) onShare(text);
      else ctx.setClipboard(text);
    } else if ('openApp' in a) {
      if (!ctx.openApp(a.openApp)) ctx.toast(`${a.openApp} is not installed`);
    } else if ('setField' in a) {
      ctx.setField(a.setField.key, stringOf(this.eval(a.setField.value, scope)));
    }
    return undefined;
  }

  write(ctx: AppContext, sql: string, args: SqlValue[]): number {
    try {
      return ctx.db.run(sql, args);
    } catch (e) {
      throw located(this.at, new Error(`${sql.split(' ')[0].toLowerCase()} failed: ${e instanceof Error ? e.message : String(e)}`));
    }
  }
}

/** A quoted SQL identifier (table and column names come from the app file; the loader checked them against its schema). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function whereSql(where: Record<string, unknown>): string {
  return Object.keys(where).map((c) => `${ident(c)} = ?`).join(' AND ');
}

export function sqlValue(v: unknown): SqlValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'bigint') return Number(v);
  return JSON.stringify(v);
}

export function stringOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}
