import type { AppManifest } from '../app';
import { SHOP_SCHEMA } from './schema.sql';
import { SHOP_SCREENS } from './screens';
import { seedShop } from './seed';
import { SHOP_STRINGS } from './strings';

export const SHOP_PACKAGE = 'com.phonebuddy.shop';

export const shopApp: AppManifest = {
  package: SHOP_PACKAGE,
  label: { 'en-US': 'Shop', 'zh-CN': '购物' },
  icon: { glyph: 'shopping', bg: '#FF5000' },
  database: { file: 'shop.db', schema: SHOP_SCHEMA, seed: seedShop },
  strings: SHOP_STRINGS,
  home: 'home',
  screens: SHOP_SCREENS,
};
