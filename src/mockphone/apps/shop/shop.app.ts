// Shop, declared: its home and search results are the products module (search bar, category
// chips, sort tabs, product cards), its product page the product module (option chips, the
// quantity stepper, the buy bar), and the cart, checkout, address book, address editor, payment
// and orders the cart, checkout, addresses, addressForm, payment and orders modules, with Shop's
// parameters. The same shape a workspace's shop.app.yaml would have (schemas/app.schema.json).
import type { AppSpec, CommerceLook } from '../modules/spec';
import type { ProductCardSpec, ShopSearchSpec } from '../modules/shop-spec';
import { CATEGORIES } from './catalog';
import { shopInfo } from './info';

const FILE = 'src/mockphone/apps/shop/shop.app.ts';
const LOOK: CommerceLook = { accent: '#FF5000', currency: '¥' };
const LINE = { title: 'row.title', price: 'row.price', qty: 'row.qty', options: 'row.options', hue: 'row.hue' };
const LINES_SQL = 'SELECT c.id, c.product_id, p.title, p.price, c.options, c.qty, p.hue FROM cart_items c JOIN products p ON p.id = c.product_id';
const SEARCH: ShopSearchSpec = {
  hint: '@search', button: { label: '@searchBtn' },
  do: [{ insert: { table: 'searches', values: { query: 'query', at: 'now' } } }, { navigate: 'results', params: { q: 'query' }, fields: { q: 'query' } }],
  icons: [{ icon: 'shopping', desc: '@cart', id: 'cart', do: [{ navigate: 'cart' }] }, { icon: 'article', desc: '@orders', id: 'orders', do: [{ navigate: 'orders' }] }],
};
const CARD: ProductCardSpec = { title: 'row.title', subtitle: 'row.shop_name', price: 'row.price', hue: 'row.hue', note: { text: '@sold', n: 'row.sales' }, tap: [{ navigate: 'product', params: { id: 'row.id' } }] };

export const SHOP_SPEC: AppSpec = {
  file: FILE,
  package: shopInfo.package,
  label: shopInfo.label,
  icon: shopInfo.icon.glyph,
  accent: shopInfo.icon.bg,
  strings: shopInfo.strings,
  home: 'home',
  screens: {
    home: {
      module: 'products', ...LOOK, search: SEARCH,
      chips: { id: 'category', all: '@all', options: CATEGORIES.map((c) => ({ label: `@cat_${c.key}`, value: c.key })) },
      query: { sql: 'SELECT * FROM products WHERE (? IS NULL OR category = ?) ORDER BY sales DESC LIMIT 40', args: ['chip', 'chip'] },
      item: CARD,
      at: `${FILE}:31`,
    },
    results: {
      module: 'products', ...LOOK, back: true, search: SEARCH,
      sort: { tabs: [{ label: '@sortDefault', value: 'default' }, { label: '@sortSales', value: 'sales' }, { label: '@sortPrice', value: 'price' }] },
      // Every word of the search in the title or the shop's name; sorted by the tab.
      query: {
        sql: `SELECT * FROM products WHERE {match}
          ORDER BY CASE ? WHEN 'sales' THEN -sales WHEN 'price' THEN price ELSE -rating END, CASE ? WHEN 'default' THEN -sales ELSE 0 END, id`,
        args: ['sort', 'sort'],
        match: { words: 'params.q', columns: ['title', 'shop_name'] },
      },
      count: '@results',
      item: CARD,
      empty: { icon: 'search', text: '@noResults' },
      at: `${FILE}:38`,
    },
    product: {
      module: 'product', ...LOOK,
      query: { sql: "SELECT *, printf('%.1f', rating) AS stars FROM products WHERE id = ?", args: ['params.id'] },
      photo: { hue: 'row.hue' },
      price: 'row.price', was: 'row.original_price', note: { text: '@sold', n: 'row.sales' },
      title: 'row.title', subtitle: "row.shop_name + ' · ★ ' + row.stars",
      options: 'row.options', needOption: '@chooseOptions',
      quantity: { label: '@qty', id: 'qty', min: 1, max: 99 },
      actions: [{ icon: 'shopping', desc: '@cart', id: 'cart', do: [{ navigate: 'cart' }] }],
      buttons: [
        { label: '@addToCart', id: 'add_to_cart', color: '#FFA000', do: [{ insert: { table: 'cart_items', values: { product_id: 'row.id', options: 'options', qty: 'qty', added_at: 'now' } } }, { toast: '@added' }] },
        { label: '@buyNow', id: 'buy_now', do: [{ insert: { table: 'cart_items', values: { product_id: 'row.id', options: 'options', qty: 'qty', added_at: 'now' } } }, { navigate: 'checkout', params: { itemIds: '[inserted]', addressId: 'null' } }] },
      ],
      empty: { icon: 'shopping', text: '@noResults' },
      at: `${FILE}:53`,
    },
    cart: {
      module: 'cart', ...LOOK, title: '@cart',
      query: { sql: `${LINES_SQL} ORDER BY c.id` },
      table: 'cart_items',
      item: { id: 'cart_item', ...LINE },
      empty: { icon: 'shopping', text: '@emptyCart' },
      total: '@total', removeDesc: '@remove',
      checkout: { label: '@checkout', id: 'checkout_button', do: [{ navigate: 'checkout', params: { itemIds: 'ids', addressId: 'null' } }] },
      at: `${FILE}:69`,
    },
    checkout: {
      module: 'checkout', ...LOOK, title: '@confirmOrder',
      // The cart's lines, those of params.itemIds kept (json_each in the query cost a third of the screen's time).
      lines: { sql: `${LINES_SQL} ORDER BY c.id` }, only: 'params.itemIds',
      item: { id: 'order_item', ...LINE },
      address: {
        // The chosen address, else the default (a join with a CTE here cost a third of the screen's time).
        query: { sql: 'SELECT * FROM addresses WHERE ? IS NULL OR id = ? ORDER BY is_default DESC, id LIMIT 1', args: ['params.addressId', 'params.addressId'] },
        title: "row.name + '  ' + row.phone", body: "row.region + ' ' + row.detail", none: '@noAddress', id: 'address_card',
        tap: [{ navigate: 'addresses', params: { pick: 'true', itemIds: 'params.itemIds' } }],
      },
      total: '@total',
      submit: {
        label: '@submit', id: 'submit_order', needAddress: '@needAddress',
        order: { table: 'orders', values: { address_id: 'address.id', total: 'total', status: "'pending_payment'", created_at: 'now' } },
        line: { table: 'order_items', values: { order_id: 'order', product_id: 'row.product_id', title: 'row.title', options: 'row.options', qty: 'row.qty', price: 'row.price' } },
        remove: { table: 'cart_items' },
        after: [{ navigate: 'pay', params: { orderId: 'order' }, replace: true }],
      },
      at: `${FILE}:79`,
    },
    addresses: {
      module: 'addresses', ...LOOK, title: '@address',
      query: { sql: 'SELECT * FROM addresses ORDER BY is_default DESC, id' },
      item: {
        id: 'address', desc: 'row.name', title: "row.name + '  ' + row.phone", body: "row.region + ' ' + row.detail", isDefault: 'row.is_default == 1', defaultLabel: '@default',
        tapWhen: "'pick' in params && params.pick",
        tap: [{ back: true }, { navigate: 'checkout', params: { itemIds: 'params.itemIds', addressId: 'row.id' }, replace: true }],
      },
      add: { label: '@addAddress', id: 'add_address', do: [{ navigate: 'addressEdit', params: { pick: "'pick' in params && params.pick" }, focus: 'name' }] },
      at: `${FILE}:100`,
    },
    addressEdit: {
      module: 'addressForm', ...LOOK, title: '@addAddress',
      table: 'addresses',
      fields: [
        { key: 'name', label: '@name', id: 'address_name_input' },
        { key: 'phone', label: '@phone', id: 'address_phone_input' },
        { key: 'region', label: '@region', id: 'address_region_input' },
        { key: 'detail', label: '@detail', id: 'address_detail_input' },
      ],
      defaultToggle: { column: 'is_default', label: '@setDefault', id: 'default_switch' },
      save: { label: '@save', id: 'save_address', needAll: '@fillAll' },
      at: `${FILE}:111`,
    },
    pay: {
      module: 'payment', ...LOOK, title: '@pay',
      query: { sql: 'SELECT * FROM orders WHERE id = ?', args: ['params.orderId'] },
      amount: 'row.total', amountLabel: '@payAmount',
      method: { label: '@balance', icon: 'payments' },
      back: [{ navigate: 'orders', replace: true }],
      confirm: {
        label: '@confirmPay', id: 'confirm_payment',
        do: [{ update: { table: 'orders', set: { status: "'payment_attempted'", payment_attempted_at: 'now' }, where: { id: 'params.orderId' } } }],
        dialog: { title: '@payUnavailable', message: '@payUnavailableMsg', ok: '@ok', id: 'pay_ok' },
      },
      later: { label: '@payLater', id: 'pay_later', do: [{ navigate: 'orders', replace: true }] },
      at: `${FILE}:124`,
    },
    orders: {
      module: 'orders', ...LOOK, title: '@orders',
      query: { sql: "SELECT o.id, o.total, o.status, (SELECT group_concat(title, ', ') FROM order_items i WHERE i.order_id = o.id) AS items FROM orders o ORDER BY o.id DESC" },
      item: { id: 'order', title: 'row.items', status: "=t['status_' + row.status]", statusId: 'order_status', total: 'row.total', tapWhen: "row.status == 'pending_payment'", tap: [{ navigate: 'pay', params: { orderId: 'row.id' } }] },
      empty: { icon: 'article', text: '@noOrders' },
      at: `${FILE}:138`,
    },
  },
};
