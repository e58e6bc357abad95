// Named SQL parameters (`:name`) → positional `?` plus values, so params are always bound and
// never pasted into SQL text. A small tokenizer skips string literals, quoted identifiers and
// comments so `':x'` inside a literal is left alone.

export interface NamedParamRef {
  name: string;
  /** Offset of the `:` in the SQL text. */
  index: number;
  length: number;
}

export function namedParams(sql: string): NamedParamRef[] {
  const out: NamedParamRef[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = skipQuoted(sql, i, c);
      i = end;
    } else if (c === '[') {
      const end = sql.indexOf(']', i + 1);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === ':' && /[A-Za-z_]/.test(sql[i + 1] ?? '') && sql[i - 1] !== ':') {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))!;
      out.push({ name: m[0], index: i, length: m[0].length + 1 });
      i += m[0].length + 1;
    } else i++;
  }
  return out;
}

function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2; // doubled quote = escaped
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

export type SqlBindValue = string | number | null;

export function toSqlValue(v: unknown): SqlBindValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  return JSON.stringify(v);
}

/** Rewrites `:name` to `?` and returns the values in order. Unknown names throw. */
export function bindNamed(sql: string, params: Record<string, unknown>): { sql: string; values: SqlBindValue[] } {
  const refs = namedParams(sql);
  let out = '';
  let last = 0;
  const values: SqlBindValue[] = [];
  for (const r of refs) {
    if (!(r.name in params)) throw new Error(`SQL parameter :${r.name} is not a declared param`);
    out += sql.slice(last, r.index) + '?';
    values.push(toSqlValue(params[r.name]));
    last = r.index + r.length;
  }
  return { sql: out + sql.slice(last), values };
}
