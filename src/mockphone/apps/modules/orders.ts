// The orders module: the order history — each order's items, its status in the brand colour
// and its total; tapping one runs actions (e.g. pay a pending order: `tapWhen`). Extracted from
// Shop's orders, which is now this module with Shop's parameters (shop/shop.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { emptyState, scaffold, scrollList } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { stringOf, type Bindings } from './bindings';
import { accentOf, commerceBar, moneyOf } from './commerce';
import type { OrdersScreenSpec } from './spec';

export function ordersScreen(spec: OrdersScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const money = moneyOf(spec);
  const item = spec.item;
  // Run on every row: compiled once.
  const [titleOf, totalOf, statusOf] = [b.compile(item.title), b.compile(item.total), b.textOf(item.status)];
  const [itemId, statusId] = [item.id ?? 'order', item.statusId ?? 'order_status'];
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const rows = b.query(ctx, spec.query, base);
    const scopes = b.rows(ctx, base);
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, b.text(ctx, spec.title, base)),
        body: rows.length === 0 ? emptyState(ctx, (spec.empty?.icon ?? 'article') as IconName, b.text(ctx, spec.empty?.text, base)) : scrollList('orders', rows.map((r) => {
          const s = scopes.at(r);
          return col({ padding: 16, gap: 6, bg: t.surfaceContainerLowest, radius: 12, id: itemId, onClick: () => {
            const own = scopes.of(r);
            if (item.tapWhen === undefined || b.eval(item.tapWhen, own) === true) b.run(ctx, item.tap, own);
          } },
          row({}, { text: stringOf(titleOf(s)), type: 'bodyMedium', color: t.onSurface, flex: 1, maxLines: 2 }, { text: statusOf(ctx, s), type: 'labelMedium', color: accent, id: statusId }),
          { text: money(Number(totalOf(s))), type: 'titleSmall', color: t.onSurface },
          );
        }), { padding: 12, gap: 8 }),
      }),
    };
  };
}
