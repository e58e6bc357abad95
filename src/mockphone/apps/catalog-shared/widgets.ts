// Widgets the catalogue apps share beyond the core toolkit: chips, a bottom navigation bar, a
// bottom sheet, steppers, image placeholders and price text.
import type { AppContext } from '../app';
import type { IconName } from '../../ui/icons';
import { col, row, stack, type View } from '../../ui/view';

type Themed = Pick<AppContext, 'theme'>;

export function chip(ctx: Themed, o: { label: string; selected?: boolean; onClick: () => void; id?: string; accent?: string; icon?: IconName }): View {
  const t = ctx.theme;
  const accent = o.accent ?? t.primary;
  return {
    text: o.label, icon: o.icon, iconSize: 16, type: 'labelLarge', height: 32, padding: [0, 12], radius: 8, textAlign: 'center',
    bg: o.selected ? `${accent}22` : undefined, border: o.selected ? accent : t.outlineVariant, color: o.selected ? accent : t.onSurfaceVariant,
    onClick: o.onClick, selected: !!o.selected, checkable: true, checked: !!o.selected, id: o.id ?? 'chip', desc: o.label, cls: 'android.widget.CompoundButton',
  };
}

/** Chips wrapped into rows of `perRow`. */
/** A tab of a filter bar (Travel's sort / distance / price / brand): its label and ▾, in the accent while a filter is set. */
export function filterTab(ctx: Themed, o: { label: string; active: boolean; id: string; accent: string; onClick: () => void }): View {
  const t = ctx.theme;
  return row({ flex: 1, height: 44, justify: 'center', gap: 2, onClick: o.onClick, id: o.id, desc: o.label, selected: o.active },
    { text: o.label, type: 'labelLarge', color: o.active ? o.accent : t.onSurface, maxLines: 1 },
    { icon: 'expand_more', width: 16, height: 16, color: o.active ? o.accent : t.onSurfaceVariant },
  );
}

export function chipRows(chips: View[], perRow: number): View {
  const rows: View[] = [];
  for (let i = 0; i < chips.length; i += perRow) rows.push(row({ gap: 8 }, ...chips.slice(i, i + perRow)));
  return col({ gap: 8 }, ...rows);
}

export function bottomNav(ctx: Themed, o: { items: { icon: IconName; label: string; id: string; badge?: number }[]; selected: number; onSelect: (i: number) => void; accent?: string }): View {
  const t = ctx.theme;
  const accent = o.accent ?? t.primary;
  return row({ height: 64, bg: t.surfaceContainer, id: 'bottom_navigation', cls: 'android.widget.LinearLayout' },
    ...o.items.map((it, i) => col({ flex: 1, height: 64, align: 'center', justify: 'center', gap: 2, onClick: () => o.onSelect(i), selected: i === o.selected, id: it.id, desc: it.label, cls: 'android.widget.FrameLayout' },
      { icon: it.icon, iconSize: 24, width: 28, height: 28, color: i === o.selected ? accent : t.onSurfaceVariant },
      { text: it.label, type: 'labelMedium', color: i === o.selected ? accent : t.onSurfaceVariant },
    )),
  );
}

/** A modal bottom sheet card (the caller passes it as the screen's dialog). */
export function bottomSheet(ctx: Themed, o: { title?: string; body: View; id?: string; onDismiss?: () => void }): View {
  const t = ctx.theme;
  return stack({ id: 'sheet_container', width: 'fill', height: 'fill', onClick: o.onDismiss ?? (() => undefined) },
    col({ pos: { left: 0, bottom: 0 }, width: 'fill', bg: t.surfaceContainerLow, radius: 28, padding: [8, 0, 16, 0], gap: 8, absorb: true, id: o.id ?? 'bottom_sheet', cls: 'android.widget.FrameLayout' },
      row({ justify: 'center', padding: [8, 0] }, { width: 32, height: 4, radius: 2, bg: t.outline }),
      o.title !== undefined && { text: o.title, type: 'titleMedium', color: t.onSurface, padding: [0, 24], id: 'sheet_title' },
      o.body,
    ),
  );
}

export function stepper(ctx: Themed, o: { label: string; value: number; min: number; max: number; onChange: (v: number) => void; id: string }): View {
  const t = ctx.theme;
  const btn = (icon: IconName, delta: number, desc: string): View => ({
    icon, iconSize: 20, width: 36, height: 36, radius: 18, border: t.outlineVariant, color: t.onSurface,
    enabled: o.value + delta >= o.min && o.value + delta <= o.max, onClick: () => o.onChange(o.value + delta), id: `${o.id}_${delta > 0 ? 'plus' : 'minus'}`, desc, cls: 'android.widget.ImageButton',
  });
  return row({ height: 56, padding: [0, 24], gap: 12, id: o.id },
    { text: o.label, type: 'bodyLarge', color: t.onSurface, flex: 1 },
    btn('remove', -1, `${o.label} −`),
    { text: String(o.value), type: 'titleMedium', color: t.onSurface, width: 32, textAlign: 'center', id: `${o.id}_value` },
    btn('add', 1, `${o.label} +`),
  );
}

/** A coloured block standing in for a photo, with a glyph: deterministic from a hue. */
export function photo(hue: number, o: { width?: number | 'fill'; height: number; icon?: IconName; radius?: number; id?: string }): View {
  const h = ((hue % 360) + 360) % 360;
  return col({ width: o.width ?? 'fill', height: o.height, radius: o.radius ?? 8, gradient: [`hsl(${h},45%,72%)`, `hsl(${(h + 25) % 360},50%,48%)`], align: 'center', justify: 'center', id: o.id ?? 'image', cls: 'android.widget.ImageView' },
    { icon: o.icon ?? 'photo', iconSize: Math.min(40, o.height / 2), width: Math.min(48, o.height / 2 + 8), height: Math.min(48, o.height / 2 + 8), color: 'rgba(255,255,255,0.85)' },
  );
}

export function yuan(amount: number): string {
  return money(amount, '¥');
}

/** An amount with its sign: whole amounts without decimals, the rest with two. */
export function money(amount: number, sign: string): string {
  return Number.isInteger(amount) ? `${sign}${amount}` : `${sign}${amount.toFixed(2)}`;
}

/** A simple top bar in a brand colour (WeChat grey, Trip orange…). */
export function brandBar(ctx: Pick<AppContext, 'theme' | 'pop'>, o: { title: string; back?: boolean | (() => void); bg: string; fg: string; actions?: { icon: IconName; desc: string; onClick: () => void; id: string }[]; center?: boolean }): View {
  const onBack = o.back === true ? () => ctx.pop() : typeof o.back === 'function' ? o.back : undefined;
  return row({ height: 56, padding: [0, 4, 0, onBack ? 4 : 16], bg: o.bg, id: 'toolbar', cls: 'android.view.ViewGroup' },
    onBack && { icon: 'arrow_back', width: 48, height: 48, color: o.fg, onClick: onBack, desc: 'Navigate up', id: 'navigate_up', cls: 'android.widget.ImageButton' },
    { text: o.title, type: 'titleLarge', textSize: 19, weight: 500, color: o.fg, flex: 1, maxLines: 1, textAlign: o.center ? 'center' : 'left', id: 'title' },
    ...(o.actions ?? []).map((a) => ({ icon: a.icon, width: 48, height: 48, color: o.fg, onClick: a.onClick, desc: a.desc, id: a.id, cls: 'android.widget.ImageButton' } satisfies View)),
    o.center && !o.actions?.length && onBack ? { width: 48 } : undefined,
  );
}
