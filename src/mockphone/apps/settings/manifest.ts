import type { AppManifest } from '../app';
import { settingsInfo } from './info';
import { SETTINGS_SCREENS } from './screens';

/** The Settings app keeps no database of its own: it edits the settings provider (settings.db). */
export const settingsApp: AppManifest = {
  ...settingsInfo,
  home: 'home',
  screens: SETTINGS_SCREENS,
};
