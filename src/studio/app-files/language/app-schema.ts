// schemas/app.schema.json as the app-file language reads it: the module kinds (the screen's
// `module` enum and every `module.<kind>` definition, so a module added to the schema gets
// completion and hover with no change here), and the schemas at a YAML path (schema-at.ts: a
// screen's keys, a mount's screens' too, are its module's parameters), with what a value is
// (a CEL expression, an icon glyph).
import type { Node } from 'yaml';
import type { JsonSchema } from '../../../task/schema';
import type { PathSegment } from '../../../task/language/cursor';
import { keysOf, type KeyInfo } from '../../../task/language/schema-nav';
import { APP_SCHEMA } from '../parse-app-file';
import { appSchemasAt, moduleAt, refAt } from '../schema-at';

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
  return moduleAt(root, ['screens', screen]);
}

export { appSchemasAt };

export function appKeysAt(root: Node | null | undefined, path: readonly PathSegment[]): KeyInfo[] {
  return keysOf(appSchemasAt(root, path), APP_SCHEMA);
}

/** A value there is a CEL expression (a `$ref` to the schema's `cel` definition). */
export function isCelAt(root: Node | null | undefined, path: readonly PathSegment[]): boolean {
  return refAt(root, path) === 'cel';
}

/** A value there names an icon glyph (a `$ref` to the schema's `icon` definition). */
export function isIconAt(root: Node | null | undefined, path: readonly PathSegment[]): boolean {
  return refAt(root, path) === 'icon';
}
