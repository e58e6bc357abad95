// Installed apps: one line per app. Adding an app = a folder under apps/ plus a line here.
import type { AppManifest } from './app';
import { launcherApp, launcherEntries, LAUNCHER_PACKAGE } from './launcher/manifest';
import { notesApp } from './notes/manifest';

export { LAUNCHER_PACKAGE };

export const APPS: AppManifest[] = [
  launcherApp,
  notesApp,
];

launcherEntries.list = () => APPS;
