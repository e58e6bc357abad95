// A walk through Shop's module-built screens (cart, checkout, address book, address editor,
// payment, orders), the same taps on two phones: the one the app ships and one whose screens
// are the hand-written baseline (shop-hand-written.ts). Every step's screenshot (PNG bytes) and
// uiautomator XML must be equal — the proof that the modules draw Shop's screens byte for byte.
import { createMockPhone, type MockPhone } from '../../src/mockphone';
import type { AppManifest } from '../../src/mockphone/apps/app';
import { Driver } from '../../src/mockphone/apps/catalog-shared/testing';
import { APPS } from '../../src/mockphone/apps/registry';
import { shopApp, SHOP_PACKAGE } from '../../src/mockphone/apps/shop/manifest';
import { SHOP_SCREENS } from './shop-hand-written';

export const handShop: AppManifest = { ...shopApp, screens: { ...shopApp.screens, ...SHOP_SCREENS } };

export function shopPhones(locale: 'en-US' | 'zh-CN'): Promise<[MockPhone, MockPhone]> {
  const o = { seed: 4, locale, width: 540, height: 1200, density: 220 } as const;
  return Promise.all([createMockPhone(o), createMockPhone({ ...o, apps: APPS.map((a) => (a.package === SHOP_PACKAGE ? handShop : a)) })]);
}

/** Walks both phones step by step; returns the steps compared, throws at the first that differs. */
export async function compareShopWalk(locale: 'en-US' | 'zh-CN'): Promise<string[]> {
  const phones = await shopPhones(locale);
  const drivers = phones.map((p) => new Driver(p));
  const steps: string[] = [];
  const both = async (name: string, act: (d: Driver) => Promise<void>) => {
    for (const d of drivers) await act(d);
    const [a, b] = await Promise.all(phones.map(async (p) => [(await p.screenshot({ format: 'png' })).data, await p.uiTree()] as const));
    if (!a[0].equals(b[0])) throw new Error(`shop walk (${locale}) step "${name}": the module-built screenshot differs from the hand-written one`);
    if (a[1] !== b[1]) throw new Error(`shop walk (${locale}) step "${name}": the module-built UI tree differs from the hand-written one`);
    steps.push(name);
  };
  const zh = locale === 'zh-CN';
  try {
    await both('open', async (d) => { await d.phone.openApp(SHOP_PACKAGE); });
    await both('empty cart', (d) => d.tap({ id: 'cart' }));
    await both('home', (d) => d.key('back'));
    await both('no orders', (d) => d.tap({ id: 'orders' }));
    await both('home again', (d) => d.key('back'));
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
  } finally {
    await Promise.all(phones.map((p) => p.close()));
  }
  return steps;
}
