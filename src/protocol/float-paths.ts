// Where a JSON text wrote a number as a float literal (`500.0`, `5e2`). JavaScript parses
// `500.0` and `500` to the same number, but Python's json.dumps writes them back differently
// ("500.0" vs "500"), and the history strings the model sees must match Python byte for byte.
// Paths are dot-joined keys / indices, e.g. "arguments.points.0.1".

/** Paths of float literals in a valid JSON text ([] if the text is not valid JSON). */
export function floatPaths(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  const ws = (): void => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const fail = (): never => { throw new SyntaxError(`bad JSON at ${i}`); };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail();
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') { i++; return; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        const key = str();
        ws();
        if (text[i++] !== ':') fail();
        value(path ? `${path}.${key}` : key);
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') { i++; return; }
      for (let n = 0; ; n++) {
        value(path ? `${path}.${n}` : String(n));
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail();
      }
    }
    if (c === '"') { str(); return; }
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?|^(true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail();
    if (m![1] !== undefined || m![2] !== undefined) out.push(path);
    i += m![0].length;
  };
  try {
    value('');
    return out;
  } catch {
    return [];
  }
}

/** The paths under `prefix.` with the prefix removed. */
export function pathsUnder(paths: readonly string[], prefix: string): string[] {
  return paths.filter((p) => p.startsWith(`${prefix}.`)).map((p) => p.slice(prefix.length + 1));
}
