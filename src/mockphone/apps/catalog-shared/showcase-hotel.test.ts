// Showcase 1: Chat → Discover → Mini Programs → Travel: hotels near Shanghai Disney with the
// price filter capped at 150 yuan. Done with taps and typing only; SQL shows the applied search.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMockPhone } from '../../index';
import { Driver } from './testing';
import { CHAT_PACKAGE } from './share';

for (const locale of ['zh-CN', 'en-US'] as const) {
  describe(`showcase: Travel mini-program in Chat, hotels near Disney under ¥150 (${locale})`, () => {
    it('is completed by taps and typing; the capped search is in the chat database', async () => {
      const zh = locale === 'zh-CN';
      const phone = await createMockPhone({ seed: 5, locale, width: 540, height: 1200, density: 220 });
      const d = new Driver(phone);
      await d.tap({ desc: zh ? '微信' : 'Chat', id: 'app_icon' });
      await d.tap({ id: 'tab_discover' });
      await d.tap({ id: 'mini_programs' });
      await d.tap({ id: 'mini_program', desc: zh ? '同程旅行' : 'Travel Hotels' });
      assert.equal(await phone.foregroundApp(), CHAT_PACKAGE, 'the mini-program runs inside the chat app');
      assert.equal(await d.has({ id: 'capsule_close' }), true);
      await d.tap({ id: 'keyword_input' });
      await d.type(zh ? '迪士尼' : 'Disney');
      await d.tap({ id: 'suggestion', desc: zh ? '上海迪士尼度假区' : 'Shanghai Disney Resort' });
      const all = Number(/\d+/.exec((await d.find({ id: 'result_count' })).text)![0]);
      assert.ok(all >= 24, `dozens of hotels near Disney, got ${all}`);
      await d.tap({ id: 'price_tab' });
      await d.tap({ id: 'price_preset', desc: zh ? '¥150以下' : 'Under ¥150' });
      assert.match((await d.find({ id: 'max_price_value' })).text, /150/);
      await d.tap({ id: 'filter_done' });
      const capped = Number(/\d+/.exec((await d.find({ id: 'result_count' })).text)![0]);
      assert.ok(capped > 0 && capped < all, `capped ${capped} of ${all}`);
      for (const n of await d.nodes({ id: 'hotel_price' })) assert.ok(Number(n.text.replace('¥', '')) <= 150, n.text);
      // sort by price too, then scroll the list
      await d.tap({ id: 'sort_tab' });
      await d.tap({ text: zh ? '低价优先' : 'Price: low to high' });
      const prices = (await d.nodes({ id: 'hotel_price' })).map((n) => Number(n.text.replace('¥', '')));
      assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
      const [st] = await d.sql(CHAT_PACKAGE, `SELECT s.price_max, s.price_min, s.sort, s.searched, l.name AS landmark, s.city FROM search_state s JOIN landmarks l ON l.id = s.landmark_id`);
      assert.deepEqual(st, { price_max: 150, price_min: null, sort: 'price_asc', searched: 1, landmark: zh ? '上海迪士尼度假区' : 'Shanghai Disney Resort', city: 'shanghai' });
      const [log] = await d.sql(CHAT_PACKAGE, `SELECT result_count FROM search_log WHERE change = 'filter' ORDER BY id DESC LIMIT 1`);
      assert.equal(log.result_count, capped);
      // the standalone app's state is untouched
      const [travel] = await d.sql('com.phonebuddy.travel', 'SELECT searched, price_max FROM search_state');
      assert.deepEqual(travel, { searched: 0, price_max: null });
      // book the first hotel's cheapest room
      await d.tap({ id: 'hotel_card' });
      await d.tap({ id: 'book_button' });
      await d.tap({ id: 'guest_name' });
      await d.type(zh ? '李明' : 'Jordan Lee');
      await d.tap({ id: 'guest_phone' });
      await d.type('13800138000');
      await d.key('back');
      await d.tap({ id: 'submit_order' });
      assert.equal(await d.has({ id: 'booked_title' }), true);
      const [b] = await d.sql(CHAT_PACKAGE, 'SELECT h.price AS hotel_price, b.status, b.guest_phone FROM bookings b JOIN hotels h ON h.id = b.hotel_id');
      assert.ok(Number(b.hotel_price) <= 150);
      assert.equal(b.status, 'reserved');
      assert.equal(b.guest_phone, '13800138000');
      // the capsule's close button leaves the mini-program back to the list
      await d.tap({ id: 'capsule_close' });
      assert.equal(await d.has({ id: 'mini_program', desc: zh ? '同程旅行' : 'Travel Hotels' }), true);
      await phone.close();
    });
  });
}

describe('showcase under interference (zh-CN)', () => {
  it('a splash ad, a slow load, a location prompt and a coupon pop-up are dealt with, then the capped search is done', async () => {
    const phone = await createMockPhone({ seed: 5, locale: 'zh-CN', width: 540, height: 1200, density: 220 });
    phone.setInterference([
      { name: 'fullscreen_ad', apps: [CHAT_PACKAGE], params: { seconds: 3 } },
      { name: 'slow_loading', apps: [CHAT_PACKAGE], params: { ms: 2000 } },
      { name: 'permission_dialog', apps: [CHAT_PACKAGE], params: { permission: 'location' } },
      { name: 'promo_popup', apps: [CHAT_PACKAGE] },
    ]);
    const d = new Driver(phone);
    await d.tap({ desc: '微信', id: 'app_icon' });
    assert.equal(await d.has({ id: 'splash_ad' }), true);
    await d.key('back'); // splash ads ignore back
    await phone.wait(3000);
    assert.equal(await d.has({ id: 'loading' }), true);
    await phone.wait(2000);
    await d.tap({ id: 'permission_allow_foreground_only_button' });
    await d.tap({ id: 'promo_close' });
    await d.tap({ id: 'tab_discover' });
    await d.tap({ id: 'mini_programs' });
    await d.tap({ id: 'mini_program', desc: '同程旅行' });
    await d.tap({ id: 'keyword_input' });
    await d.type('上海迪士尼度假区');
    await d.key('enter');
    await d.tap({ id: 'price_tab' });
    await d.tap({ id: 'price_slider' }); // a tap at the slider's middle: ¥500
    assert.match((await d.find({ id: 'max_price_value' })).text, /500/);
    await d.tap({ id: 'price_preset', desc: '¥150以下' });
    await d.tap({ id: 'filter_done' });
    const [st] = await d.sql(CHAT_PACKAGE, 'SELECT price_max FROM search_state');
    assert.equal(st.price_max, 150);
    assert.deepEqual(phone.interference().log.map((e) => `${e.name}:${e.event}`), [
      'fullscreen_ad:shown', 'slow_loading:shown', 'permission_dialog:shown', 'promo_popup:shown',
      'fullscreen_ad:expired', 'slow_loading:expired', 'permission_dialog:allowed', 'promo_popup:dismissed',
    ]);
    await phone.close();
  });
});
