// Shop: home feed with search and categories, search results with sort, product detail with
// options and quantity, cart, checkout with the address book, and a payment screen that never
// pays (it only records that payment was attempted).
import type { AppContext, Screen } from '../app';
import { brandBar, chip, chipRows, photo, stepper, yuan } from '../catalog-shared/widgets';
import { alertDialog, emptyState, scaffold, scrollList, switchRow, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import { CATEGORIES } from './catalog';

export const ACCENT = '#FF5000';

interface Product { id: number; title: string; price: number; original_price: number; sales: number; rating: number; shop_name: string; options: string; hue: number; category: string }

function productCard(ctx: AppContext, p: Product): View {
  const t = ctx.theme;
  return row({ padding: 12, gap: 12, bg: t.surfaceContainerLowest, radius: 12, onClick: () => ctx.push('product', { id: p.id }), id: 'product_card', desc: p.title },
    photo(p.hue, { width: 100, height: 100, icon: 'shopping' }),
    col({ flex: 1, gap: 4 },
      { text: p.title, type: 'bodyLarge', color: t.onSurface, maxLines: 2, id: 'product_title' },
      { text: p.shop_name, type: 'labelSmall', color: t.onSurfaceVariant },
      row({ gap: 8 },
        { text: yuan(p.price), textSize: 18, weight: 700, color: ACCENT, id: 'product_price' },
        { text: ctx.t('sold', { n: p.sales }), type: 'labelSmall', color: t.onSurfaceVariant })),
  );
}

function searchBar(ctx: AppContext): View {
  const t = ctx.theme;
  const go = () => {
    const q = ctx.field('q').trim();
    if (q === '') return;
    ctx.db.run('INSERT INTO searches (query, at) VALUES (?, ?)', [q, ctx.now()]);
    ctx.focus(undefined);
    ctx.push('results', { q }, { fields: { q } });
  };
  return row({ padding: [8, 12], gap: 8, bg: ACCENT, id: 'search_row' },
    row({ flex: 1, height: 40, radius: 20, bg: '#FFFFFF', padding: [0, 4, 0, 12], gap: 4 },
      { icon: 'search', width: 20, height: 20, color: '#999999' },
      { ...textField(ctx, { key: 'q', hint: ctx.t('search'), style: 'plain', id: 'search_input', flex: 1, onSubmit: go }), minHeight: 36 },
      { text: ctx.t('searchBtn'), type: 'labelLarge', color: '#FFFFFF', bg: ACCENT, radius: 16, height: 32, padding: [0, 14], textAlign: 'center', onClick: go, id: 'search_button', cls: 'android.widget.Button' }),
    { icon: 'shopping', width: 40, height: 40, color: '#FFFFFF', onClick: () => ctx.push('cart'), desc: ctx.t('cart'), id: 'cart', cls: 'android.widget.ImageButton' },
    { icon: 'article', width: 40, height: 40, color: '#FFFFFF', onClick: () => ctx.push('orders'), desc: ctx.t('orders'), id: 'orders', cls: 'android.widget.ImageButton' },
    t.dark && { width: 0 },
  );
}

const home: Screen = (ctx) => {
  const t = ctx.theme;
  const cat = ctx.screen.ui.category as string | undefined;
  const products = ctx.db.query(`SELECT * FROM products WHERE (? IS NULL OR category = ?) ORDER BY sales DESC LIMIT 40`, [cat ?? null, cat ?? null]) as unknown as Product[];
  return {
    view: scaffold(ctx, {
      appBar: searchBar(ctx),
      body: col({ flex: 1, bg: t.surfaceContainerLow },
        row({ padding: [8, 12], gap: 8, bg: t.surface, id: 'categories' },
          chip(ctx, { label: ctx.t('all'), selected: cat === undefined, accent: ACCENT, id: 'category', onClick: () => { delete ctx.screen.ui.category; } }),
          ...CATEGORIES.map((c) => chip(ctx, { label: ctx.locale === 'zh-CN' ? c.zh : c.en, selected: cat === c.key, accent: ACCENT, id: 'category', onClick: () => { ctx.screen.ui.category = c.key; ctx.screen.scroll.feed = 0; } }))),
        scrollList('feed', products.map((p) => productCard(ctx, p)), { padding: [8, 12], gap: 8 }),
      ),
    }),
  };
};

const results: Screen = (ctx) => {
  const t = ctx.theme;
  const q = String(ctx.screen.params.q ?? '');
  const sort = String(ctx.screen.ui.sort ?? 'default');
  const order = sort === 'sales' ? 'sales DESC' : sort === 'price' ? 'price ASC' : 'rating DESC, sales DESC';
  const words = q.split(/\s+/).filter((w) => w !== '');
  const products = ctx.db.query(`SELECT * FROM products WHERE ${words.map(() => '(title LIKE \'%\' || ? || \'%\' OR shop_name LIKE \'%\' || ? || \'%\')').join(' AND ') || '1'} ORDER BY ${order}, id`, words.flatMap((w) => [w, w])) as unknown as Product[];
  const tab = (key: string, label: string) => ({ text: label, type: 'labelLarge' as const, color: sort === key ? ACCENT : t.onSurface, flex: 1, height: 44, textAlign: 'center' as const, onClick: () => { ctx.screen.ui.sort = key; ctx.screen.scroll.results = 0; }, id: `sort_${key}`, selected: sort === key });
  return {
    view: scaffold(ctx, {
      appBar: row({ bg: ACCENT }, { icon: 'arrow_back', width: 48, height: 48, color: '#FFFFFF', onClick: () => ctx.pop(), desc: 'Navigate up', id: 'navigate_up' }, col({ flex: 1 }, searchBar(ctx))),
      body: col({ flex: 1, bg: t.surfaceContainerLow },
        row({ bg: t.surface }, tab('default', ctx.t('sortDefault')), tab('sales', ctx.t('sortSales')), tab('price', ctx.t('sortPrice'))),
        { text: ctx.t('results', { n: products.length }), type: 'labelMedium', color: t.onSurfaceVariant, padding: [8, 16], id: 'result_count' },
        products.length === 0 ? emptyState(ctx, 'search', ctx.t('noResults')) : scrollList('results', products.map((p) => productCard(ctx, p)), { padding: [0, 12, 12, 12], gap: 8 }),
      ),
    }),
  };
};

function chosenText(ctx: AppContext, opts: { name: string; values: string[] }[]): { text: string; missing?: string } {
  const chosen = (ctx.screen.ui.options ?? {}) as Record<string, string>;
  const missing = opts.find((o) => !chosen[o.name]);
  return { text: opts.filter((o) => chosen[o.name]).map((o) => `${o.name}: ${chosen[o.name]}`).join('; '), missing: missing?.name };
}

const product: Screen = (ctx) => {
  const t = ctx.theme;
  const p = ctx.db.query('SELECT * FROM products WHERE id = ?', [Number(ctx.screen.params.id)])[0] as unknown as Product | undefined;
  if (!p) return { view: emptyState(ctx, 'shopping', ctx.t('noResults')) };
  const opts = JSON.parse(p.options) as { name: string; values: string[] }[];
  const chosen = (ctx.screen.ui.options ?? {}) as Record<string, string>;
  const qty = Number(ctx.screen.ui.qty ?? 1);
  const take = (buy: boolean) => {
    const c = chosenText(ctx, opts);
    if (c.missing) { ctx.toast(ctx.t('chooseOptions', { name: c.missing })); return; }
    const id = ctx.db.run('INSERT INTO cart_items (product_id, options, qty, added_at) VALUES (?, ?, ?, ?)', [p.id, c.text, qty, ctx.now()]);
    if (buy) ctx.push('checkout', { itemIds: [id] });
    else ctx.toast(ctx.t('added'));
  };
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: '', back: true, bg: t.surface, fg: t.onSurface, actions: [{ icon: 'shopping', desc: ctx.t('cart'), id: 'cart', onClick: () => ctx.push('cart') }] }),
      body: col({ flex: 1, scrollKey: 'product', bg: t.surfaceContainerLow },
        photo(p.hue, { height: 260, radius: 0, icon: 'shopping', id: 'product_photo' }),
        col({ bg: t.surface, padding: 16, gap: 6 },
          row({ gap: 8 }, { text: yuan(p.price), textSize: 26, weight: 700, color: ACCENT, id: 'product_price' }, { text: yuan(p.original_price), type: 'bodySmall', color: t.outline }, { flex: 1 }, { text: ctx.t('sold', { n: p.sales }), type: 'labelSmall', color: t.onSurfaceVariant })),
        col({ bg: t.surface, padding: [0, 16, 16, 16], gap: 6 },
          { text: p.title, type: 'titleMedium', color: t.onSurface, id: 'product_title' },
          { text: `${p.shop_name} · ★ ${p.rating.toFixed(1)}`, type: 'bodySmall', color: t.onSurfaceVariant }),
        col({ bg: t.surface, padding: 16, gap: 12, margin: [8, 0, 0, 0], id: 'options' },
          ...opts.map((o) => col({ gap: 8 },
            { text: o.name, type: 'titleSmall', color: t.onSurface },
            chipRows(o.values.map((v) => chip(ctx, { label: v, selected: chosen[o.name] === v, accent: ACCENT, id: 'option_value', onClick: () => { ctx.screen.ui.options = { ...chosen, [o.name]: v }; } })), 4))),
        ),
        col({ bg: t.surface }, stepper(ctx, { label: ctx.t('qty'), value: qty, min: 1, max: 99, id: 'qty', onChange: (v) => { ctx.screen.ui.qty = v; } })),
        { height: 16 },
      ),
      bottom: row({ height: 64, padding: [0, 12], gap: 8, bg: t.surface, id: 'buy_bar' },
        { flex: 1 },
        { text: ctx.t('addToCart'), type: 'labelLarge', color: '#FFFFFF', bg: '#FFA000', radius: 22, height: 44, padding: [0, 20], textAlign: 'center', onClick: () => take(false), id: 'add_to_cart', cls: 'android.widget.Button' },
        { text: ctx.t('buyNow'), type: 'labelLarge', color: '#FFFFFF', bg: ACCENT, radius: 22, height: 44, padding: [0, 20], textAlign: 'center', onClick: () => take(true), id: 'buy_now', cls: 'android.widget.Button' },
      ),
    }),
  };
};

interface CartRow { id: number; product_id: number; title: string; price: number; options: string; qty: number; hue: number }

function cartRows(ctx: AppContext, ids?: number[]): CartRow[] {
  const rows = ctx.db.query('SELECT c.id, c.product_id, p.title, p.price, c.options, c.qty, p.hue FROM cart_items c JOIN products p ON p.id = c.product_id ORDER BY c.id') as unknown as CartRow[];
  return ids ? rows.filter((r) => ids.includes(r.id)) : rows;
}

const cart: Screen = (ctx) => {
  const t = ctx.theme;
  const rows = cartRows(ctx);
  const total = rows.reduce((s, r) => s + r.price * r.qty, 0);
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('cart'), back: true, bg: t.surface, fg: t.onSurface }),
      body: rows.length === 0 ? emptyState(ctx, 'shopping', ctx.t('emptyCart')) : scrollList('cart', rows.map((r) => row({ padding: 12, gap: 12, bg: t.surfaceContainerLowest, radius: 12, id: 'cart_item', desc: r.title },
        photo(r.hue, { width: 72, height: 72, icon: 'shopping' }),
        col({ flex: 1, gap: 4 },
          { text: r.title, type: 'bodyMedium', color: t.onSurface, maxLines: 2 },
          r.options !== '' && { text: r.options, type: 'labelSmall', color: t.onSurfaceVariant, id: 'cart_options' },
          row({ gap: 8 },
            { text: yuan(r.price), type: 'titleSmall', color: ACCENT, flex: 1 },
            { icon: 'remove', width: 28, height: 28, radius: 14, border: t.outlineVariant, color: t.onSurface, id: 'qty_minus', desc: '−', onClick: () => { if (r.qty > 1) ctx.db.run('UPDATE cart_items SET qty = qty - 1 WHERE id = ?', [r.id]); } },
            { text: String(r.qty), type: 'titleSmall', color: t.onSurface, id: 'cart_qty' },
            { icon: 'add', width: 28, height: 28, radius: 14, border: t.outlineVariant, color: t.onSurface, id: 'qty_plus', desc: '+', onClick: () => { ctx.db.run('UPDATE cart_items SET qty = qty + 1 WHERE id = ?', [r.id]); } },
            { icon: 'delete', width: 28, height: 28, color: t.onSurfaceVariant, id: 'remove', desc: ctx.t('remove'), onClick: () => { ctx.db.run('DELETE FROM cart_items WHERE id = ?', [r.id]); } })),
      )), { padding: 12, gap: 8 }),
      bottom: rows.length === 0 ? undefined : row({ height: 64, padding: [0, 16], gap: 12, bg: t.surface },
        { text: ctx.t('total'), type: 'bodyMedium', color: t.onSurface },
        { text: yuan(Math.round(total * 10) / 10), textSize: 20, weight: 700, color: ACCENT, flex: 1, id: 'cart_total' },
        { text: ctx.t('checkout', { n: rows.length }), type: 'labelLarge', color: '#FFFFFF', bg: ACCENT, radius: 22, height: 44, padding: [0, 24], textAlign: 'center', onClick: () => ctx.push('checkout', { itemIds: rows.map((r) => r.id) }), id: 'checkout_button', cls: 'android.widget.Button' }),
    }),
  };
};

const checkout: Screen = (ctx) => {
  const t = ctx.theme;
  const ids = (ctx.screen.params.itemIds ?? []) as number[];
  const rows = cartRows(ctx, ids);
  const total = Math.round(rows.reduce((s, r) => s + r.price * r.qty, 0) * 10) / 10;
  const addrId = ctx.screen.params.addressId as number | undefined;
  const addr = (addrId !== undefined ? ctx.db.query('SELECT * FROM addresses WHERE id = ?', [addrId]) : ctx.db.query('SELECT * FROM addresses ORDER BY is_default DESC, id LIMIT 1'))[0];
  const submit = () => {
    if (!addr) { ctx.toast(ctx.t('needAddress')); return; }
    const orderId = ctx.db.run('INSERT INTO orders (address_id, total, status, created_at) VALUES (?, ?, \'pending_payment\', ?)', [Number(addr.id), total, ctx.now()]);
    for (const r of rows) {
      ctx.db.run('INSERT INTO order_items (order_id, product_id, title, options, qty, price) VALUES (?, ?, ?, ?, ?, ?)', [orderId, r.product_id, r.title, r.options, r.qty, r.price]);
      ctx.db.run('DELETE FROM cart_items WHERE id = ?', [r.id]);
    }
    ctx.replace('pay', { orderId });
  };
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('confirmOrder'), back: true, bg: t.surface, fg: t.onSurface }),
      body: col({ flex: 1, scrollKey: 'checkout', bg: t.surfaceContainerLow, padding: 12, gap: 8 },
        row({ padding: 16, gap: 12, bg: t.surfaceContainerLowest, radius: 12, onClick: () => ctx.push('addresses', { pick: true, itemIds: ids }), id: 'address_card' },
          { icon: 'place', width: 24, height: 24, color: ACCENT },
          addr ? col({ flex: 1, gap: 2 },
            { text: `${String(addr.name)}  ${String(addr.phone)}`, type: 'titleSmall', color: t.onSurface, id: 'address_name' },
            { text: `${String(addr.region)} ${String(addr.detail)}`, type: 'bodySmall', color: t.onSurfaceVariant, id: 'address_detail' })
            : { text: ctx.t('noAddress'), type: 'bodyLarge', color: t.onSurface, flex: 1 },
          { icon: 'chevron_right', width: 20, height: 20, color: t.outline }),
        ...rows.map((r) => row({ padding: 12, gap: 12, bg: t.surfaceContainerLowest, radius: 12, id: 'order_item' },
          photo(r.hue, { width: 64, height: 64, icon: 'shopping' }),
          col({ flex: 1, gap: 2 }, { text: r.title, type: 'bodyMedium', color: t.onSurface, maxLines: 2 }, r.options !== '' && { text: r.options, type: 'labelSmall', color: t.onSurfaceVariant }),
          col({ align: 'end' }, { text: yuan(r.price), type: 'titleSmall', color: t.onSurface }, { text: `×${r.qty}`, type: 'labelSmall', color: t.onSurfaceVariant }))),
      ),
      bottom: row({ height: 64, padding: [0, 16], gap: 12, bg: t.surface },
        { text: ctx.t('total'), type: 'bodyMedium', color: t.onSurface },
        { text: yuan(total), textSize: 20, weight: 700, color: ACCENT, flex: 1, id: 'order_total' },
        { text: ctx.t('submit'), type: 'labelLarge', color: '#FFFFFF', bg: ACCENT, radius: 22, height: 44, padding: [0, 24], textAlign: 'center', onClick: submit, id: 'submit_order', enabled: rows.length > 0, cls: 'android.widget.Button' }),
    }),
  };
};

const addresses: Screen = (ctx) => {
  const t = ctx.theme;
  const list = ctx.db.query('SELECT * FROM addresses ORDER BY is_default DESC, id');
  const pick = !!ctx.screen.params.pick;
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('address'), back: true, bg: t.surface, fg: t.onSurface }),
      body: col({ flex: 1, bg: t.surfaceContainerLow },
        scrollList('addresses', list.map((a) => col({ padding: 16, gap: 4, bg: t.surfaceContainerLowest, radius: 12, id: 'address', desc: String(a.name),
          onClick: () => {
            if (!pick) return;
            const itemIds = ctx.screen.params.itemIds;
            ctx.pop();
            ctx.replace('checkout', { itemIds, addressId: Number(a.id) });
          } },
        row({ gap: 8 }, { text: `${String(a.name)}  ${String(a.phone)}`, type: 'titleSmall', color: t.onSurface, flex: 1 }, Number(a.is_default) === 1 && { text: ctx.t('default'), type: 'labelSmall', color: ACCENT, border: ACCENT, radius: 4, padding: [0, 4] }),
        { text: `${String(a.region)} ${String(a.detail)}`, type: 'bodySmall', color: t.onSurfaceVariant },
        )), { padding: 12, gap: 8 }),
        row({ padding: 16 }, { text: ctx.t('addAddress'), type: 'labelLarge', color: '#FFFFFF', bg: ACCENT, radius: 22, height: 44, flex: 1, textAlign: 'center', onClick: () => ctx.push('addressEdit', { pick }, { focus: 'name' }), id: 'add_address', cls: 'android.widget.Button' }),
      ),
    }),
  };
};

const addressEdit: Screen = (ctx) => {
  const t = ctx.theme;
  const isDefault = !!ctx.screen.ui.isDefault;
  const save = () => {
    const [name, phone, region, detail] = ['name', 'phone', 'region', 'detail'].map((k) => ctx.field(k).trim());
    if (!name || !phone || !region || !detail) { ctx.toast(ctx.t('fillAll')); return; }
    if (isDefault) ctx.db.run('UPDATE addresses SET is_default = 0');
    ctx.db.run('INSERT INTO addresses (name, phone, region, detail, is_default) VALUES (?, ?, ?, ?, ?)', [name, phone, region, detail, isDefault ? 1 : 0]);
    ctx.focus(undefined);
    ctx.pop();
  };
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('addAddress'), back: true, bg: t.surface, fg: t.onSurface }),
      body: col({ flex: 1, padding: 16, gap: 12, scrollKey: 'address_form' },
        textField(ctx, { key: 'name', label: ctx.t('name'), id: 'address_name_input' }),
        textField(ctx, { key: 'phone', label: ctx.t('phone'), id: 'address_phone_input' }),
        textField(ctx, { key: 'region', label: ctx.t('region'), id: 'address_region_input' }),
        textField(ctx, { key: 'detail', label: ctx.t('detail'), id: 'address_detail_input' }),
        switchRow(ctx, { title: ctx.t('setDefault'), checked: isDefault, onToggle: (on) => { ctx.screen.ui.isDefault = on; }, id: 'default_switch' }),
        { text: ctx.t('save'), type: 'labelLarge', color: '#FFFFFF', bg: ACCENT, radius: 22, height: 44, textAlign: 'center', onClick: save, id: 'save_address', cls: 'android.widget.Button' },
      ),
    }),
  };
};

/** The cashier: shows the amount and a Confirm payment button that never pays. */
const pay: Screen = (ctx) => {
  const t = ctx.theme;
  const orderId = Number(ctx.screen.params.orderId);
  const o = ctx.db.query('SELECT * FROM orders WHERE id = ?', [orderId])[0];
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('pay'), back: () => ctx.replace('orders'), bg: t.surface, fg: t.onSurface }),
      body: col({ flex: 1, padding: 24, gap: 16, align: 'center' },
        { text: ctx.t('payAmount'), type: 'bodyMedium', color: t.onSurfaceVariant },
        { text: yuan(Number(o?.total ?? 0)), textSize: 40, weight: 700, color: t.onSurface, id: 'pay_amount' },
        row({ width: 'fill', padding: 16, gap: 12, radius: 12, bg: t.surfaceContainerLow },
          { icon: 'payments', width: 24, height: 24, color: ACCENT }, { text: ctx.t('balance'), type: 'bodyLarge', color: t.onSurface, flex: 1 }, { control: 'radio', checked: true }),
        { flex: 1 },
        { text: ctx.t('confirmPay'), type: 'titleSmall', color: '#FFFFFF', bg: ACCENT, radius: 24, height: 48, width: 'fill', textAlign: 'center', id: 'confirm_payment', cls: 'android.widget.Button',
          onClick: () => {
            ctx.db.run('UPDATE orders SET status = \'payment_attempted\', payment_attempted_at = ? WHERE id = ?', [ctx.now(), orderId]);
            ctx.screen.ui.unavailable = true;
          } },
        { text: ctx.t('payLater'), type: 'labelLarge', color: t.onSurfaceVariant, height: 40, textAlign: 'center', onClick: () => ctx.replace('orders'), id: 'pay_later' },
      ),
    }),
    dialog: ctx.screen.ui.unavailable ? {
      view: alertDialog(ctx, { title: ctx.t('payUnavailable'), message: ctx.t('payUnavailableMsg'), buttons: [{ label: ctx.t('ok'), id: 'pay_ok', onClick: () => { delete ctx.screen.ui.unavailable; } }] }),
      onDismiss: () => { delete ctx.screen.ui.unavailable; },
    } : undefined,
  };
};

const orders: Screen = (ctx) => {
  const t = ctx.theme;
  const list = ctx.db.query('SELECT o.id, o.total, o.status, (SELECT group_concat(title, \', \') FROM order_items i WHERE i.order_id = o.id) AS items FROM orders o ORDER BY o.id DESC');
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('orders'), back: true, bg: t.surface, fg: t.onSurface }),
      body: list.length === 0 ? emptyState(ctx, 'article', ctx.t('noOrders')) : scrollList('orders', list.map((o) => col({ padding: 16, gap: 6, bg: t.surfaceContainerLowest, radius: 12, id: 'order', onClick: () => { if (o.status === 'pending_payment') ctx.push('pay', { orderId: Number(o.id) }); } },
        row({}, { text: String(o.items ?? ''), type: 'bodyMedium', color: t.onSurface, flex: 1, maxLines: 2 }, { text: ctx.t(`status_${String(o.status)}`), type: 'labelMedium', color: ACCENT, id: 'order_status' }),
        { text: yuan(Number(o.total)), type: 'titleSmall', color: t.onSurface },
      )), { padding: 12, gap: 8 }),
    }),
  };
};

export const SHOP_SCREENS = { home, results, product, cart, checkout, addresses, addressEdit, pay, orders };
