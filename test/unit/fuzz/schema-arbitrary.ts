// Generated messages for a valibot schema of the shared kit (src/protocol/validate.ts): values
// that mostly fit the schema (so the parser's accepting paths are reached), with a wrong value
// at any depth now and then (so its rejecting paths are too). Reads the schema's own
// structure; a kind it does not know becomes any value at all.
import fc from 'fast-check';

interface Node { type: string; kind?: string; entries?: Record<string, Node>; options?: Node[] | readonly string[]; item?: Node; wrapped?: Node;
  value?: Node; literal?: unknown; class?: unknown; pipe?: { type: string; requirement?: unknown }[]; }

const anyValue = fc.anything({ maxDepth: 2, withNullPrototype: true, withTypedArray: true, withBigInt: true, withMap: true });

function limits(s: Node): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const p of s.pipe ?? []) {
    if ((p.type === 'max_length' || p.type === 'max_value') && typeof p.requirement === 'number') out.max = p.requirement;
    if ((p.type === 'min_length' || p.type === 'min_value') && typeof p.requirement === 'number') out.min = p.requirement;
  }
  return out;
}

function fitting(s: Node, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return anyValue;
  const { min, max } = limits(s);
  switch (s.type) {
    case 'string': return fc.string({ minLength: min ?? 0, maxLength: Math.min(max ?? 20, 20) }).filter((x) => x.length >= (min ?? 0));
    case 'number': {
      const lo = Number.isFinite(min) ? min! : -1e6, hi = Number.isFinite(max) ? max! : 1e6;
      return fc.oneof(fc.integer({ min: Math.ceil(Math.max(lo, -1e9)), max: Math.floor(Math.min(hi, 1e9)) }), fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean': return fc.boolean();
    case 'picklist': return fc.constantFrom(...(s.options as readonly string[]));
    case 'literal': return fc.constant(s.literal);
    case 'strict_object': case 'object': case 'loose_object': {
      const entries = Object.fromEntries(Object.entries(s.entries ?? {}).map(([k, e]) => [k, maybeWrong(e, depth + 1)]));
      const required = Object.entries(s.entries ?? {}).filter(([, e]) => e.type !== 'optional' && e.type !== 'nullish').map(([k]) => k);
      return fc.record(entries, { requiredKeys: required });
    }
    case 'array': return fc.array(maybeWrong(s.item!, depth + 1), { maxLength: Math.min(max ?? 4, 4) });
    case 'union': case 'variant': return fc.oneof(...(s.options as Node[]).map((o) => fitting(o, depth + 1)));
    case 'optional': case 'nullish': return fc.option(fitting(s.wrapped!, depth + 1), { nil: undefined });
    case 'nullable': return fc.option(fitting(s.wrapped!, depth + 1), { nil: null });
    case 'instance': return s.class === Uint8Array ? fc.uint8Array({ maxLength: 16 }) : anyValue;
    case 'record': return fc.dictionary(fc.string({ maxLength: 6 }), maybeWrong(s.value!, depth + 1), { maxKeys: 4 });
    default: return anyValue;
  }
}

function maybeWrong(s: Node, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 30, arbitrary: fitting(s, depth) }, { weight: 1, arbitrary: anyValue });
}

/** Values for `schema` (any valibot schema), mostly fitting it. */
export function valuesFor(schema: unknown): fc.Arbitrary<unknown> {
  return maybeWrong(schema as Node, 0);
}
