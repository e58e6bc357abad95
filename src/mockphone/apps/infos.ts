// The built-in apps, in launcher order: the one list of them. Each without its screens —
// package, name, icon, database schema, strings — which is what task checking may load;
// registry.ts adds each app's screens to this list for the phone. Adding an app: its folder,
// its info here (its place on the launcher), its manifest in registry.ts.
import type { AppInfo } from './app';
import { assistantInfo } from './assistant/info';
import { calendarInfo } from './calendar/info';
import { chatInfo } from './chat/info';
import { contactsInfo } from './contacts/info';
import { docsInfo } from './docs/info';
import { launcherInfo } from './launcher/info';
import { messagesInfo } from './messages/info';
import { notesInfo } from './notes/info';
import { settingsInfo } from './settings/info';
import { shopInfo } from './shop/info';
import { travelInfo } from './travel/info';

export const APP_INFOS: readonly AppInfo[] = [
  launcherInfo,
  messagesInfo,
  contactsInfo,
  notesInfo,
  settingsInfo,
  assistantInfo,
  docsInfo,
  chatInfo,
  travelInfo,
  shopInfo,
  calendarInfo,
];
