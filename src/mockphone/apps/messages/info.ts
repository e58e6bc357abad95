// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { MESSAGES_SCHEMA } from './schema.sql';
import { MESSAGES_STRINGS } from './strings';

export const MESSAGES_PACKAGE = 'com.phonebuddy.messages';

export const messagesInfo: AppInfo = {
  package: MESSAGES_PACKAGE,
  label: { 'en-US': 'Messages', 'zh-CN': '信息' },
  icon: { glyph: 'chat', bg: '#0B57D0' },
  database: { file: 'mmssms.db', schema: MESSAGES_SCHEMA },
  strings: MESSAGES_STRINGS,
};
