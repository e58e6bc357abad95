import type { AppManifest } from '../app';
import { travelInfo } from './info';
import { travelScreens } from './screens';
import { seedTravel } from './seed';

export { TRAVEL_PACKAGE } from './info';

export const travelApp: AppManifest = {
  ...travelInfo,
  database: { ...travelInfo.database!, seed: seedTravel },
  home: 'home',
  screens: travelScreens({ mode: 'app', prefix: '' }),
};
