// The schemas at a YAML path of an app file, as schemas/app.schema.json says: a screen's keys
// (its own, or a mount's under `mounts.<prefix>.screens`) are its module's parameters, chosen
// by the screen's `module:` value; and the `$ref` a value's schema is (`cel`, `icon`), which
// says what the value means to the checks, completion and hover.
import { isScalar, type Node } from 'yaml';
import schemaJson from '../../../schemas/app.schema.json';
import type { JsonSchema } from '../../task/schema';
import type { PathSegment } from '../../task/language/cursor';
import { walkSchema } from '../../task/language/schema-nav';
import { mapGet } from '../../task/yaml-source';

const SCHEMA = schemaJson as unknown as JsonSchema;
const defs = (): Record<string, JsonSchema> => SCHEMA.definitions ?? {};

/** How many leading segments of `path` name a screen (screens.<name>, mounts.<prefix>.screens.<name>); 0: not under one. */
function screenDepth(path: readonly PathSegment[]): number {
  if (path[0] === 'screens' && typeof path[1] === 'string') return 2;
  if (path[0] === 'mounts' && typeof path[1] === 'string' && path[2] === 'screens' && typeof path[3] === 'string') return 4;
  return 0;
}

/** The module the screen at `screenPath` says it is (its `module:` value). */
export function moduleAt(root: Node | null | undefined, screenPath: readonly PathSegment[]): string | undefined {
  let node: Node | undefined = root ?? undefined;
  for (const seg of screenPath) node = mapGet(node, String(seg));
  const m = mapGet(node, 'module');
  return isScalar(m) && typeof m.value === 'string' ? m.value : undefined;
}

/** The schemas a node at `path` may match; under a screen, its module's parameters. */
export function appSchemasAt(root: Node | null | undefined, path: readonly PathSegment[]): JsonSchema[] {
  const depth = screenDepth(path);
  if (depth > 0) {
    const kind = moduleAt(root, path.slice(0, depth));
    const start = (kind && defs()[`module.${kind}`]) || defs().screen;
    return start ? walkSchema([start], path.slice(depth), SCHEMA) : [];
  }
  return walkSchema([SCHEMA], path, SCHEMA);
}

/** The definition a value at `path` refers to (`cel`, `icon`, …): its schema's `$ref` as its parent declares it. */
export function refAt(root: Node | null | undefined, path: readonly PathSegment[]): string | undefined {
  if (path.length === 0) return undefined;
  const last = path[path.length - 1];
  for (const s of appSchemasAt(root, path.slice(0, -1))) {
    const raw = typeof last === 'number' ? s.items : s.properties?.[last] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
    const ref = /^#\/definitions\/(.+)$/.exec(raw?.$ref ?? '')?.[1];
    if (ref) return ref;
  }
  return undefined;
}
