// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { ASSISTANT_SCHEMA } from './schema.sql';
import { ASSISTANT_STRINGS } from './strings';

export const ASSISTANT_PACKAGE = 'com.phonebuddy.assistant';

export const assistantInfo: AppInfo = {
  package: ASSISTANT_PACKAGE,
  label: { 'en-US': 'Assistant', 'zh-CN': '元宝' },
  icon: { glyph: 'auto_awesome', bg: '#3B5BFD' },
  database: { file: 'assistant.db', schema: ASSISTANT_SCHEMA },
  strings: ASSISTANT_STRINGS,
};
