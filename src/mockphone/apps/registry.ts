// Installed apps: one line per app. Adding an app = a folder under apps/ plus a line here.
import type { AppManifest } from './app';
import { assistantApp } from './assistant/manifest';
import { calendarApp } from './calendar/manifest';
import { chatApp } from './chat/manifest';
import { contactsApp } from './contacts/manifest';
import { docsApp } from './docs/manifest';
import { launcherApp, launcherEntries, LAUNCHER_PACKAGE } from './launcher/manifest';
import { messagesApp } from './messages/manifest';
import { notesApp } from './notes/manifest';
import { settingsApp } from './settings/manifest';
import { shopApp } from './shop/manifest';
import { travelApp } from './travel/manifest';

export { LAUNCHER_PACKAGE };

export const APPS: AppManifest[] = [
  launcherApp,
  messagesApp,
  contactsApp,
  notesApp,
  settingsApp,
  assistantApp,
  docsApp,
  chatApp,
  travelApp,
  shopApp,
  calendarApp,
];

launcherEntries.list = () => APPS;
