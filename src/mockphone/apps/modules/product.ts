// The product module: a product page — its photo, price (and the price before), sales, title and
// shop, a group of option chips per option, a quantity stepper, and a buy bar whose buttons run
// actions once every option is chosen (add to cart, buy now). Extracted from Shop's product
// page, which is now this module with Shop's parameters (shop/shop.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { brandBar, chip, chipRows, photo, stepper } from '../catalog-shared/widgets';
import { emptyState, scaffold } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { stringOf, type Bindings } from './bindings';
import { accentOf, moneyOf } from './commerce';
import { countText } from './products';
import type { ProductScreenSpec } from './shop-spec';

interface Option { name: string; values: string[] }

function optionsOf(v: unknown): Option[] {
  const list = typeof v === 'string' ? (v === '' ? [] : JSON.parse(v) as unknown) : v;
  if (!Array.isArray(list)) throw new Error('options must be a list of { name, values }');
  return list.map((o: { name?: unknown; values?: unknown }) => ({ name: stringOf(o.name), values: Array.isArray(o.values) ? o.values.map(stringOf) : [] }));
}

export function productScreen(spec: ProductScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const money = moneyOf(spec);
  // Bindings and texts of every render, made once.
  const none = () => undefined;
  const [optionsOfRow, titleOf, hueOf, priceOf, wasOf, noteN, subtitleOf] = [spec.options, spec.title, spec.photo?.hue, spec.price, spec.was, spec.note?.n, spec.subtitle]
    .map((e) => (e !== undefined ? b.compile(e) : none));
  const actionDescs = (spec.actions ?? []).map((a) => b.textOf(a.desc));
  const buttonLabels = spec.buttons.map((x) => b.textOf(x.label));
  const qtyLabel = b.textOf(spec.quantity?.label);
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const found = b.query(ctx, spec.query, base)[0];
    if (!found) return { view: emptyState(ctx, (spec.empty?.icon ?? 'shopping') as IconName, b.text(ctx, spec.empty?.text, base)) };
    const s = b.scope(ctx, { row: found });
    const opts = spec.options !== undefined ? optionsOf(optionsOfRow(s)) : [];
    const chosen = (ctx.screen.ui.options ?? {}) as Record<string, string>;
    const q = spec.quantity;
    const qty = Number(ctx.screen.ui.qty ?? q?.min ?? 1);
    const take = (x: ProductScreenSpec['buttons'][number]) => () => {
      const missing = opts.find((o) => !chosen[o.name]);
      if (missing) {
        ctx.toast(b.text(ctx, spec.needOption, s, { name: missing.name }));
        return;
      }
      const options = opts.map((o) => `${o.name}: ${chosen[o.name]}`).join('; ');
      b.run(ctx, x.do, { ...s, options, qty });
    };
    const title = stringOf(titleOf(s));
    return {
      view: scaffold(ctx, {
        appBar: brandBar(ctx, { title: '', back: true, bg: t.surface, fg: t.onSurface, actions: (spec.actions ?? []).map((a, i) => ({ icon: a.icon as IconName, desc: actionDescs[i](ctx, s), id: a.id, onClick: () => b.run(ctx, a.do, s) })) }),
        body: col({ flex: 1, scrollKey: 'product', bg: t.surfaceContainerLow },
          spec.photo && photo(Number(hueOf(s)), { height: 260, radius: 0, icon: (spec.photo.icon ?? 'shopping') as IconName, id: spec.photo.id ?? 'product_photo' }),
          col({ bg: t.surface, padding: 16, gap: 6 },
            row({ gap: 8 },
              { text: money(Number(priceOf(s))), textSize: 26, weight: 700, color: accent, id: 'product_price' },
              spec.was !== undefined && { text: money(Number(wasOf(s))), type: 'bodySmall', color: t.outline },
              { flex: 1 },
              spec.note && { text: countText(ctx, b, spec.note, noteN, s), type: 'labelSmall', color: t.onSurfaceVariant })),
          col({ bg: t.surface, padding: [0, 16, 16, 16], gap: 6 },
            { text: title, type: 'titleMedium', color: t.onSurface, id: 'product_title' },
            spec.subtitle !== undefined && { text: stringOf(subtitleOf(s)), type: 'bodySmall', color: t.onSurfaceVariant }),
          col({ bg: t.surface, padding: 16, gap: 12, margin: [8, 0, 0, 0], id: 'options' },
            ...opts.map((o) => col({ gap: 8 },
              { text: o.name, type: 'titleSmall', color: t.onSurface },
              chipRows(o.values.map((v) => chip(ctx, { label: v, selected: chosen[o.name] === v, accent, id: 'option_value', onClick: () => { ctx.screen.ui.options = { ...chosen, [o.name]: v }; } })), 4))),
          ),
          q && col({ bg: t.surface }, stepper(ctx, { label: qtyLabel(ctx, s), value: qty, min: q.min ?? 1, max: q.max ?? 99, id: q.id ?? 'qty', onChange: (v) => { ctx.screen.ui.qty = v; } })),
          { height: 16 },
        ),
        bottom: row({ height: 64, padding: [0, 12], gap: 8, bg: t.surface, id: 'buy_bar' },
          { flex: 1 },
          ...spec.buttons.map((x, i): View => ({ text: buttonLabels[i](ctx, s), type: 'labelLarge', color: '#FFFFFF', bg: x.color ?? accent, radius: 22, height: 44, padding: [0, 20], textAlign: 'center', onClick: take(x), id: x.id, cls: 'android.widget.Button' })),
        ),
      }),
    };
  };
}
