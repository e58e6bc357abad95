// A query's `match`: every word of a text (split at white space) in one of some columns — a
// search box's "all these words". The SQL says where with `{match}`; each word becomes one
// clause, `(title LIKE '%' || ? || '%' OR shop_name LIKE '%' || ? || '%')`, the words bound as
// arguments, so a text per number of words is prepared once and bound again (AppDatabase).
// That is the SQL a hand-written screen builds; splitting the words inside SQL (json_each in a
// CTE) made Shop's search results a third slower.
import type { QuerySpec } from './spec';

export const MATCH_MARK = '{match}';

/** The words of a search text: split at white space, empty ones dropped; none for a non-string. */
export function wordsOf(text: unknown): string[] {
  return typeof text === 'string' ? text.split(/\s+/).filter((w) => w !== '') : [];
}

/** A column as SQL: each part of `table.column` quoted (in grave accents: a name in double quotes that is no column would be a string to SQLite). */
function column(name: string): string {
  return name.split('.').map((part) => `\`${part.replace(/`/g, '``')}\``).join('.');
}

/** The condition for `n` words: a clause per word, all of them needed; none is true. */
export function matchCondition(columns: readonly string[], n: number): string {
  if (n === 0) return '1';
  const clause = `(${columns.map((c) => `${column(c)} LIKE '%' || ? || '%'`).join(' OR ')})`;
  return Array.from({ length: n }, () => clause).join(' AND ');
}

/**
 * Where `{match}` is in `sql`: the text around it and the number of `?` before it (outside
 * string literals, quoted names and comments), or a message saying what is wrong.
 */
export function matchSite(sql: string): { before: string; after: string; args: number } | { error: string } {
  const at = sql.indexOf(MATCH_MARK);
  if (at < 0) return { error: `the SQL has no ${MATCH_MARK} (where the match's condition goes)` };
  if (sql.indexOf(MATCH_MARK, at + 1) >= 0) return { error: `the SQL has ${MATCH_MARK} more than once` };
  let args = 0;
  for (let i = 0; i < at; i++) {
    const c = sql[i];
    if (c === '?') args++;
    else if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      i = sql.indexOf(close, i + 1);
      if (i < 0 || i > at) return { error: `${MATCH_MARK} is inside a quoted string or name` };
    } else if (c === '-' && sql[i + 1] === '-') {
      i = sql.indexOf('\n', i);
      if (i < 0 || i > at) return { error: `${MATCH_MARK} is inside a comment` };
    } else if (c === '/' && sql[i + 1] === '*') {
      i = sql.indexOf('*/', i + 2) + 1;
      if (i <= 0 || i > at) return { error: `${MATCH_MARK} is inside a comment` };
    }
  }
  return { before: sql.slice(0, at), after: sql.slice(at + MATCH_MARK.length), args };
}

/** The query's SQL with `{match}` for `n` words (what the app-file checks run SQLite on, with one). */
export function matchedSql(q: QuerySpec, n: number): string {
  if (!q.match) return q.sql;
  const site = matchSite(q.sql);
  return 'error' in site ? q.sql : `${site.before}${matchCondition(q.match.columns, n)}${site.after}`;
}

/** A query with a match, made once per screen: its SQL per number of words, and its arguments in place. */
export class MatchedQuery {
  private readonly texts = new Map<number, string>();
  private readonly site: { before: string; after: string; args: number };

  constructor(private readonly q: QuerySpec & { match: NonNullable<QuerySpec['match']> }) {
    const site = matchSite(q.sql);
    if ('error' in site) throw new Error(`query.match: ${site.error}`);
    this.site = site;
  }

  /** The SQL and arguments for `words`, the query's own arguments around the words'. */
  bind<T>(words: readonly string[], args: readonly T[]): { sql: string; args: (T | string)[] } {
    let sql = this.texts.get(words.length);
    if (sql === undefined) this.texts.set(words.length, (sql = `${this.site.before}${matchCondition(this.q.match.columns, words.length)}${this.site.after}`));
    const each = this.q.match.columns.length;
    const out: (T | string)[] = args.slice(0, this.site.args);
    for (const w of words) for (let i = 0; i < each; i++) out.push(w);
    for (let i = this.site.args; i < args.length; i++) out.push(args[i]);
    return { sql, args: out };
  }
}
