// The cart module: a shopping cart's lines (photo, title, chosen options, price, − qty +,
// remove), its total and a checkout button whose actions get the lines' ids. Extracted from
// Shop's cart, which is now this module with Shop's parameters (shop/shop.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { photo } from '../catalog-shared/widgets';
import { emptyState, scaffold, scrollList } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { ident, type Bindings } from './bindings';
import { accentOf, commerceBar, lineReader, moneyOf, totalOf } from './commerce';
import type { CartScreenSpec } from './spec';

export function cartScreen(spec: CartScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.table);
  const qty = ident(spec.qtyColumn ?? 'qty');
  const money = moneyOf(spec);
  const linesOf = lineReader(b, spec.item);
  const itemId = spec.item.id ?? 'cart_item';
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const lines = linesOf(b.query(ctx, spec.query, base), b.rows(ctx, base));
    const ids = lines.map((l) => l.id);
    const removeDesc = b.text(ctx, spec.removeDesc ?? 'Remove', base);
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, b.text(ctx, spec.title, base)),
        body: lines.length === 0 ? emptyState(ctx, (spec.empty?.icon ?? 'shopping') as IconName, b.text(ctx, spec.empty?.text, base)) : scrollList('cart', lines.map((l) => row({ padding: 12, gap: 12, bg: t.surfaceContainerLowest, radius: 12, id: itemId, desc: l.title },
          photo(l.hue, { width: 72, height: 72, icon: 'shopping' }),
          col({ flex: 1, gap: 4 },
            { text: l.title, type: 'bodyMedium', color: t.onSurface, maxLines: 2 },
            l.options !== '' && { text: l.options, type: 'labelSmall', color: t.onSurfaceVariant, id: 'cart_options' },
            row({ gap: 8 },
              { text: money(l.price), type: 'titleSmall', color: accent, flex: 1 },
              { icon: 'remove', width: 28, height: 28, radius: 14, border: t.outlineVariant, color: t.onSurface, id: 'qty_minus', desc: '−', onClick: () => { if (l.qty > 1) b.write(ctx, `UPDATE ${table} SET ${qty} = ${qty} - 1 WHERE id = ?`, [l.id]); } },
              { text: String(l.qty), type: 'titleSmall', color: t.onSurface, id: 'cart_qty' },
              { icon: 'add', width: 28, height: 28, radius: 14, border: t.outlineVariant, color: t.onSurface, id: 'qty_plus', desc: '+', onClick: () => { b.write(ctx, `UPDATE ${table} SET ${qty} = ${qty} + 1 WHERE id = ?`, [l.id]); } },
              { icon: 'delete', width: 28, height: 28, color: t.onSurfaceVariant, id: 'remove', desc: removeDesc, onClick: () => { b.write(ctx, `DELETE FROM ${table} WHERE id = ?`, [l.id]); } })),
        )), { padding: 12, gap: 8 }),
        bottom: lines.length === 0 ? undefined : row({ height: 64, padding: [0, 16], gap: 12, bg: t.surface },
          { text: b.text(ctx, spec.total ?? 'Total: ', base), type: 'bodyMedium', color: t.onSurface },
          { text: money(totalOf(lines)), textSize: 20, weight: 700, color: accent, flex: 1, id: 'cart_total' },
          { text: b.text(ctx, spec.checkout.label, base, { n: lines.length }), type: 'labelLarge', color: '#FFFFFF', bg: accent, radius: 22, height: 44, padding: [0, 24], textAlign: 'center',
            onClick: () => b.run(ctx, spec.checkout.do, { ...base, ids, count: ids.length }), id: spec.checkout.id ?? 'checkout_button', cls: 'android.widget.Button' }),
      }),
    };
  };
}
