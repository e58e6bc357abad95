// Walks the task schema along a YAML path: what keys a mapping may have, what a value may be.
import { definition, resolveRef, TASK_SCHEMA, type JsonSchema } from '../schema';
import type { PathSegment } from './cursor';

/** The schemas a node at `path` may match (several when the schema says oneOf). */
export function schemasAt(path: readonly PathSegment[], fileIsSuite: boolean): JsonSchema[] {
  let current: JsonSchema[] = [fileIsSuite ? definition('suite') : definition('task')];
  if (!fileIsSuite && path.length === 0) current = [definition('task'), definition('suite')];
  for (const seg of path) {
    const next: JsonSchema[] = [];
    for (const s of current.flatMap(expand)) {
      if (typeof seg === 'number') {
        if (s.items) next.push(s.items);
      } else if (s.properties?.[seg]) next.push(s.properties[seg]);
      else if (typeof s.additionalProperties === 'object') next.push(s.additionalProperties);
    }
    current = next;
    if (current.length === 0) break;
  }
  return current.flatMap(expand);
}

/** Resolve refs and flatten oneOf branches that are whole schemas (not "required" markers). */
function expand(s: JsonSchema): JsonSchema[] {
  const r = resolveRef(s, TASK_SCHEMA);
  if (r.oneOf && !r.oneOf.every((b) => b.required && Object.keys(b).length === 1)) {
    return r.oneOf.flatMap(expand);
  }
  return [r];
}

export interface KeyInfo {
  name: string;
  description?: string;
  schema: JsonSchema;
}

export function keysAt(path: readonly PathSegment[], fileIsSuite: boolean): KeyInfo[] {
  const seen = new Map<string, KeyInfo>();
  for (const s of schemasAt(path, fileIsSuite)) {
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      if (!seen.has(name)) seen.set(name, { name, description: resolveRef(prop).description ?? prop.description, schema: prop });
    }
  }
  return [...seen.values()];
}

export function describeType(s: JsonSchema): string {
  const r = resolveRef(s);
  if (r.enum) return r.enum.map((e) => JSON.stringify(e)).join(' | ');
  if (r.type) return [r.type].flat().join(' | ');
  if (r.oneOf) return r.oneOf.map((b) => describeType(b)).join(' | ');
  if (r.properties) return 'mapping';
  return 'any';
}
