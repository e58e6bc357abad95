// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { CHAT_SCHEMA } from './schema.sql';
import { CHAT_STRINGS } from './strings';

export const CHAT_PACKAGE = 'com.phonebuddy.chat';

export const chatInfo: AppInfo = {
  package: CHAT_PACKAGE,
  label: { 'en-US': 'Chat', 'zh-CN': '微信' },
  icon: { glyph: 'forum', bg: '#07C160' },
  database: { file: 'chat.db', schema: CHAT_SCHEMA },
  strings: CHAT_STRINGS,
};
