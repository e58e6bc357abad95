// The built-in apps' full manifests: the catalogue a phone gets when it is given none
// (MockPhoneOptions.apps). Which apps are built in, and their launcher order, is one list:
// APP_INFOS (infos.ts), which task loading reads without loading any screen code. This file
// only adds each app's screens, found by package — in any order — and stops the process at load
// when an app of that list has no manifest here, or a manifest here is in no list.
//
// Why not one list of both: task loading may not reach screen code even through a lazy
// import() (no-screens.test.ts checks the bundle esbuild makes of it, where a lazy import is
// bundled too), so the one list cannot name manifest modules; and a phone's catalogue is read
// synchronously, so the manifests cannot be found at run time by name either. They are named
// here, once each, and joined to the list.
import type { AppManifest } from './app';
import { APP_INFOS } from './infos';
import { assistantApp } from './assistant/manifest';
import { calendarApp } from './calendar/manifest';
import { chatApp } from './chat/manifest';
import { contactsApp } from './contacts/manifest';
import { docsApp } from './docs/manifest';
import { launcherApp, LAUNCHER_PACKAGE } from './launcher/manifest';
import { messagesApp } from './messages/manifest';
import { notesApp } from './notes/manifest';
import { settingsApp } from './settings/manifest';
import { shopApp } from './shop/manifest';
import { travelApp } from './travel/manifest';

export { LAUNCHER_PACKAGE };

/** Each built-in app's screens (with its info), by folder name. */
const MANIFESTS: readonly AppManifest[] = [assistantApp, calendarApp, chatApp, contactsApp, docsApp, launcherApp, messagesApp, notesApp, settingsApp, shopApp, travelApp];

/** The list's apps in its order, each with its manifest; throws naming an app without one, or a manifest of no app. */
export function joinManifests(infos: readonly { package: string }[], manifests: readonly AppManifest[]): AppManifest[] {
  const byPackage = new Map(manifests.map((m) => [m.package, m]));
  const joined = infos.map((info) => {
    const m = byPackage.get(info.package);
    if (!m) throw new Error(`built-in app ${info.package} (src/mockphone/apps/infos.ts) has no manifest in src/mockphone/apps/registry.ts`);
    byPackage.delete(info.package);
    return m;
  });
  if (byPackage.size > 0) throw new Error(`src/mockphone/apps/registry.ts has manifests of apps not in src/mockphone/apps/infos.ts: ${[...byPackage.keys()].join(', ')}`);
  return joined;
}

export const APPS: readonly AppManifest[] = joinManifests(APP_INFOS, MANIFESTS);
