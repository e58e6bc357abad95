// The app catalog of the mock phone: packages and database schemas come from the mock phone's
// own app registry (each manifest's schema) and its settings provider, so diagnostics follow
// the apps as they change.
import { APPS } from '../mockphone/apps/registry';
import { localize } from '../mockphone/apps/app';
import { PARAMS, PERTURBATION_NAMES } from '../mockphone/interference/perturbations';
import { SETTINGS_PACKAGE, SETTINGS_SCHEMA } from '../mockphone/system/settings-store';
import { createAppCatalog, type AppCatalog, type AppSchemaSource, type PerturbationInfo } from '../task/app-catalog';

let cached: Promise<AppCatalog> | undefined;

export function mockAppSchemas(): AppSchemaSource[] {
  const apps: AppSchemaSource[] = APPS.map((a) => ({ packageName: a.package, label: localize(a.label, 'en-US'), schemaSql: a.database?.schema ?? '' }));
  apps.push({ packageName: SETTINGS_PACKAGE, label: 'Settings provider', schemaSql: SETTINGS_SCHEMA });
  return apps;
}

/** The mock phone's named perturbations and their parameters (src/mockphone/interference/). */
export function mockPerturbations(): PerturbationInfo[] {
  return PERTURBATION_NAMES.map((name) => ({
    name,
    params: Object.fromEntries(Object.entries(PARAMS[name]).map(([k, v]) => [k, `${v.kind}, default ${JSON.stringify(v.default)}: ${v.doc}`])),
  }));
}

export function mockAppCatalog(): Promise<AppCatalog> {
  cached ??= (async () => {
    const { loadSql } = await import('../mockphone/runtime/database');
    return createAppCatalog(await loadSql(), mockAppSchemas(), mockPerturbations());
  })();
  return cached;
}
