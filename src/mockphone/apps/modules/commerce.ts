// What the shop modules (cart, checkout, addresses, addressForm, payment, orders) share: the
// brand colour and money sign of a screen, its top bar, and how a line (a cart or order row)
// reads. Extracted with them from Shop's hand-written screens.
import type { AppContext } from '../app';
import { brandBar, money } from '../catalog-shared/widgets';
import type { View } from '../../ui/view';
import { stringOf, type Bindings, type RowScope } from './bindings';
import type { CommerceLook, LineItemSpec } from './spec';

export interface Line { id: number; title: string; price: number; qty: number; options: string; hue: number; row: Record<string, unknown> }

export function accentOf(spec: CommerceLook, ctx: AppContext): string {
  return spec.accent ?? ctx.theme.primary;
}

export function moneyOf(spec: CommerceLook): (amount: number) => string {
  const sign = spec.currency ?? '¥';
  return (amount) => money(amount, sign);
}

/** The plain top bar of the shop screens: title, back arrow (or `back`), optional actions. */
export function commerceBar(ctx: AppContext, title: string, back: boolean | (() => void) = true): View {
  const t = ctx.theme;
  return brandBar(ctx, { title, back, bg: t.surface, fg: t.onSurface });
}

/**
 * How the rows of a query read as lines (a missing column is an error naming the binding): the
 * bindings compiled when the screen is built, one scope re-pointed at each row (the lines keep
 * only values).
 */
export function lineReader(b: Bindings, item: LineItemSpec): (rows: Record<string, unknown>[], scopes: RowScope) => Line[] {
  const [title, price, qty] = [b.compile(item.title), b.compile(item.price), b.compile(item.qty)];
  const options = item.options ? b.compile(item.options) : undefined;
  const hue = item.hue ? b.compile(item.hue) : undefined;
  return (rows, scopes) => {
    return rows.map((r) => {
      const s = scopes.at(r);
      return {
        id: Number(r.id), row: r,
        title: stringOf(title(s)),
        price: Number(price(s)),
        qty: Number(qty(s)),
        options: options ? stringOf(options(s)) : '',
        hue: hue ? Number(hue(s)) : 0,
      };
    });
  };
}

/** Σ price × qty, rounded to tenths as the shop shows it. */
export function totalOf(lines: Line[]): number {
  return Math.round(lines.reduce((s, l) => s + l.price * l.qty, 0) * 10) / 10;
}
