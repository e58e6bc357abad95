// An app file as the editor features read it, even half-typed: its YAML with positions, its
// screens, strings and package, and a catalogue of its own database (its `database.schema`
// loaded in SQLite) for tables and columns — the same catalogue task files use for apps.
import { isMap, isScalar, type Node } from 'yaml';
import type { SqlJsStatic } from 'sql.js';
import { createAppCatalog, type AppCatalog } from '../../../task/app-catalog';
import { mapGet, parseYamlSource, type YamlSource } from '../../../task/yaml-source';

export interface AppDocument {
  src: YamlSource;
  root: Node | undefined;
  /** The package written in the file, if any. */
  package?: string;
  screens: string[];
  /** Strings by locale. */
  strings: Record<string, Record<string, string>>;
  /** The app's own tables, under the package OWN (undefined without SQLite or while the schema does not load). */
  catalog?: AppCatalog;
}

/** The package the document's own catalogue holds its tables under. */
export const OWN = 'app.being.written';
/** Catalogues by schema text: typing elsewhere in the file does not load the schema again. */
const catalogs = new Map<string, AppCatalog | undefined>();
const MAX_CATALOGS = 8;

function ownCatalog(sql: SqlJsStatic, schema: string): AppCatalog | undefined {
  if (catalogs.has(schema)) return catalogs.get(schema);
  let catalog: AppCatalog | undefined = createAppCatalog(sql, [{ packageName: OWN, schemaSql: schema }]);
  try {
    catalog.tables(OWN); // loads the schema: one that SQLite refuses gives no catalogue
  } catch {
    catalog = undefined;
  }
  if (catalogs.size >= MAX_CATALOGS) catalogs.delete(catalogs.keys().next().value!);
  catalogs.set(schema, catalog);
  return catalog;
}

export function readAppDocument(text: string, sql?: SqlJsStatic, src: YamlSource = parseYamlSource(text, 'app.app.yaml')): AppDocument {
  const root = (src.doc.contents ?? undefined) as Node | undefined;
  const screensNode = mapGet(root, 'screens');
  const screens = isMap(screensNode) ? screensNode.items.map((p) => String(isScalar(p.key) ? p.key.value : '')).filter(Boolean) : [];
  const stringsNode = mapGet(root, 'strings');
  const strings: Record<string, Record<string, string>> = {};
  for (const p of isMap(stringsNode) ? stringsNode.items : []) {
    const table = p.value as Node | undefined;
    if (isScalar(p.key) && isMap(table)) strings[String(p.key.value)] = Object.fromEntries(table.items.map((x) => [String(isScalar(x.key) ? x.key.value : ''), String(isScalar(x.value) ? x.value.value : '')]));
  }
  const schema = mapGet(mapGet(root, 'database'), 'schema');
  const pkg = mapGet(root, 'package');
  return {
    src, root, screens, strings,
    ...(sql && isScalar(schema) && typeof schema.value === 'string' ? { catalog: ownCatalog(sql, schema.value) } : {}),
    ...(isScalar(pkg) && typeof pkg.value === 'string' ? { package: pkg.value } : {}),
  };
}

/** The string keys of every locale, each with its value per locale. */
export function stringKeys(doc: AppDocument): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const [locale, table] of Object.entries(doc.strings)) {
    for (const [k, v] of Object.entries(table)) out.set(k, { ...out.get(k), [locale]: v });
  }
  return out;
}

/** Params that navigate actions hand to `screen` (`navigate: screen` + `params: { id: … }`). */
export function paramsInto(doc: AppDocument, screen: string): string[] {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.navigate === screen && o.params && typeof o.params === 'object') for (const k of Object.keys(o.params)) out.add(k);
      Object.values(o).forEach(visit);
    }
  };
  visit(doc.src.doc.toJS({ maxAliasCount: 100 }));
  return [...out];
}
