// The built-in apps' full manifests, in launcher order: the catalogue a phone gets when it is
// given none (MockPhoneOptions.apps). Adding one = a folder under apps/, a line here and in infos.ts
// (app-catalog.test.ts holds the two lists to one order).
import type { AppManifest } from './app';
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

export const APPS: readonly AppManifest[] = [
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
