// Verifier SQL whose answer does not depend on the phone's state alone: it reads the host's
// wall clock ('now', CURRENT_TIMESTAMP), draws random numbers, or takes "the first rows" of a
// LIMIT without an ORDER BY (SQLite's scan order, which an index or an insert can change).
// `check` proves a verifier on a few runs; one whose verdict moves with the day it runs, by
// chance or with the row order passes there and misjudges later runs, so each is a warning on
// the very token, said as you type.

export interface SqlFinding {
  /** Offset and length of the token in the SQL text. */
  index: number;
  length: number;
  message: string;
}

/** The text with string literals, quoted names and comments blanked (same length). */
function code(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, (m) => ' '.repeat(m.length));
}

const DATE_FN = /\b(date|time|datetime|julianday|unixepoch|strftime|timediff)\s*\(/gi;
const CLOCK_KEYWORD = /\b(current_timestamp|current_date|current_time)\b/gi;
const RANDOM_FN = /\b(random|randomblob)\s*\(/gi;
const AGGREGATE = /\b(count|sum|total|avg|min|max|group_concat|string_agg)\s*\(/i;

/** 0-based index of the ')' closing the '(' at `open` in blanked code, or the end. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return text.length;
}

/** The span of the parenthesised group (or whole query) that holds `at`, in blanked code. */
function enclosing(text: string, at: number): [number, number] {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(') {
      if (depth === 0) return [i + 1, closing(text, i)];
      depth--;
    }
  }
  return [0, text.length];
}

/** The group's text with nested groups' contents blanked: what this SELECT itself says. */
function ownLevel(text: string, [from, to]: [number, number]): string {
  let out = '';
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === '(') out += depth++ === 0 ? c : ' ';
    else if (c === ')') out += --depth === 0 ? c : ' ';
    else out += depth > 0 ? ' ' : c;
    depth = Math.max(0, depth);
  }
  return out;
}

export function sqlDeterminism(sql: string): SqlFinding[] {
  const out: SqlFinding[] = [];
  const text = code(sql);
  for (const m of text.matchAll(DATE_FN)) {
    const open = m.index! + m[0].length - 1;
    const args = sql.slice(open, closing(text, open) + 1);
    const now = /'now'/i.exec(args);
    if (!now) continue;
    out.push({ index: open + now.index, length: 5, message: `${m[1]}('now') reads the computer's clock, not the phone's (the mock phone keeps its own clock, from setup.time): the verdict changes with the day and hour the verifier runs; compare with a time the phone recorded (before.row…, another row's timestamp)` });
  }
  for (const m of text.matchAll(CLOCK_KEYWORD)) {
    out.push({ index: m.index!, length: m[0].length, message: `${m[1].toUpperCase()} is the computer's clock, not the phone's: the verdict changes with the day and hour the verifier runs; compare with a time the phone recorded (before.row…, another row's timestamp)` });
  }
  for (const m of text.matchAll(RANDOM_FN)) {
    out.push({ index: m.index!, length: m[1].length, message: `${m[1]}() makes the verdict a matter of chance: the same run can pass once and fail the next time, and check proves nothing about it; a verifier must read only the phone's state` });
  }
  // Recursive CTEs stop with LIMIT by design (the warning about a missing one is elsewhere).
  if (!/\bwith\s+recursive\b/i.test(text)) {
    for (const m of text.matchAll(/\blimit\b/gi)) {
      const group = enclosing(text, m.index!);
      const own = ownLevel(text, group);
      if (/\border\s+by\b/i.test(own)) continue;
      // One aggregate row (count(*), max(…) without GROUP BY) is the same in any order.
      if (AGGREGATE.test(own) && !/\bgroup\s+by\b/i.test(own)) continue;
      out.push({ index: m.index!, length: m[0].length, message: 'LIMIT without ORDER BY: which rows it keeps is up to SQLite\'s scan order (often the oldest rows, and an index or a new row can change it), so the verdict depends on row order, not on what the run did; add an ORDER BY (e.g. ORDER BY id DESC for the newest)' });
    }
  }
  return out;
}
