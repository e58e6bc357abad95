// The app catalogue of the mock phone, as the task layer sees it: each app's info (package,
// names, schema, strings; src/mockphone/apps/*/info.ts and a workspace's *.app.yaml through
// workspace-apps.ts) and the settings provider — never the apps' screens — so diagnostics
// follow the apps as they change and checking a task file stays light. One per workspace
// catalogue (workspace-apps.ts): a folder read again gets a new one.
import { LOCALES, localize, type AppInfo } from '../mockphone/apps/app';
import { APP_INFOS } from '../mockphone/apps/infos';
import { PARAMS, PERTURBATION_NAMES } from '../mockphone/interference/perturbations';
import { SETTINGS_PACKAGE, SETTINGS_SCHEMA } from '../mockphone/system/settings-store';
import type { AppCatalog, PerturbationInfo } from '../task/app-catalog';
import { catalogFromManifests, type TaskAppManifest } from '../task/app-manifest';
import { workspaceApps, type WorkspaceApps } from './workspace-apps';

const cached = new WeakMap<WorkspaceApps, Promise<AppCatalog>>();

function manifestOf(a: AppInfo): TaskAppManifest {
  return {
    package: a.package,
    names: Object.fromEntries(LOCALES.map((l) => [l, localize(a.label, l)])),
    schemaSql: a.database?.schema ?? '',
    strings: Object.fromEntries(Object.entries(a.strings ?? {}).filter((e): e is [string, Record<string, string>] => e[1] !== undefined)),
  };
}

/** Every installed app, as task files see them (the built-ins, or a workspace's catalogue's infos). */
export function mockAppManifests(infos: readonly AppInfo[] = APP_INFOS): TaskAppManifest[] {
  return infos.map(manifestOf);
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

/** The catalogue tasks are checked against: the built-ins, plus the apps of `appsDir` when given. */
export async function mockAppCatalog(appsDir?: string): Promise<AppCatalog> {
  const apps = await workspaceApps(appsDir);
  let hit = cached.get(apps);
  if (!hit) {
    hit = (async () => {
      const { loadSql } = await import('../mockphone/runtime/database');
      return catalogFromManifests(await loadSql(), [...mockAppManifests(apps.infos), SETTINGS_PROVIDER], mockPerturbations());
    })();
    cached.set(apps, hit);
  }
  return hit;
}
