// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { CALENDAR_SCHEMA } from './schema.sql';
import { CALENDAR_STRINGS } from './strings';

export const CALENDAR_PACKAGE = 'com.phonebuddy.calendar';

export const calendarInfo: AppInfo = {
  package: CALENDAR_PACKAGE,
  label: { 'en-US': 'Calendar', 'zh-CN': '日历' },
  icon: { glyph: 'calendar', bg: '#1A73E8' },
  database: { file: 'calendar.db', schema: CALENDAR_SCHEMA },
  strings: CALENDAR_STRINGS,
};
