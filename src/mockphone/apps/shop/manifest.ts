import type { AppManifest } from '../app';
import { compileAppSpec } from '../modules/compile';
import { shopInfo } from './info';
import { SHOP_SPEC } from './shop.app';
import { seedShop } from './seed';

export { SHOP_PACKAGE } from './info';

/** Shop is modules only (shop.app.ts): products, product, cart, checkout, addresses, addressForm, payment, orders. */
export const shopApp: AppManifest = {
  ...shopInfo,
  database: { ...shopInfo.database!, seed: seedShop },
  home: 'home',
  screens: compileAppSpec(SHOP_SPEC).screens,
};
