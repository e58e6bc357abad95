// The installed apps without their screens, in the registry's order (registry.ts lists the full
// manifests). This is what task checking may load: package, name, database schema, strings.
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
