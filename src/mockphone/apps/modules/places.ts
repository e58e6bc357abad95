// The places module (map / place list): a search field, a map-like panel — city blocks between
// roads, drawn with the view kit, a pin per place at its (x, y) — and the places with distance
// and rating below. Tapping a pin or a row selects the place (a card at the bottom); the card's
// button runs the author's pick actions (navigate, insert a trip, set a field…).
import type { AppContext, ScreenOutput } from '../app';
import { appBar, button, emptyState, listItem, scaffold, textField } from '../../ui/widgets';
import { col, row, stack, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, stringOf, type Bindings, type Scope } from './bindings';
import { word } from './module-words';
import type { PlacesScreenSpec } from './spec';

const COLS = 8;
const ROWS = 5;

export function placesScreen(spec: PlacesScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const itemId = spec.item.id ?? 'place';
  return (ctx) => {
    const t = ctx.theme;
    const search = spec.search ? ctx.field('search').trim() : '';
    const base = b.scope(ctx, { search });
    const rows = b.query(ctx, spec.query, base);
    const selected = rows.find((r) => r.id === ctx.screen.ui.selected);
    const scopeOf = (r: Record<string, unknown>): Scope => extend(base, { row: r });
    const nameOf = (r: Record<string, unknown>) => stringOf(b.eval(spec.item.name, scopeOf(r)));
    const select = (r: Record<string, unknown>) => { ctx.screen.ui.selected = r.id; };
    const cell = (v: unknown, n: number) => Math.min(n - 1, Math.max(0, Math.floor((Number(v) || 0) * n)));
    const pins = new Map<string, Record<string, unknown>[]>();
    for (const r of rows) {
      const k = `${cell(b.eval(spec.item.x, scopeOf(r)), COLS)},${cell(b.eval(spec.item.y, scopeOf(r)), ROWS)}`;
      pins.set(k, [...(pins.get(k) ?? []), r]);
    }
    const map = col({ height: 200, gap: 3, padding: 3, bg: '#E8E3D9', radius: 12, id: 'map', desc: word(ctx.locale, 'map'), cls: 'android.view.View' },
      ...Array.from({ length: ROWS }, (_, y) => row({ flex: 1, gap: 3 },
        ...Array.from({ length: COLS }, (_, x) => {
          const here = pins.get(`${x},${y}`)?.[0];
          const park = (x * 7 + y * 3) % 11 === 0;
          return stack({ flex: 1, height: 'fill', bg: park ? '#CFE8C4' : '#F6F3EE', radius: 2 },
            here && {
              icon: 'place', iconSize: 28, width: 'fill', height: 'fill', color: here === selected ? t.primary : '#D93025',
              onClick: () => select(here), id: 'pin', desc: nameOf(here), selected: here === selected, cls: 'android.widget.ImageView',
            });
        }))));
    const item = (r: Record<string, unknown>): View => {
      const s = scopeOf(r);
      const name = nameOf(r);
      const dist = spec.item.distance ? Number(b.eval(spec.item.distance, s)) : undefined;
      const rating = spec.item.rating ? Number(b.eval(spec.item.rating, s)) : undefined;
      const facts = [spec.item.desc && stringOf(b.eval(spec.item.desc, s)), dist !== undefined && `${dist < 1 ? `${Math.round(dist * 1000)} m` : `${dist.toFixed(1)} km`}`].filter(Boolean).join(' · ');
      return listItem(ctx, {
        headline: name, ...(facts ? { supporting: facts } : {}), id: itemId, desc: name, selected: r === selected, onClick: () => select(r),
        leading: { icon: 'place', width: 40, height: 40, circle: true, bg: t.secondaryContainer, color: t.onSecondaryContainer },
        ...(rating !== undefined ? { trailing: { text: `★ ${rating.toFixed(1)}`, type: 'labelLarge', color: t.onSurfaceVariant, id: 'rating' } } : {}),
      });
    };
    const card = selected && spec.pick && row({ padding: [12, 16], gap: 12, bg: t.surfaceContainerLow, align: 'center', id: 'selected_place' },
      { text: nameOf(selected), type: 'titleMedium', color: t.onSurface, flex: 1, maxLines: 1, id: 'selected_name' },
      button(ctx, { label: b.text(ctx, spec.pick.label, scopeOf(selected)), id: spec.pick.id ?? 'pick', onClick: () => b.run(ctx, spec.pick!.do, scopeOf(selected)) }),
    );
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: b.text(ctx, spec.title, base), ...(spec.back ? { back: true } : {}) }),
        body: col({ flex: 1 },
          spec.search && row({ padding: [8, 16] }, textField(ctx, { key: 'search', hint: b.text(ctx, spec.search.hint, base), style: 'search', id: spec.search.id ?? 'search_bar', flex: 1 })),
          row({ padding: [4, 16, 8, 16] }, col({ flex: 1 }, map)),
          rows.length === 0
            ? emptyState(ctx, (spec.empty?.icon ?? 'place') as IconName, b.text(ctx, spec.empty?.text, base))
            : col({ flex: 1, scrollKey: `${itemId}s`, id: 'list' }, ...rows.map(item)),
        ),
        ...(card ? { bottom: card } : {}),
      }),
      onBack: () => {
        if (ctx.screen.ui.selected !== undefined) {
          delete ctx.screen.ui.selected;
          return true;
        }
        if (spec.search && ctx.field('search') !== '') {
          ctx.setField('search', '');
          return true;
        }
        return false;
      },
    };
  };
}
