// What a task file may know about an app: its package, its names, its database schema and its
// UI strings — never its screens. The composition root (src/studio/) fills these in from the
// device's app list, so loading and checking task files loads no app code.
import type { SqlJsStatic } from 'sql.js';
import { createAppCatalog, type AppCatalog, type PerturbationInfo } from './app-catalog';

export interface TaskAppManifest {
  package: string;
  /** Display names by locale; 'en-US' labels diagnostics and completions. */
  names: Record<string, string>;
  /** CREATE TABLE … statements of the app's database ('' when it keeps none). */
  schemaSql: string;
  /** UI strings by locale, then key. */
  strings: Record<string, Record<string, string>>;
}

/** The catalogue the checker and the editor use, built from the manifests alone. */
export function catalogFromManifests(SQL: SqlJsStatic, apps: readonly TaskAppManifest[], perturbations: PerturbationInfo[] = []): AppCatalog {
  return createAppCatalog(SQL, apps.map((a) => ({ packageName: a.package, label: a.names['en-US'] ?? Object.values(a.names)[0], schemaSql: a.schemaSql })), perturbations);
}
