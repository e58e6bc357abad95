// Shop's home feed with search and categories, search results with sort, and product page with
// options and quantity as they were written by hand before they became the products and
// product modules (src/mockphone/apps/shop/shop.app.ts): kept only as the baseline of
// bench/apps.bench.ts and of the byte-for-byte walk (shop-walk.ts).
import type { AppContext, Screen } from '../../src/mockphone/apps/app';
import { brandBar, chip, chipRows, photo, stepper, yuan } from '../../src/mockphone/apps/catalog-shared/widgets';
import { emptyState, scaffold, scrollList, textField } from '../../src/mockphone/ui/widgets';
import { col, row, type View } from '../../src/mockphone/ui/view';
import { CATEGORIES } from '../../src/mockphone/apps/shop/catalog';

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
    // As written by hand, for the hand-written checkout (no addressId: the default address); the module's takes null.
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

export const SHOP_STOREFRONT_SCREENS = { home, results, product };
