// Linear-time scans of a model's output for the parser (parse.ts). Written as regexes, the
// tag patterns backtrack: `<tool_call>` followed by 20,000 newlines and no closing tag kept a
// step busy for minutes, and a model stuck repeating `<parameter=x` or `<arg_key>` took
// seconds per 100 kB. These give the matches those regexes gave (parse.test.ts compares
// them on random inputs) with indexOf, looking at each character a bounded number of times.

/** JavaScript's `\s` (the set String.prototype.trim removes). */
export function isJsSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The first `open` … first `close` after it (`/open([\s\S]*?)close/`): inner start and close index. */
export function between(s: string, open: string, close: string, from = 0): { start: number; inner: number; close: number } | undefined {
  const start = s.indexOf(open, from);
  if (start === -1) return undefined;
  const end = s.indexOf(close, start + open.length);
  return end === -1 ? undefined : { start, inner: start + open.length, close: end };
}

/** `s.replace(/open[\s\S]*?close/g, '')`. */
export function removeAllBetween(s: string, open: string, close: string): string {
  let out = '';
  let at = 0;
  for (let m = between(s, open, close, at); m; m = between(s, open, close, at)) {
    out += s.slice(at, m.start);
    at = m.close + close.length;
  }
  return out + s.slice(at);
}

/**
 * `open` followed by a name of one or more characters other than `>` and newline, then `>`
 * (`/open([^>\n]+)>/`, e.g. `<function=click>`): where the name starts and where its `>` is.
 */
export function namedTag(s: string, open: string, from = 0): { start: number; name: string; end: number } | undefined {
  let at = from;
  for (;;) {
    const start = s.indexOf(open, at);
    if (start === -1) return undefined;
    let i = start + open.length;
    while (i < s.length && s[i] !== '>' && s[i] !== '\n') i++;
    if (i < s.length && s[i] === '>' && i > start + open.length) return { start, name: s.slice(start + open.length, i), end: i + 1 };
    // Every later `open` up to i runs into the same newline or end: skip past them.
    at = Math.max(i, start + 1);
  }
}

/**
 * indexOf(needle, from) for rising `from`, remembering the last answer so that asking again
 * on a long text without the needle costs nothing (a loop over many tags stays linear).
 */
export function nextIndexer(s: string, needle: string): (from: number) => number {
  let last: number | undefined;
  return (from) => {
    if (last === undefined || (last !== -1 && last < from)) last = s.indexOf(needle, from);
    return last;
  };
}

const OPEN = '<tool_call>';

/** `/<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/`: the first block, trimmed. */
export function findToolCallBody(s: string): string | undefined {
  const m = between(s, OPEN, '</tool_call>');
  return m ? s.slice(m.inner, m.close).trim() : undefined;
}

/** Missing closing tag: the reference takes `<tool_call>{…}` up to the last brace. */
export function findUnclosedBody(s: string): string | undefined {
  // `/<tool_call>\s*(\{[\s\S]*\})/`: the first opening tag with a brace after its spaces.
  const lastBrace = s.lastIndexOf('}');
  for (let at = s.indexOf(OPEN); at !== -1 && at < lastBrace; at = s.indexOf(OPEN, at + 1)) {
    let k = at + OPEN.length;
    while (k < s.length && isJsSpace(s.charCodeAt(k))) k++;
    if (s[k] === '{' && lastBrace > k) return s.slice(k, lastBrace + 1);
  }
  const first = s.indexOf(OPEN);
  if (first === -1) return undefined;
  // The XML and arg_key forms, or anything else after an opening tag (still a tool call,
  // just not a parsable one): the rest of the output.
  return s.slice(first + OPEN.length).trim();
}

/**
 * The `<parameter=key>value` pairs of an XML tool call's body, as
 * `/<parameter=([^>\n]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g`:
 * a value runs to `</parameter>`, the next `<parameter=`, `</function>` or the end.
 */
export function xmlParameters(inner: string): { key: string; value: string }[] {
  const closeAt = nextIndexer(inner, '</parameter>');
  const nextAt = nextIndexer(inner, '<parameter=');
  const fnEndAt = nextIndexer(inner, '</function>');
  const out: { key: string; value: string }[] = [];
  for (let p = namedTag(inner, '<parameter='); p; ) {
    const close = closeAt(p.end);
    const stops = [close, nextAt(p.end), fnEndAt(p.end)].filter((i) => i !== -1);
    const end = stops.length ? Math.min(...stops) : inner.length;
    out.push({ key: p.name, value: inner.slice(p.end, end) });
    p = namedTag(inner, '<parameter=', end === close ? end + '</parameter>'.length : end);
  }
  return out;
}

/**
 * `/<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)(?:<\/arg_value>|$)/g`: a key runs
 * to the first `</arg_key>` that spaces and `<arg_value>` follow; its value to `</arg_value>`
 * or the end.
 */
export function argKeyPairs(body: string): { key: string; value: string }[] {
  const K = '<arg_key>', KC = '</arg_key>', V = '<arg_value>', VC = '</arg_value>';
  // Every `</arg_key>` that a value follows, in order (found once: the scan stays linear).
  const keyEnds: { close: number; value: number }[] = [];
  for (let c = body.indexOf(KC); c !== -1; c = body.indexOf(KC, c + 1)) {
    let k = c + KC.length;
    while (k < body.length && isJsSpace(body.charCodeAt(k))) k++;
    if (body.startsWith(V, k)) keyEnds.push({ close: c, value: k + V.length });
  }
  const valueCloseAt = nextIndexer(body, VC);
  const pairs: { key: string; value: string }[] = [];
  let e = 0;
  for (let at = body.indexOf(K); at !== -1; ) {
    while (e < keyEnds.length && keyEnds[e].close < at + K.length) e++;
    if (e === keyEnds.length) break;
    const { close, value } = keyEnds[e];
    const vc = valueCloseAt(value);
    const end = vc === -1 ? body.length : vc;
    pairs.push({ key: body.slice(at + K.length, close).trim(), value: body.slice(value, end) });
    at = body.indexOf(K, vc === -1 ? body.length : vc + VC.length);
  }
  return pairs;
}
