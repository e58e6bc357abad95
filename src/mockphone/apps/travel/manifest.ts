import type { AppManifest } from '../app';
import { TRAVEL_SCHEMA } from './schema.sql';
import { travelScreens } from './screens';
import { seedTravel } from './seed';
import { TRAVEL_STRINGS } from './strings';

export const TRAVEL_PACKAGE = 'com.phonebuddy.travel';

export const travelApp: AppManifest = {
  package: TRAVEL_PACKAGE,
  label: { 'en-US': 'Travel', 'zh-CN': '同程旅行' },
  icon: { glyph: 'hotel', bg: '#00B2A9' },
  database: { file: 'travel.db', schema: TRAVEL_SCHEMA, seed: seedTravel },
  strings: TRAVEL_STRINGS,
  home: 'home',
  screens: travelScreens({ mode: 'app', prefix: '' }),
};
