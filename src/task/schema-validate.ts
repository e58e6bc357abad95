// Validates a YAML AST against the JSON Schema subset the task schema uses, reporting each
// problem on the exact key or value. Written against the AST (not plain JSON) so positions
// survive; small because the schema only uses a handful of keywords.
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { Diagnostic } from './diagnostic';
import { resolveRef, TASK_SCHEMA, type JsonSchema } from './schema';
import { diagnosticAt, firstLineOf, offsetsOf, type YamlSource } from './yaml-source';

interface Problem {
  node: Node | undefined;
  /** Report on the node's first line only (whole maps). */
  firstLine?: boolean;
  message: string;
}

function typeOfNode(node: Node | undefined): string {
  if (node === undefined || node === null) return 'null';
  if (isMap(node)) return 'object';
  if (isSeq(node)) return 'array';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'null';
    if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
    if (typeof v === 'boolean') return 'boolean';
    return 'string';
  }
  return 'unknown';
}

function typeMatches(actual: string, expected: string): boolean {
  return actual === expected || (expected === 'number' && actual === 'integer');
}

function describeValue(node: Node | undefined): string {
  const t = typeOfNode(node);
  if (isScalar(node)) return node.value === null ? 'empty' : `${t} ${JSON.stringify(node.value)}`;
  return t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : t;
}

function branchKey(s: JsonSchema): string | undefined {
  return s.required?.length === 1 && Object.keys(s).length === 1 ? s.required[0] : undefined;
}

/** The keywords check() implements, and annotations that need no checking. */
const IMPLEMENTED = new Set([
  'oneOf', 'type', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'items',
  'minProperties', 'properties', 'additionalProperties', 'required', '$ref',
  '$id', '$schema', 'definitions', '$defs', 'description', 'markdownDescription', 'title', 'default', 'examples', '$comment',
]);

/** A schema keyword this validator would silently skip is a bug in the validator, not in the task file: fail loudly. */
export function assertImplemented(schema: JsonSchema): void {
  for (const k of Object.keys(schema)) {
    if (!IMPLEMENTED.has(k)) throw new Error(`task schema uses the JSON-Schema keyword '${k}', which src/task/schema-validate.ts does not implement`);
  }
}

function check(node: Node | undefined, schemaIn: JsonSchema, where: string, out: Problem[], root: JsonSchema): void {
  const schema = resolveRef(schemaIn, root);
  assertImplemented(schemaIn);
  assertImplemented(schema);
  if (schema.oneOf) {
    const keys = schema.oneOf.map(branchKey);
    if (keys.every((k) => k !== undefined)) {
      // "exactly one of these keys" (verifier kinds, solution tools): a clearer message than
      // eight failed branches.
      if (isMap(node)) {
        const present = keys.filter((k) => node.items.some((p) => isScalar(p.key) && p.key.value === k));
        if (present.length === 0) out.push({ node, firstLine: true, message: `${where} needs exactly one of: ${keys.join(', ')}` });
        else if (present.length > 1) out.push({ node, firstLine: true, message: `${where} has ${present.join(' and ')}; use exactly one of: ${keys.join(', ')}` });
      }
    } else {
      const attempts = schema.oneOf.map((b) => {
        const p: Problem[] = [];
        check(node, b, where, p, root);
        return p;
      });
      const ok = attempts.filter((p) => p.length === 0).length;
      if (ok === 0) {
        // Report the branch whose top-level type fits, else the one with the fewest problems.
        const fitting = attempts
          .map((p, i) => ({ p, s: resolveRef(schema.oneOf![i], root) }))
          .filter(({ s }) => !s.type || [s.type].flat().some((t) => typeMatches(typeOfNode(node), t)));
        const best = (fitting.length ? fitting.map((f) => f.p) : attempts).sort((a, b) => a.length - b.length)[0];
        out.push(...best);
      }
    }
  }
  if (schema.type) {
    const types = [schema.type].flat();
    const actual = typeOfNode(node);
    if (!types.some((t) => typeMatches(actual, t))) {
      const expected = types.map((t) => (t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : t === 'integer' ? 'an integer' : `a ${t}`)).join(' or ');
      out.push({ node, firstLine: isMap(node) || isSeq(node), message: `${where} must be ${expected}, not ${describeValue(node)}` });
      return;
    }
  }
  if (schema.enum) {
    const v = isScalar(node) ? node.value : undefined;
    if (!schema.enum.includes(v as never)) {
      const hint = typeof v === 'string' ? closest(v, schema.enum.filter((e): e is string => typeof e === 'string')) : undefined;
      out.push({ node, message: `${where} must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}, not ${describeValue(node)}${hint ? ` (did you mean '${hint}'?)` : ''}` });
      return;
    }
  }
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'number') {
      if (schema.minimum !== undefined && v < schema.minimum) out.push({ node, message: `${where} must be ≥ ${schema.minimum}` });
      if (schema.maximum !== undefined && v > schema.maximum) out.push({ node, message: `${where} must be ≤ ${schema.maximum}` });
      if (schema.exclusiveMinimum !== undefined && v <= schema.exclusiveMinimum) out.push({ node, message: `${where} must be > ${schema.exclusiveMinimum}` });
    }
    if (typeof v === 'string') {
      if (schema.minLength !== undefined && v.length < schema.minLength) out.push({ node, message: `${where} must not be empty` });
      if (schema.maxLength !== undefined && [...v].length > schema.maxLength) out.push({ node, message: `${where} must be at most ${schema.maxLength} characters long` });
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(v)) out.push({ node, message: `${where} ${JSON.stringify(v)} does not match ${schema.pattern}` });
    }
  }
  if (isSeq(node)) {
    const items = node.items as Node[];
    if (schema.minItems !== undefined && items.length < schema.minItems) out.push({ node, firstLine: true, message: `${where} needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}` });
    if (schema.maxItems !== undefined && items.length > schema.maxItems) out.push({ node, firstLine: true, message: `${where} takes at most ${schema.maxItems} items` });
    if (schema.items) items.forEach((item, i) => check(item, schema.items!, `${where}[${i}]`, out, root));
  }
  if (isMap(node)) {
    const seen = new Set<string>();
    if (schema.minProperties !== undefined && node.items.length < schema.minProperties) out.push({ node, firstLine: true, message: `${where} must not be empty` });
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key === undefined) {
        out.push({ node: pair.key as Node, message: `${where}: keys must be plain strings` });
        continue;
      }
      seen.add(key);
      const child = `${where === '' ? '' : `${where}.`}${key}`;
      const prop = schema.properties?.[key];
      if (prop) check((pair.value ?? undefined) as Node | undefined, prop, child, out, root);
      else if (schema.additionalProperties === false) {
        const known = Object.keys(schema.properties ?? {});
        const hint = closest(key, known);
        out.push({ node: pair.key as Node, message: `unknown key '${key}'${where ? ` in ${where}` : ''}${hint ? ` (did you mean '${hint}'?)` : ''}` });
      } else if (typeof schema.additionalProperties === 'object') check((pair.value ?? undefined) as Node | undefined, schema.additionalProperties, child, out, root);
    }
    for (const r of schema.required ?? []) {
      if (!seen.has(r) && !schema.oneOf?.some((b) => branchKey(b) === r)) {
        out.push({ node, firstLine: true, message: `${where || (root === TASK_SCHEMA ? 'task' : 'the file')} is missing required key '${r}'` });
      }
    }
  }
}

/** Levenshtein distance ≤ 2 suggestion for misspelt keys. */
export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) { best = c; bestD = d; }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** `root` holds the definitions `$ref`s point into (default the task schema; the app schema passes its own). */
export function validateAgainstSchema(src: YamlSource, node: Node | undefined, schema: JsonSchema, where = '', root: JsonSchema = TASK_SCHEMA): Diagnostic[] {
  const problems: Problem[] = [];
  check(node, schema, where, problems, root);
  return problems.map((p) => diagnosticAt(src, p.firstLine ? firstLineOf(src, p.node) : offsetsOf(p.node), p.message));
}
