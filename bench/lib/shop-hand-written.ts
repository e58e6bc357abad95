// Shop's cart, checkout, address book, address editor, payment and orders as they were written
// by hand before they became the cart, checkout, addresses, addressForm, payment and orders
// modules (src/mockphone/apps/shop/shop.app.ts): kept only as the baseline of bench/apps.bench.ts
// and of the byte-for-byte walk (shop-walk.ts), with the storefront's.
import type { AppContext, Screen } from '../../src/mockphone/apps/app';
import { brandBar, photo, yuan } from '../../src/mockphone/apps/catalog-shared/widgets';
import { ACCENT, SHOP_STOREFRONT_SCREENS } from './shop-storefront-hand-written';
import { alertDialog, emptyState, scaffold, scrollList, switchRow, textField } from '../../src/mockphone/ui/widgets';
import { col, row } from '../../src/mockphone/ui/view';

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

/** Every screen Shop had written by hand: the storefront (shop-storefront-hand-written.ts) and cart to orders. */
export const SHOP_SCREENS = { ...SHOP_STOREFRONT_SCREENS, cart, checkout, addresses, addressEdit, pay, orders };
