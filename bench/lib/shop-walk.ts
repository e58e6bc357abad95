// A walk through Shop — home with its category chips, search and results with their sort
// tabs, the product page with its options and quantity, cart, checkout, address book, address
// editor, payment and orders — the same taps on two phones: the one the app ships (all modules)
// and one whose screens are the hand-written baseline (shop-hand-written.ts), compared step by
// step (twin-walk.ts): every screenshot and UI tree equal, and the rows written.
import type { AppManifest } from '../../src/mockphone/apps/app';
import { shopApp, SHOP_PACKAGE } from '../../src/mockphone/apps/shop/manifest';
import { SHOP_SCREENS } from './shop-hand-written';
import { twinWalk, type Locale } from './twin-walk';

export const handShop: AppManifest = { ...shopApp, screens: { ...shopApp.screens, ...SHOP_SCREENS } };

/** Walks both phones step by step; returns the steps compared, throws at the first that differs. */
export function compareShopWalk(locale: Locale): Promise<string[]> {
  const zh = locale === 'zh-CN';
  return twinWalk('shop', handShop, locale, async (both) => {
    await both('open', async (d) => { await d.phone.openApp(SHOP_PACKAGE); });
    await both('empty cart', (d) => d.tap({ id: 'cart' }));
    await both('home', (d) => d.key('back'));
    await both('no orders', (d) => d.tap({ id: 'orders' }));
    await both('home again', (d) => d.key('back'));
    await both('a category', (d) => d.tap({ id: 'category' }, 2));
    await both('another category', (d) => d.tap({ id: 'category' }, 4));
    await both('all categories', (d) => d.tap({ id: 'category' }, 0));
    await both('blank search does nothing', (d) => d.tap({ id: 'search_button' }));
    await both('search typed', async (d) => {
      await d.tap({ id: 'search_input' });
      await d.type(zh ? '耳机' : 'ear buds');
    });
    await both('results', (d) => d.tap({ id: 'search_button' }));
    await both('sort by sales', (d) => d.tap({ id: 'sort_sales' }));
    await both('sort by price', (d) => d.tap({ id: 'sort_price' }));
    await both('search again from results', async (d) => {
      await d.tap({ id: 'search_input' });
      await d.type(zh ? '无此商品' : ' nothing-like-this');
      await d.key('enter');
    });
    await both('back to the results', (d) => d.key('back'));
    await both('a result', (d) => d.tap({ id: 'product_card' }, 1));
    await both('options missing', (d) => d.tap({ id: 'buy_now' }));
    await both('quantity up', (d) => d.tap({ id: 'qty_plus' }));
    await both('quantity up again', (d) => d.tap({ id: 'qty_plus' }));
    await both('quantity down', (d) => d.tap({ id: 'qty_minus' }));
    await both('every option chosen', async (d) => {
      const groups = await d.nodes({ id: 'option_value' });
      if (groups.length > 0) await d.tap({ id: 'option_value' }, groups.length - 1);
      await d.tap({ id: 'option_value' });
    });
    await both('bought now', (d) => d.tap({ id: 'buy_now' }));
    await both('back from checkout', (d) => d.key('back'));
    await both('back from the product', (d) => d.key('back'));
    await both('home from the results', (d) => d.key('back'));
    await both('product', (d) => d.tap({ id: 'product_card' }));
    await both('option', (d) => d.tap({ id: 'option_value' }));
    await both('added', (d) => d.tap({ id: 'add_to_cart' }));
    await both('added twice', (d) => d.tap({ id: 'add_to_cart' }));
    await both('cart', (d) => d.tap({ id: 'cart' }));
    await both('cart qty +', (d) => d.tap({ id: 'qty_plus' }));
    await both('cart qty −', (d) => d.tap({ id: 'qty_minus' }, 1));
    await both('cart remove', (d) => d.tap({ id: 'remove' }, 1));
    await both('checkout', (d) => d.tap({ id: 'checkout_button' }));
    await both('addresses', (d) => d.tap({ id: 'address_card' }));
    await both('address editor', (d) => d.tap({ id: 'add_address' }));
    await both('incomplete save', (d) => d.tap({ id: 'save_address' }));
    await both('typed', async (d) => {
      await d.type(zh ? '张三' : 'Sam Park');
      for (const [id, text] of [['address_phone_input', '13700000000'], ['address_region_input', zh ? '杭州市' : 'Seattle, WA'], ['address_detail_input', '1 Pike St']]) {
        await d.tap({ id });
        await d.type(text);
      }
      await d.key('back');
    });
    await both('default on', (d) => d.tap({ id: 'default_switch' }));
    await both('saved', (d) => d.tap({ id: 'save_address' }));
    await both('picked', (d) => d.tap({ id: 'address', desc: zh ? '张三' : 'Sam Park' }));
    await both('pay', (d) => d.tap({ id: 'submit_order' }));
    await both('pay later', (d) => d.tap({ id: 'pay_later' }));
    await both('pay a pending order', (d) => d.tap({ id: 'order' }));
    await both('pay attempted', (d) => d.tap({ id: 'confirm_payment' }));
    await both('dialog closed', (d) => d.tap({ id: 'pay_ok' }));
    await both('orders', (d) => d.tap({ id: 'navigate_up' }));
    await both('an attempted order does not open', (d) => d.tap({ id: 'order' }));
  }, { tables: ['cart_items', 'orders', 'order_items', 'addresses', 'searches'] });
}
