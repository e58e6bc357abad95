import type { AppManifest } from '../app';
import { compileAppSpec } from '../modules/compile';
import { shopInfo } from './info';
import { SHOP_SPEC } from './shop.app';
import { SHOP_SCREENS } from './screens';
import { seedShop } from './seed';

export { SHOP_PACKAGE } from './info';

/** Shop's cart to orders are modules (shop.app.ts); home, results and product are screens.ts. */
export const shopApp: AppManifest = {
  ...shopInfo,
  database: { ...shopInfo.database!, seed: seedShop },
  home: 'home',
  screens: { ...SHOP_SCREENS, ...compileAppSpec(SHOP_SPEC).screens },
};
