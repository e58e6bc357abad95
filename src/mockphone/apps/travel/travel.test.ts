import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testPhone } from '../catalog-shared/phone';
import { TRAVEL_PACKAGE } from './manifest';

const count = async (d: Awaited<ReturnType<typeof testPhone>>['d']) => Number(/\d+/.exec((await d.find({ id: 'result_count' })).text)![0]);

for (const locale of ['en-US', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  describe(`travel app (${locale})`, () => {
    it('searches a city by keyword with dates and guests, filters by distance, brand, stars, typed max price, sorts, scrolls and books', async () => {
      const { phone, d } = await testPhone(locale, 9);
      await phone.openApp(TRAVEL_PACKAGE);
      await d.tap({ id: 'city_button' });
      await d.tap({ id: 'city_option', desc: zh ? '杭州' : 'Hangzhou' });
      await d.tap({ id: 'date_row' });
      await d.tap({ id: 'check_in_option' }, 2);
      await d.tap({ id: 'nights_stepper_plus' });
      await d.tap({ id: 'dates_done' });
      await d.tap({ id: 'guests_row' });
      await d.tap({ id: 'adults_stepper_plus' });
      await d.tap({ id: 'guests_done' });
      await d.tap({ id: 'keyword_input' });
      await d.type(zh ? '西湖' : 'West Lake');
      await d.key('enter');
      const all = await count(d);
      assert.ok(all >= 15, `${all}`);
      let [st] = await d.sql(TRAVEL_PACKAGE, 'SELECT city, check_in, check_out, adults, rooms FROM search_state');
      assert.deepEqual(st, { city: 'hangzhou', check_in: '2026-03-04', check_out: '2026-03-06', adults: 2, rooms: 1 });
      // distance ≤ 3 km
      await d.tap({ id: 'distance_tab' });
      await d.tap({ id: 'distance_option', desc: zh ? '3公里内' : 'Within 3 km' });
      const near = await count(d);
      assert.ok(near < all && near > 0);
      for (const n of await d.nodes({ id: 'hotel_distance' })) assert.ok(Number(/([\d.]+)\s*(km|公里)/.exec(n.text)![1]) <= 3, n.text);
      // typed max price and 3-star comfort
      await d.tap({ id: 'price_tab' });
      await d.tap({ id: 'max_price_input' });
      await d.type('400');
      await d.key('back');
      await d.tap({ id: 'star_option' }, 1);
      await d.tap({ id: 'filter_done' });
      [st] = await d.sql(TRAVEL_PACKAGE, 'SELECT price_max, stars, max_distance_km FROM search_state');
      assert.deepEqual(st, { price_max: 400, stars: '3', max_distance_km: 3 });
      for (const n of await d.nodes({ id: 'hotel_price' })) assert.ok(Number(n.text.slice(1)) <= 400);
      for (const n of await d.nodes({ id: 'hotel_stars' })) assert.equal(n.text, zh ? '◆◆◆' : '★★★');
      // clear price/stars and distance, brand filter, sort by rating, scroll to the end
      await d.tap({ id: 'price_tab' });
      await d.tap({ id: 'filter_reset' });
      await d.tap({ id: 'filter_done' });
      await d.tap({ id: 'distance_tab' });
      await d.tap({ id: 'distance_option' }, 0);
      assert.equal(await count(d), all);
      await d.tap({ id: 'filter_tab' });
      await d.tap({ id: 'brand_option', desc: zh ? '全季酒店' : 'JI Hotel' });
      await d.tap({ id: 'brand_option', desc: zh ? '汉庭酒店' : 'Hanting Hotel' });
      await d.tap({ id: 'brand_done' });
      for (const n of await d.nodes({ id: 'hotel_name' })) assert.match(n.text, zh ? /全季|汉庭/ : /JI Hotel|Hanting/);
      await d.tap({ id: 'filter_tab' });
      await d.tap({ id: 'brand_reset' });
      await d.tap({ id: 'brand_done' });
      await d.tap({ id: 'sort_tab' });
      await d.tap({ text: zh ? '好评优先' : 'Rating: highest' });
      const ratings = (await d.nodes({ id: 'hotel_rating' })).map((n) => Number(/[\d.]+/.exec(n.text)![0]));
      assert.deepEqual(ratings, [...ratings].sort((a, b) => b - a));
      const [top] = await d.sql(TRAVEL_PACKAGE, `SELECT name FROM hotels WHERE city = 'hangzhou' ORDER BY rating ASC, reviews ASC LIMIT 1`);
      await d.scrollTo({ id: 'hotel_name', text: String(top.name) }, 40);
      const log = await d.sql(TRAVEL_PACKAGE, 'SELECT change FROM search_log ORDER BY id');
      assert.deepEqual(log.map((l) => l.change).filter((c) => c !== 'dates' && c !== 'guests'), ['search', 'distance', 'filter', 'filter', 'distance', 'brand', 'brand', 'sort']);
      // book: guest info required
      await d.tap({ id: 'hotel_card', text: undefined, desc: String(top.name) });
      await d.tap({ id: 'book_button' }, 0);
      await d.tap({ id: 'submit_order' });
      assert.equal((await d.sql(TRAVEL_PACKAGE, 'SELECT count(*) AS n FROM bookings'))[0].n, 0);
      await d.tap({ id: 'guest_name' });
      await d.type('Amy');
      await d.tap({ id: 'guest_phone' });
      await d.type('13900000000');
      await d.key('back');
      const total = (await d.find({ id: 'order_total' })).text;
      await d.tap({ id: 'submit_order' });
      const [b] = await d.sql(TRAVEL_PACKAGE, 'SELECT hotel_name, nights, adults, total, status FROM bookings');
      assert.deepEqual(b, { hotel_name: top.name, nights: 2, adults: 2, total: Number(total.slice(1)), status: 'reserved' });
      await d.tap({ id: 'view_orders' });
      assert.equal((await d.nodes({ id: 'order' })).length, 1);
      await phone.close();
    });
  });
}
