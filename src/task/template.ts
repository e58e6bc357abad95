// `{param}` slots in goals, answers, typed text and where-values. `{{` and `}}` are literal
// braces. Slots are filled only in plain text — SQL gets params through binding (sql-params.ts).

export interface Slot {
  name: string;
  /** Offset of the `{` in the string. */
  index: number;
  length: number;
}

const SLOT = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function templateSlots(text: string): Slot[] {
  const out: Slot[] = [];
  for (const m of text.matchAll(SLOT)) {
    if (m[1]) out.push({ name: m[1], index: m.index!, length: m[0].length });
  }
  return out;
}

export function fillTemplate(text: string, params: Record<string, unknown>): string {
  return text.replace(SLOT, (whole, name: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return name !== undefined && name in params ? String(params[name]) : whole;
  });
}

/** A value that is exactly one slot keeps the param's type (numbers stay numbers). */
export function fillValue(value: unknown, params: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const m = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
    if (m && m[1] in params) return params[m[1]];
    return fillTemplate(value, params);
  }
  if (Array.isArray(value)) return value.map((v) => fillValue(v, params));
  return value;
}
