import type { AppManifest } from '../app';
import { SETTINGS_SCREENS } from './screens';
import { SETTINGS_STRINGS } from './strings';

/** The Settings app keeps no database of its own: it edits the settings provider (settings.db). */
export const settingsApp: AppManifest = {
  package: 'com.phonebuddy.settings',
  label: { 'en-US': 'Settings', 'zh-CN': '设置' },
  icon: { glyph: 'settings', bg: '#5F6368' },
  strings: SETTINGS_STRINGS,
  home: 'home',
  screens: SETTINGS_SCREENS,
};
