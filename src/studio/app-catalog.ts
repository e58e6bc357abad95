// The app catalogue of the mock phone, as the task layer sees it: each app's info (package,
// names, schema, strings; src/mockphone/apps/*/info.ts) and the settings provider — never the
// apps' screens — so diagnostics follow the apps as they change and checking a task file
// stays light.
import { LOCALES, localize, type AppInfo } from '../mockphone/apps/app';
import { APP_INFOS } from '../mockphone/apps/infos';
import { PARAMS, PERTURBATION_NAMES } from '../mockphone/interference/perturbations';
import { SETTINGS_PACKAGE, SETTINGS_SCHEMA } from '../mockphone/system/settings-store';
import type { AppCatalog, PerturbationInfo } from '../task/app-catalog';
import { catalogFromManifests, type TaskAppManifest } from '../task/app-manifest';

let cached: Promise<AppCatalog> | undefined;

function manifestOf(a: AppInfo): TaskAppManifest {
  return {
    package: a.package,
    names: Object.fromEntries(LOCALES.map((l) => [l, localize(a.label, l)])),
    schemaSql: a.database?.schema ?? '',
    strings: Object.fromEntries(Object.entries(a.strings ?? {}).filter((e): e is [string, Record<string, string>] => e[1] !== undefined)),
  };
}

/** Every installed app, as task files see them. */
export function mockAppManifests(): TaskAppManifest[] {
  return APP_INFOS.map(manifestOf);
}

/** The settings provider's database (settings.db): no app of its own, but SQL verifiers read it. */
const SETTINGS_PROVIDER: TaskAppManifest = { package: SETTINGS_PACKAGE, names: { 'en-US': 'Settings provider' }, schemaSql: SETTINGS_SCHEMA, strings: {} };

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
    return catalogFromManifests(await loadSql(), [...mockAppManifests(), SETTINGS_PROVIDER], mockPerturbations());
  })();
  return cached;
}
