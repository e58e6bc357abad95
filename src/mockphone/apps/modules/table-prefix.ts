// A mini-program's tables live in its host's database under a prefix (`mp_coffee_orders` in
// chat.db), so two mini-programs may both have an `orders` table, and a verifier reads the
// host's database as WeChat's mini-programs keep their state with the host. The mini-program
// itself is written against its own names: every statement it runs — its schema, seed rows,
// queries, actions — is rewritten here, token by token, so only identifiers that name one of
// its tables, indexes, views or triggers change (string literals, comments, `x.col` column
// reads, `AS name` aliases and named parameters are left alone).

/** The names a schema creates (tables, indexes, views, triggers), lower-cased. */
export function createdNames(schema: string): Set<string> {
  const names = new Set<string>();
  const toks = tokens(schema).filter((t) => t.kind !== 'space');
  for (let i = 0; i < toks.length; i++) {
    if (word(toks[i]) !== 'create') continue;
    let j = i + 1;
    while (j < toks.length && ['temp', 'temporary', 'unique', 'virtual'].includes(word(toks[j]))) j++;
    if (!['table', 'index', 'view', 'trigger'].includes(word(toks[j]))) continue;
    j++;
    if (word(toks[j]) === 'if' && word(toks[j + 1]) === 'not' && word(toks[j + 2]) === 'exists') j += 3;
    const name = toks[j];
    if (name && (name.kind === 'ident' || name.kind === 'quoted')) names.add(identValue(name).toLowerCase());
  }
  return names;
}

/** `sql` with each identifier naming one of `names` (lower-case) written `<prefix><name>`. */
export function prefixTables(sql: string, names: ReadonlySet<string>, prefix: string): string {
  let out = '';
  let prev: Token | undefined;
  for (const t of tokens(sql)) {
    const named = (t.kind === 'ident' || t.kind === 'quoted') && names.has(identValue(t).toLowerCase());
    // `x.orders` is a column, `AS orders` an alias, `:orders` a parameter: none is the table.
    const kept = prev && ((prev.kind === 'punct' && (prev.text === '.' || prev.text === ':' || prev.text === '@' || prev.text === '$')) || word(prev) === 'as');
    if (named && !kept) {
      const v = identValue(t);
      out += t.kind === 'ident' ? `${prefix}${v}` : `${t.text[0]}${prefix}${v.replace(/"/g, '""')}${t.text.at(-1)}`;
    } else out += t.text;
    if (t.kind !== 'space') prev = t;
  }
  return out;
}

/** A rewriter for one mini-program, remembering what it rewrote (a screen runs the same statements on every render). */
export function tablePrefixer(schema: string, prefix: string): (sql: string) => string {
  const names = createdNames(schema);
  const memo = new Map<string, string>();
  return (sql) => {
    let hit = memo.get(sql);
    if (hit === undefined) {
      hit = prefixTables(sql, names, prefix);
      if (memo.size < 5000) memo.set(sql, hit);
    }
    return hit;
  };
}

interface Token { kind: 'space' | 'string' | 'ident' | 'quoted' | 'number' | 'punct'; text: string }

function word(t: Token | undefined): string {
  return t?.kind === 'ident' ? t.text.toLowerCase() : '';
}

function identValue(t: Token): string {
  if (t.kind === 'ident') return t.text;
  const body = t.text.slice(1, -1);
  return t.text[0] === '"' ? body.replace(/""/g, '"') : t.text[0] === '`' ? body.replace(/``/g, '`') : body;
}

/** SQLite's lexical tokens, coarsely: enough to tell identifiers from strings, comments and the rest. */
function tokens(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = sql.length;
  const until = (end: string, from: number) => {
    const k = sql.indexOf(end, from);
    return k < 0 ? n : k + end.length;
  };
  while (i < n) {
    const c = sql[i];
    let j: number;
    let kind: Token['kind'];
    if (/\s/.test(c)) {
      j = i + 1;
      while (j < n && /\s/.test(sql[j])) j++;
      kind = 'space';
    } else if (c === '-' && sql[i + 1] === '-') {
      j = until('\n', i);
      kind = 'space';
    } else if (c === '/' && sql[i + 1] === '*') {
      j = until('*/', i + 2);
      kind = 'space';
    } else if (c === "'" || c === '"' || c === '`') {
      j = i + 1;
      for (;;) {
        j = until(c, j);
        if (j < n && sql[j] === c) { j++; continue; } // a doubled quote is the quote itself
        break;
      }
      kind = c === "'" ? 'string' : 'quoted';
    } else if (c === '[') {
      j = until(']', i + 1);
      kind = 'quoted';
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      j = i + 1;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[j])) j++;
      kind = 'ident';
    } else if (/[0-9]/.test(c)) {
      j = i + 1;
      while (j < n && /[A-Za-z0-9_.]/.test(sql[j])) j++;
      kind = 'number';
    } else {
      j = i + 1;
      kind = 'punct';
    }
    out.push({ kind, text: sql.slice(i, j) });
    i = j;
  }
  return out;
}
