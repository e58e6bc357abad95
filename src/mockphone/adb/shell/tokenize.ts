// A POSIX-sh style tokenizer for the command lines the mock phone's shell receives: single
// and double quotes, backslash escapes, $VAR / ${VAR} / $? / $(…) / `…`, comments, and the
// operators ; && || | & and redirections (> >> < 2> 2>> 2>&1 >&2). It is deliberately
// faithful about quoting, because the point of the mock shell is to catch callers that
// escape badly: an unquoted `;` really ends a command and `$(x)` really runs x.

export type WordPart =
  | { kind: 'text'; text: string }
  | { kind: 'var'; name: string }
  | { kind: 'subst'; script: string };

export type Operator = ';' | '&&' | '||' | '|' | '&' | '>' | '>>' | '<' | '2>' | '2>>' | '2>&1' | '>&2';

export type Token = { kind: 'word'; parts: WordPart[] } | { kind: 'op'; op: Operator };

export class ShellSyntaxError extends Error {
  override readonly name = 'ShellSyntaxError';
}

const OPERATORS: Operator[] = ['2>&1', '2>>', '>&2', '&&', '||', '>>', '2>', ';', '|', '&', '>', '<'];

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let parts: WordPart[] | undefined; // the word being built; undefined between words
  let i = 0;

  const addText = (t: string): void => {
    parts ??= [];
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  const endWord = (): void => {
    if (parts) tokens.push({ kind: 'word', parts });
    parts = undefined;
  };

  // Reads `$…` at src[i] (src[i] === '$'); returns the part or undefined for a literal '$'.
  const readDollar = (): WordPart | undefined => {
    const next = src[i + 1];
    if (next === '(') {
      const end = matchParen(src, i + 1);
      const script = src.slice(i + 2, end);
      i = end + 1;
      return { kind: 'subst', script };
    }
    if (next === '{') {
      const end = src.indexOf('}', i + 2);
      if (end < 0) throw new ShellSyntaxError('bad substitution: missing }');
      const name = src.slice(i + 2, end);
      i = end + 1;
      return { kind: 'var', name };
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[?$#0-9])/.exec(src.slice(i + 1));
    if (!m) { i++; return undefined; }
    i += 1 + m[0].length;
    return { kind: 'var', name: m[0] };
  };
  const readBacktick = (): WordPart => {
    let j = i + 1;
    let script = '';
    while (j < src.length && src[j] !== '`') {
      if (src[j] === '\\' && j + 1 < src.length) { script += src[j + 1]; j += 2; continue; }
      script += src[j++];
    }
    if (j >= src.length) throw new ShellSyntaxError('unterminated `…` command substitution');
    i = j + 1;
    return { kind: 'subst', script };
  };

  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t') { endWord(); i++; continue; }
    if (c === '\n') { endWord(); tokens.push({ kind: 'op', op: ';' }); i++; continue; }
    if (c === '#' && !parts) { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (c === '\\') {
      if (src[i + 1] === '\n') { i += 2; continue; } // line continuation
      if (i + 1 >= src.length) { addText('\\'); i++; continue; }
      addText(src[i + 1]);
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError("unterminated ' quoted string");
      addText(src.slice(i + 1, end));
      i = end + 1;
      continue;
    }
    if (c === '"') {
      parts ??= [];
      i++;
      for (;;) {
        if (i >= src.length) throw new ShellSyntaxError('unterminated " quoted string');
        const d = src[i];
        if (d === '"') { i++; break; }
        if (d === '\\' && i + 1 < src.length && '$`"\\\n'.includes(src[i + 1])) {
          if (src[i + 1] !== '\n') addText(src[i + 1]);
          i += 2;
          continue;
        }
        if (d === '$') {
          const part = readDollar();
          if (part) parts.push(part);
          else addText('$');
          continue;
        }
        if (d === '`') { parts.push(readBacktick()); continue; }
        addText(d);
        i++;
      }
      continue;
    }
    if (c === '$') {
      const part = readDollar();
      if (part) (parts ??= []).push(part);
      else addText('$');
      continue;
    }
    if (c === '`') { (parts ??= []).push(readBacktick()); continue; }
    if (c === '(' || c === ')') throw new ShellSyntaxError(`'${c}' unexpected (subshells are not supported)`);
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    // "2>" is a redirection only at the start of a word; inside "a2>b" it is text then ">".
    if (op && !(op.startsWith('2') && parts)) {
      endWord();
      tokens.push({ kind: 'op', op });
      i += op.length;
      continue;
    }
    addText(c);
    i++;
  }
  endWord();
  return tokens;
}

/** Index of the ')' closing the '(' at `open`, honouring nested parens and quotes. */
function matchParen(src: string, open: number): number {
  let depth = 0;
  for (let j = open; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') { j++; continue; }
    if (c === "'") { const e = src.indexOf("'", j + 1); if (e < 0) break; j = e; continue; }
    if (c === '"') {
      for (j++; j < src.length && src[j] !== '"'; j++) if (src[j] === '\\') j++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  throw new ShellSyntaxError('unterminated $( command substitution');
}
