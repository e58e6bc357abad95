// JSON text as Python's `json.dumps(value, ensure_ascii=False)` writes it: ", " and ": "
// separators, non-ASCII kept, Python's float spelling. The history strings the model was
// trained on were made this way, so the bytes must match.
//
// JavaScript numbers do not remember whether the model wrote `500` or `500.0`; pass the paths
// of float literals (see float-paths.ts) to write those as Python floats.

function pyNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (Number.isInteger(n)) return BigInt(n).toString();
  // Python's repr switches to exponent form below 1e-4 (JS only below 1e-6) and pads the
  // exponent to two digits.
  const abs = Math.abs(n);
  if (abs < 1e-4 || abs >= 1e16) {
    const [mant, exp] = n.toExponential().split('e');
    const sign = exp.startsWith('-') ? '-' : '+';
    const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
    return `${mant}e${sign}${digits}`;
  }
  return String(n);
}

/** Python's repr of a float (the value was a float literal, even if integral). */
function pyFloat(n: number): string {
  if (!Number.isFinite(n) || !Number.isInteger(n)) return pyNumber(n);
  if (Math.abs(n) >= 1e16) {
    const [mant, exp] = n.toExponential().split('e');
    const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
    return `${mant.includes('.') ? mant : `${mant}.0`}e${exp.startsWith('-') ? '-' : '+'}${digits}`.replace(/\.0e/, 'e');
  }
  return Object.is(n, -0) ? '-0.0' : `${n}.0`;
}

export function pyJsonDumps(value: unknown, floats?: ReadonlySet<string>, path = ''): string {
  if (value === null || value === undefined) return 'null';
  const at = (k: string | number): string => (path ? `${path}.${k}` : String(k));
  switch (typeof value) {
    case 'boolean': return value ? 'true' : 'false';
    case 'number': return floats?.has(path) ? pyFloat(value) : pyNumber(value);
    case 'bigint': return value.toString();
    // JSON.stringify escapes exactly Python's set: \" \\ \b \f \n \r \t and \u00XX (lowercase).
    case 'string': return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v, i) => pyJsonDumps(v, floats, at(i))).join(', ')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pyJsonDumps(v, floats, at(k))}`).join(', ')}}`;
    }
    default: return 'null';
  }
}
