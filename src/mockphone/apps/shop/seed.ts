import type { AppDb, SeedContext } from '../app';
import { displayName, peopleFor } from '../shared/people';
import { insertRows, type Row } from '../catalog-shared/sql';
import { BASE_ITEMS, SHOP_BRANDS } from './catalog';

export function seedShop(db: AppDb, s: SeedContext): void {
  const zh = s.locale === 'zh-CN';
  const rows: Row[] = [];
  for (const item of BASE_ITEMS) {
    for (const brand of SHOP_BRANDS.slice(0, s.rng.int(3, SHOP_BRANDS.length))) {
      const price = Math.round(item.price[0] + s.rng.next() * (item.price[1] - item.price[0])) - 0.1;
      const options = item.options.map((o) => ({ name: zh ? o.nameZh : o.nameEn, values: zh ? o.zh : o.en }));
      rows.push([
        zh ? `${brand.zh} ${item.zh}` : `${brand.en} ${item.en}`, item.category, zh ? brand.zh : brand.en, Math.round(price * 10) / 10,
        Math.round(price * (1.2 + s.rng.next() * 0.5)), s.rng.int(12, 98000), Math.round((4.3 + s.rng.next() * 0.7) * 10) / 10,
        zh ? `${brand.zh}官方旗舰店` : `${brand.en} Official Store`, JSON.stringify(options), s.rng.int(0, 359),
      ]);
    }
  }
  insertRows(db, 'products (title, category, brand, price, original_price, sales, rating, shop_name, options, hue)', rows);
  const me = peopleFor(s.seed + 1, s.locale, 2);
  db.run('INSERT INTO addresses (name, phone, region, detail, is_default) VALUES (?, ?, ?, ?, 1)', zh
    ? ['李明', '138 0013 8000', '上海市 浦东新区', '世纪大道100号 2号楼1203室']
    : ['Jordan Lee', '+1 (415) 555-0134', 'San Francisco, CA 94107', '500 Howard St, Apt 12']);
  db.run('INSERT INTO addresses (name, phone, region, detail, is_default) VALUES (?, ?, ?, ?, 0)', zh
    ? [displayName(me[0].first, me[0].last, s.locale), me[0].phone, '北京市 朝阳区', '建国路88号 SOHO现代城 5号楼']
    : [displayName(me[0].first, me[0].last, s.locale), me[0].phone, 'Oakland, CA 94612', '1200 Broadway, Suite 300']);
}
