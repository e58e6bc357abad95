// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { SETTINGS_STRINGS } from './strings';

export const settingsInfo: AppInfo = {
  package: 'com.phonebuddy.settings',
  label: { 'en-US': 'Settings', 'zh-CN': '设置' },
  icon: { glyph: 'settings', bg: '#5F6368' },
  strings: SETTINGS_STRINGS,
};
