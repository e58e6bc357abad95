// Walks a JSON Schema along a YAML path: what keys a mapping may have, what a value may be.
// The task schema by default; the app-file language (src/studio/app-files/language/) walks
// schemas/app.schema.json with the same functions, passing its root.
import { definition, resolveRef, TASK_SCHEMA, type JsonSchema } from '../schema';
import type { PathSegment } from './cursor';

/** The schemas a node at `path` may match (several when the schema says oneOf). */
export function schemasAt(path: readonly PathSegment[], fileIsSuite: boolean): JsonSchema[] {
  let start: JsonSchema[] = [fileIsSuite ? definition('suite') : definition('task')];
  if (!fileIsSuite && path.length === 0) start = [definition('task'), definition('suite')];
  return walkSchema(start, path);
}

/** From `start` (schemas of the root's node) down `path`; `root` holds the `$ref` definitions. */
export function walkSchema(start: readonly JsonSchema[], path: readonly PathSegment[], root: JsonSchema = TASK_SCHEMA): JsonSchema[] {
  let current = [...start];
  for (const seg of path) {
    const next: JsonSchema[] = [];
    for (const s of current.flatMap((x) => expand(x, root))) {
      if (typeof seg === 'number') {
        if (s.items) next.push(s.items);
      } else if (s.properties?.[seg]) next.push(s.properties[seg]);
      else if (typeof s.additionalProperties === 'object') next.push(s.additionalProperties);
    }
    current = next;
    if (current.length === 0) break;
  }
  return current.flatMap((x) => expand(x, root));
}

/** Resolve refs and flatten oneOf branches that are whole schemas (not "required" markers). */
function expand(s: JsonSchema, root: JsonSchema): JsonSchema[] {
  const r = resolveRef(s, root);
  if (r.oneOf && !r.oneOf.every((b) => b.required && Object.keys(b).length === 1)) {
    return r.oneOf.flatMap((b) => expand(b, root));
  }
  return [r];
}

export interface KeyInfo {
  name: string;
  description?: string;
  schema: JsonSchema;
}

export function keysAt(path: readonly PathSegment[], fileIsSuite: boolean): KeyInfo[] {
  return keysOf(schemasAt(path, fileIsSuite));
}

/** The keys the mappings of `schemas` may hold, each with its description. */
export function keysOf(schemas: readonly JsonSchema[], root: JsonSchema = TASK_SCHEMA): KeyInfo[] {
  const seen = new Map<string, KeyInfo>();
  for (const s of schemas) {
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      if (!seen.has(name)) seen.set(name, { name, description: resolveRef(prop, root).description ?? prop.description, schema: prop });
    }
  }
  return [...seen.values()];
}

export function describeType(s: JsonSchema, root: JsonSchema = TASK_SCHEMA): string {
  const r = resolveRef(s, root);
  if (r.enum) return r.enum.map((e) => JSON.stringify(e)).join(' | ');
  if (r.type) return [r.type].flat().join(' | ');
  if (r.oneOf) return r.oneOf.map((b) => describeType(b, root)).join(' | ');
  if (r.properties) return 'mapping';
  return 'any';
}
