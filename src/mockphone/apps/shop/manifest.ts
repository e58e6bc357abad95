import type { AppManifest } from '../app';
import { shopInfo } from './info';
import { SHOP_SCREENS } from './screens';
import { seedShop } from './seed';

export { SHOP_PACKAGE } from './info';

export const shopApp: AppManifest = {
  ...shopInfo,
  database: { ...shopInfo.database!, seed: seedShop },
  home: 'home',
  screens: SHOP_SCREENS,
};
