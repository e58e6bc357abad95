// The products module: a storefront or a search's results — a search bar in the shop's colour
// (field, Search button, cart and orders buttons), filter chips (categories), sort tabs, a
// count line, and product cards (photo, title, shop, price, sales). Extracted from Shop's home
// and search results, which are now this module with Shop's parameters (shop/shop.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { chip, photo } from '../catalog-shared/widgets';
import { emptyState, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, RowScope, stringOf, type Bindings, type Scope } from './bindings';
import { accentOf, moneyOf } from './commerce';
import type { CountTextSpec, ProductCardSpec, ProductsScreenSpec, ShopSearchSpec } from './shop-spec';

/** `{n}` of a count text. */
export function countText(ctx: AppContext, b: Bindings, c: CountTextSpec, n: (s: Scope) => unknown, s: Scope): string {
  return b.text(ctx, c.text, s, { n: stringOf(n(s)) });
}

/** The search bar (shared with nothing else yet, but a screen of its own in Shop's results). */
function searchBar(ctx: AppContext, b: Bindings, spec: ShopSearchSpec, accent: string, base: Scope): View {
  const t = ctx.theme;
  const key = spec.key ?? 'q';
  const go = () => {
    const query = ctx.field(key).trim();
    if (query === '') return;
    ctx.focus(undefined);
    b.run(ctx, spec.do, { ...base, query });
  };
  return row({ padding: [8, 12], gap: 8, bg: accent, id: 'search_row' },
    row({ flex: 1, height: 40, radius: 20, bg: '#FFFFFF', padding: [0, 4, 0, 12], gap: 4 },
      { icon: 'search', width: 20, height: 20, color: '#999999' },
      extend(textField(ctx, { key, hint: b.text(ctx, spec.hint, base), style: 'plain', id: spec.id ?? 'search_input', flex: 1, onSubmit: go }), { minHeight: 36 }),
      { text: b.text(ctx, spec.button.label, base), type: 'labelLarge', color: '#FFFFFF', bg: accent, radius: 16, height: 32, padding: [0, 14], textAlign: 'center', onClick: go, id: spec.button.id ?? 'search_button', cls: 'android.widget.Button' }),
    ...(spec.icons ?? []).map((i): View => ({ icon: i.icon as IconName, width: 40, height: 40, color: '#FFFFFF', onClick: () => b.run(ctx, i.do, base), desc: b.text(ctx, i.desc, base), id: i.id, cls: 'android.widget.ImageButton' })),
    // Shop's hand-written bar ended with this in the dark theme (its dark golden was drawn with it).
    t.dark && { width: 0 },
  );
}

/** The product card of a list: compiled once per screen, drawn per row. */
export function productCard(spec: ProductCardSpec, b: Bindings, look: ProductsScreenSpec): (ctx: AppContext, scopes: RowScope, r: Record<string, unknown>) => View {
  const title = b.compile(spec.title);
  const subtitle = spec.subtitle !== undefined ? b.compile(spec.subtitle) : undefined;
  const price = b.compile(spec.price);
  const hue = spec.hue !== undefined ? b.compile(spec.hue) : undefined;
  const note = spec.note ? b.compile(spec.note.n) : undefined;
  const money = moneyOf(look);
  const icon = (spec.icon ?? 'shopping') as IconName;
  const id = spec.id ?? 'product_card';
  return (ctx, scopes, r) => {
    const t = ctx.theme;
    const s = scopes.at(r);
    const text = stringOf(title(s));
    return row({ padding: 12, gap: 12, bg: t.surfaceContainerLowest, radius: 12, onClick: () => b.run(ctx, spec.tap, scopes.of(r)), id, desc: text },
      photo(hue ? Number(hue(s)) : 0, { width: 100, height: 100, icon }),
      col({ flex: 1, gap: 4 },
        { text, type: 'bodyLarge', color: t.onSurface, maxLines: 2, id: 'product_title' },
        subtitle && { text: stringOf(subtitle(s)), type: 'labelSmall', color: t.onSurfaceVariant },
        row({ gap: 8 },
          { text: money(Number(price(s))), textSize: 18, weight: 700, color: accentOf(look, ctx), id: 'product_price' },
          note && { text: countText(ctx, b, spec.note!, note, s), type: 'labelSmall', color: t.onSurfaceVariant })),
    );
  };
}

export function productsScreen(spec: ProductsScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const card = productCard(spec.item, b, spec);
  const firstSort = spec.sort?.tabs[0]?.value ?? null;
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const chosen = (ctx.screen.ui.chip as string | undefined) ?? null;
    const sort = (ctx.screen.ui.sort as string | undefined) ?? firstSort;
    const q = ctx.screen.params.q;
    const words = JSON.stringify(typeof q === 'string' ? q.split(/\s+/).filter((w) => w !== '') : []);
    const base = b.scope(ctx, { chip: chosen, sort, words });
    const rows = b.query(ctx, spec.query, base);
    const scopes = b.rows(ctx, base, { chip: chosen, sort, words });
    const cards = rows.map((r) => card(ctx, scopes, r));
    const chips = spec.chips;
    const chipId = chips?.id ?? 'chip';
    const pick = (value: string | null) => () => {
      if (value === null) delete ctx.screen.ui.chip;
      else ctx.screen.ui.chip = value;
      ctx.screen.scroll.products = 0;
    };
    const tab = (x: NonNullable<ProductsScreenSpec['sort']>['tabs'][number]): View => ({
      text: b.text(ctx, x.label, base), type: 'labelLarge', color: sort === x.value ? accent : t.onSurface, flex: 1, height: 44, textAlign: 'center',
      onClick: () => { ctx.screen.ui.sort = x.value; ctx.screen.scroll.products = 0; }, id: x.id ?? `sort_${x.value}`, selected: sort === x.value,
    });
    const bar = searchBar(ctx, b, spec.search, accent, base);
    return {
      view: scaffold(ctx, {
        appBar: spec.back
          ? row({ bg: accent }, { icon: 'arrow_back', width: 48, height: 48, color: '#FFFFFF', onClick: () => ctx.pop(), desc: 'Navigate up', id: 'navigate_up' }, col({ flex: 1 }, bar))
          : bar,
        body: col({ flex: 1, bg: t.surfaceContainerLow },
          chips && row({ padding: [8, 12], gap: 8, bg: t.surface, id: 'categories' },
            chip(ctx, { label: b.text(ctx, chips.all, base), selected: chosen === null, accent, id: chipId, onClick: pick(null) }),
            ...chips.options.map((c) => chip(ctx, { label: b.text(ctx, c.label, base), selected: chosen === c.value, accent, id: chipId, onClick: pick(c.value) }))),
          spec.sort && row({ bg: t.surface }, ...spec.sort.tabs.map(tab)),
          spec.count !== undefined && { text: b.text(ctx, spec.count, base, { n: rows.length }), type: 'labelMedium', color: t.onSurfaceVariant, padding: [8, 16], id: 'result_count' },
          rows.length === 0 && spec.empty
            ? emptyState(ctx, (spec.empty.icon ?? 'search') as IconName, b.text(ctx, spec.empty.text, base))
            // Under a count line the list needs no top padding of its own.
            : scrollList('products', cards, { padding: spec.count !== undefined ? [0, 12, 12, 12] : [8, 12], gap: 8 }),
        ),
      }),
    };
  };
}
