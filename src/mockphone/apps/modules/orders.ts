// The orders module: the order history — each order's items, its status in the brand colour
// and its total; tapping one runs actions (e.g. pay a pending order: `tapWhen`). Extracted from
// Shop's orders, which is now this module with Shop's parameters (shop/shop.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { emptyState, scaffold, scrollList } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, stringOf, type Bindings } from './bindings';
import { accentOf, commerceBar, moneyOf } from './commerce';
import type { OrdersScreenSpec } from './spec';

export function ordersScreen(spec: OrdersScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const money = moneyOf(spec);
  const item = spec.item;
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const rows = b.query(ctx, spec.query, base);
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, b.text(ctx, spec.title, base)),
        body: rows.length === 0 ? emptyState(ctx, (spec.empty?.icon ?? 'article') as IconName, b.text(ctx, spec.empty?.text, base)) : scrollList('orders', rows.map((r) => {
          const s = extend(base, { row: r });
          return col({ padding: 16, gap: 6, bg: t.surfaceContainerLowest, radius: 12, id: item.id ?? 'order', onClick: () => { if (item.tapWhen === undefined || b.eval(item.tapWhen, s) === true) b.run(ctx, item.tap, s); } },
            row({}, { text: stringOf(b.eval(item.title, s)), type: 'bodyMedium', color: t.onSurface, flex: 1, maxLines: 2 }, { text: b.text(ctx, item.status, s), type: 'labelMedium', color: accent, id: item.statusId ?? 'order_status' }),
            { text: money(Number(b.eval(item.total, s))), type: 'titleSmall', color: t.onSurface },
          );
        }), { padding: 12, gap: 8 }),
      }),
    };
  };
}
