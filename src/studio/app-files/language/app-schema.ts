// schemas/app.schema.json as the app-file language reads it: the module kinds (the screen's
// `module` enum and every `module.<kind>` definition, so a module added to the schema gets
// completion and hover with no change here), and the schemas at a YAML path — a screen's keys
// are its module's parameters, chosen by the screen's own `module:` value.
import { isScalar, type Node } from 'yaml';
import type { JsonSchema } from '../../../task/schema';
import type { PathSegment } from '../../../task/language/cursor';
import { keysOf, walkSchema, type KeyInfo } from '../../../task/language/schema-nav';
import { mapGet } from '../../../task/yaml-source';
import { APP_SCHEMA } from '../parse-app-file';

export interface ModuleKind {
  name: string;
  description?: string;
  schema?: JsonSchema;
}

const defs = (): Record<string, JsonSchema> => APP_SCHEMA.definitions ?? {};

/** Every module kind the schema knows, in the enum's order, then any further `module.<kind>`. */
export function moduleKinds(): ModuleKind[] {
  const enumNames = (defs().screen?.properties?.module?.enum ?? []).map(String);
  const defined = Object.keys(defs()).filter((k) => k.startsWith('module.')).map((k) => k.slice('module.'.length));
  return [...new Set([...enumNames, ...defined])].map((name) => {
    const schema = defs()[`module.${name}`];
    return { name, ...(schema?.description ? { description: schema.description } : {}), ...(schema ? { schema } : {}) };
  });
}

export function moduleKind(name: string): ModuleKind | undefined {
  return moduleKinds().find((m) => m.name === name);
}

/** The module a screen of the document says it is (`screens.<name>.module`). */
export function screenModule(root: Node | null | undefined, screen: string): string | undefined {
  const m = mapGet(mapGet(mapGet(root, 'screens'), screen), 'module');
  return isScalar(m) && typeof m.value === 'string' ? m.value : undefined;
}

/** The schemas a node at `path` may match; under a screen, its module's parameters. */
export function appSchemasAt(root: Node | null | undefined, path: readonly PathSegment[]): JsonSchema[] {
  if (path[0] === 'screens' && typeof path[1] === 'string') {
    const kind = screenModule(root, path[1]);
    const start = (kind && defs()[`module.${kind}`]) || defs().screen;
    return start ? walkSchema([start], path.slice(2), APP_SCHEMA) : [];
  }
  return walkSchema([APP_SCHEMA], path, APP_SCHEMA);
}

export function appKeysAt(root: Node | null | undefined, path: readonly PathSegment[]): KeyInfo[] {
  return keysOf(appSchemasAt(root, path), APP_SCHEMA);
}

/** A value there is a CEL expression (a `$ref` to the schema's `cel` definition). */
export function isCelAt(root: Node | null | undefined, path: readonly PathSegment[]): boolean {
  if (path.length === 0) return false;
  const last = path[path.length - 1];
  return appSchemasAt(root, path.slice(0, -1)).some((s) => {
    const raw = typeof last === 'number' ? s.items : s.properties?.[last] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
    return raw?.$ref === '#/definitions/cel';
  });
}
