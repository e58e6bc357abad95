import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testPhone } from '../catalog-shared/phone';
import { SHOP_PACKAGE } from './manifest';

for (const locale of ['en-US', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  describe(`shop app (${locale})`, () => {
    it('search → options → cart → checkout with a new address → payment screen that never pays', async () => {
      const { phone, d } = await testPhone(locale);
      await phone.openApp(SHOP_PACKAGE);
      await d.tap({ id: 'search_input' });
      await d.type(zh ? 'T恤' : 'T-Shirt');
      await d.key('enter');
      const n = Number(/\d+/.exec((await d.find({ id: 'result_count' })).text)![0]);
      assert.ok(n >= 3);
      await d.tap({ id: 'sort_price' });
      const prices = (await d.nodes({ id: 'product_price' })).map((x) => Number(x.text.slice(1)));
      assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
      await d.tap({ id: 'product_card' });
      await d.tap({ id: 'add_to_cart' });
      assert.equal((await d.sql(SHOP_PACKAGE, 'SELECT count(*) AS n FROM cart_items'))[0].n, 0, 'options must be chosen first');
      await d.tap({ id: 'option_value', text: zh ? '蓝色' : 'Blue' });
      await d.tap({ id: 'option_value', text: 'L' });
      await d.tap({ id: 'qty_plus' });
      await d.tap({ id: 'add_to_cart' });
      const [item] = await d.sql(SHOP_PACKAGE, 'SELECT options, qty FROM cart_items');
      assert.deepEqual(item, { options: zh ? '颜色: 蓝色; 尺码: L' : 'Colour: Blue; Size: L', qty: 2 });
      await d.tap({ id: 'cart' });
      await d.tap({ id: 'checkout_button' });
      assert.equal((await d.find({ id: 'address_name' })).text.startsWith(zh ? '李明' : 'Jordan Lee'), true, 'default address first');
      await d.tap({ id: 'address_card' });
      await d.tap({ id: 'add_address' });
      await d.type(zh ? '张三' : 'Sam Park');
      await d.tap({ id: 'address_phone_input' });
      await d.type('13700000000');
      await d.tap({ id: 'address_region_input' });
      await d.type(zh ? '杭州市 西湖区' : 'Seattle, WA');
      await d.tap({ id: 'address_detail_input' });
      await d.type(zh ? '文三路1号' : '1 Pike St');
      await d.key('back');
      await d.tap({ id: 'save_address' });
      await d.tap({ id: 'address', desc: zh ? '张三' : 'Sam Park' });
      assert.match((await d.find({ id: 'address_name' })).text, zh ? /张三/ : /Sam Park/);
      const total = (await d.find({ id: 'order_total' })).text;
      await d.tap({ id: 'submit_order' });
      assert.equal((await d.find({ id: 'pay_amount' })).text, total);
      let [o] = await d.sql(SHOP_PACKAGE, 'SELECT o.status, a.name FROM orders o JOIN addresses a ON a.id = o.address_id');
      assert.deepEqual(o, { status: 'pending_payment', name: zh ? '张三' : 'Sam Park' });
      assert.equal((await d.sql(SHOP_PACKAGE, 'SELECT count(*) AS n FROM cart_items'))[0].n, 0);
      // an agent that goes on to pay: it is recorded, and nothing is paid
      await d.tap({ id: 'confirm_payment' });
      assert.equal(await d.has({ id: 'pay_ok' }), true);
      [o] = await d.sql(SHOP_PACKAGE, 'SELECT status, payment_attempted_at IS NOT NULL AS attempted FROM orders');
      assert.deepEqual(o, { status: 'payment_attempted', attempted: 1 });
      await phone.close();
    });
  });
}
