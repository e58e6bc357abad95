// The checkout module: the order to confirm — the delivery address (tap to choose another),
// the lines being bought, the total — and Submit, which writes the order and a row per line,
// removes the lines from the cart and runs `after` (usually: replace this screen by payment).
// Extracted from Shop's checkout, which is now this module with Shop's parameters.
import type { AppContext, ScreenOutput } from '../app';
import { photo } from '../catalog-shared/widgets';
import { scaffold } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import { extend, ident, sqlValue, stringOf, type Bindings } from './bindings';
import { accentOf, commerceBar, lineReader, moneyOf, totalOf } from './commerce';
import type { CheckoutScreenSpec } from './spec';

export function checkoutScreen(spec: CheckoutScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const money = moneyOf(spec);
  const linesOf = lineReader(b, spec.item);
  const sub = spec.submit;
  const insert = (table: string, cols: string[]) => `INSERT INTO ${ident(table)} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
  const orderCols = Object.keys(sub.order.values);
  const lineCols = Object.keys(sub.line.values);
  // Bindings and texts of every render, made once.
  const [addressTitle, addressBody, onlyOf] = [b.compile(spec.address.title), b.compile(spec.address.body), spec.only !== undefined ? b.compile(spec.only) : undefined];
  const [titleText, noneText, totalText, submitText] = [b.textOf(spec.title), b.textOf(spec.address.none), b.textOf(spec.total ?? 'Total: '), b.textOf(sub.label)];
  const [addressId, itemId, submitId] = [spec.address.id ?? 'address_card', spec.item.id ?? 'order_item', sub.id ?? 'submit_order'];
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    let rows = b.query(ctx, spec.lines, base);
    if (onlyOf) {
      const only = onlyOf(base);
      const keep = new Set((Array.isArray(only) ? only : []).map(Number));
      rows = rows.filter((r) => keep.has(Number(r.id)));
    }
    const scopes = b.rows(ctx, base);
    const lines = linesOf(rows, scopes);
    const total = totalOf(lines);
    const addr = b.query(ctx, spec.address.query, base)[0];
    // The scope of the taps (submit, the address card) is made when tapped.
    const submit = () => {
      const scope = extend(base, { total, address: addr ?? null });
      if (!addr) { ctx.toast(b.text(ctx, sub.needAddress ?? 'Choose an address first', scope)); return; }
      const at = extend(scope, { now: ctx.now() }); // the order is written at the tap's time, not the render's
      const order = b.write(ctx, insert(sub.order.table, orderCols), Object.values(b.evalMap(sub.order.values, at)).map(sqlValue));
      for (const l of lines) {
        b.write(ctx, insert(sub.line.table, lineCols), Object.values(b.evalMap(sub.line.values, { ...at, order, row: l.row })).map(sqlValue));
        if (sub.remove) b.write(ctx, `DELETE FROM ${ident(sub.remove.table)} WHERE id = ?`, [l.id]);
      }
      b.run(ctx, sub.after, { ...at, order });
    };
    const a = addr ? scopes.at(addr) : undefined; // read at once, below, before anything else points it elsewhere
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, titleText(ctx, base)),
        body: col({ flex: 1, scrollKey: 'checkout', bg: t.surfaceContainerLow, padding: 12, gap: 8 },
          row({ padding: 16, gap: 12, bg: t.surfaceContainerLowest, radius: 12, onClick: () => b.run(ctx, spec.address.tap, extend(base, { total, address: addr ?? null })), id: addressId },
            { icon: 'place', width: 24, height: 24, color: accent },
            a ? col({ flex: 1, gap: 2 },
              { text: stringOf(addressTitle(a)), type: 'titleSmall', color: t.onSurface, id: 'address_name' },
              { text: stringOf(addressBody(a)), type: 'bodySmall', color: t.onSurfaceVariant, id: 'address_detail' })
              : { text: noneText(ctx, base), type: 'bodyLarge', color: t.onSurface, flex: 1 },
            { icon: 'chevron_right', width: 20, height: 20, color: t.outline }),
          ...lines.map((l) => row({ padding: 12, gap: 12, bg: t.surfaceContainerLowest, radius: 12, id: itemId },
            photo(l.hue, { width: 64, height: 64, icon: 'shopping' }),
            col({ flex: 1, gap: 2 }, { text: l.title, type: 'bodyMedium', color: t.onSurface, maxLines: 2 }, l.options !== '' && { text: l.options, type: 'labelSmall', color: t.onSurfaceVariant }),
            col({ align: 'end' }, { text: money(l.price), type: 'titleSmall', color: t.onSurface }, { text: `×${l.qty}`, type: 'labelSmall', color: t.onSurfaceVariant }))),
        ),
        bottom: row({ height: 64, padding: [0, 16], gap: 12, bg: t.surface },
          { text: totalText(ctx, base), type: 'bodyMedium', color: t.onSurface },
          { text: money(total), textSize: 20, weight: 700, color: accent, flex: 1, id: 'order_total' },
          { text: submitText(ctx, base), type: 'labelLarge', color: '#FFFFFF', bg: accent, radius: 22, height: 44, padding: [0, 24], textAlign: 'center', onClick: submit, id: submitId, enabled: lines.length > 0, cls: 'android.widget.Button' }),
      }),
    };
  };
}
