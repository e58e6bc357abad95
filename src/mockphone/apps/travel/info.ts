// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { TRAVEL_SCHEMA } from './schema.sql';
import { TRAVEL_STRINGS } from './strings';

export const TRAVEL_PACKAGE = 'com.phonebuddy.travel';

export const travelInfo: AppInfo = {
  package: TRAVEL_PACKAGE,
  label: { 'en-US': 'Travel', 'zh-CN': '同程旅行' },
  icon: { glyph: 'hotel', bg: '#00B2A9' },
  database: { file: 'travel.db', schema: TRAVEL_SCHEMA },
  strings: TRAVEL_STRINGS,
};
