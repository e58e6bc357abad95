// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { SHOP_SCHEMA } from './schema.sql';
import { SHOP_STRINGS } from './strings';

export const SHOP_PACKAGE = 'com.phonebuddy.shop';

export const shopInfo: AppInfo = {
  package: SHOP_PACKAGE,
  label: { 'en-US': 'Shop', 'zh-CN': '购物' },
  icon: { glyph: 'shopping', bg: '#FF5000' },
  database: { file: 'shop.db', schema: SHOP_SCHEMA },
  strings: SHOP_STRINGS,
};
