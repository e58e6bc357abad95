// The booking module: results with a filter bar — each filter a tab opening a sheet of option
// chips, sort a sheet of radio rows (the bar, the sheets and their look are Travel's hotel
// results': catalog-shared's filterTab, bottomSheet, chip, and radioRow) — rows with a price and
// a Book button that asks for confirmation before its actions run (they write the booking).
// The chosen options are the query's variables `filter.<key>` (null: any) and `sort`.
import type { AppContext, ScreenOutput } from '../app';
import { bottomSheet, chip, chipRows, filterTab } from '../catalog-shared/widgets';
import { alertDialog, appBar, emptyState, radioRow, scaffold, scrollList } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, stringOf, type Bindings, type Scope } from './bindings';
import type { BookingScreenSpec } from './spec';

export const BOOKING_ACCENT = '#00B2A9';
type Row = Record<string, unknown>;

export function bookingScreen(spec: BookingScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const accent = spec.accent ?? BOOKING_ACCENT;
  const filters = spec.filters ?? [];
  const itemId = spec.item.id ?? 'result';
  return (ctx) => {
    const t = ctx.theme;
    const chosen = (ctx.screen.ui.filters ?? {}) as Record<string, string | number | null>;
    const sort = (ctx.screen.ui.sort as string | undefined) ?? spec.sort?.options[0]?.value ?? '';
    const base = b.scope(ctx, { filter: Object.fromEntries(filters.map((f) => [f.key, chosen[f.key] ?? null])), sort });
    const rows = b.query(ctx, spec.query, base);
    const sheet = ctx.screen.ui.sheet as string | undefined;
    const close = () => { delete ctx.screen.ui.sheet; };
    const rowScope = (r: Row): Scope => extend(base, { row: r });
    const card = (r: Row): View => {
      const s = rowScope(r);
      const title = stringOf(b.eval(spec.item.title, s));
      return row({ padding: [12, 16], gap: 12, bg: t.surfaceContainerLowest, id: itemId, desc: title, onClick: () => b.run(ctx, spec.item.tap, s) },
        col({ flex: 1, gap: 4 },
          { text: title, type: 'titleMedium', color: t.onSurface, maxLines: 2, id: `${itemId}_title` },
          spec.item.subtitle !== undefined && { text: stringOf(b.eval(spec.item.subtitle, s)), type: 'bodySmall', color: t.onSurfaceVariant, maxLines: 2, id: `${itemId}_subtitle` }),
        col({ align: 'end', gap: 6 },
          spec.item.price !== undefined && { text: stringOf(b.eval(spec.item.price, s)), textSize: 18, weight: 700, color: accent, id: `${itemId}_price` },
          spec.book && { text: b.text(ctx, spec.book.label, s), type: 'labelLarge', color: '#FFFFFF', bg: accent, radius: 6, height: 32, padding: [0, 16], textAlign: 'center', id: spec.book.id ?? 'book_button', cls: 'android.widget.Button',
            onClick: () => { ctx.screen.ui.book = r.id ?? rows.indexOf(r); } }),
      );
    };
    let dialog: ScreenOutput['dialog'];
    const f = filters.find((x) => `filter:${x.key}` === sheet);
    if (f) {
      dialog = { onDismiss: close, view: bottomSheet(ctx, { title: b.text(ctx, f.label, base), id: `${f.id ?? f.key}_sheet`, onDismiss: close, body: col({ padding: [0, 24, 8, 24] }, chipRows(f.options.map((o) => chip(ctx, {
        label: b.text(ctx, o.label, base), selected: chosen[f.key] === o.value, accent, id: `${f.id ?? f.key}_option`,
        onClick: () => {
          const next = { ...chosen };
          if (next[f.key] === o.value) delete next[f.key]; else next[f.key] = o.value;
          ctx.screen.ui.filters = next;
          ctx.screen.scroll[`${itemId}s`] = 0;
          close();
        },
      })), 3)) }) };
    }
    if (sheet === 'sort' && spec.sort) {
      dialog = { onDismiss: close, view: bottomSheet(ctx, { title: b.text(ctx, spec.sort.label, base), id: 'sort_sheet', onDismiss: close, body: col({}, ...spec.sort.options.map((o) => radioRow(ctx, {
        title: b.text(ctx, o.label, base), checked: sort === o.value, id: 'sort_option',
        onSelect: () => { ctx.screen.ui.sort = o.value; ctx.screen.scroll[`${itemId}s`] = 0; close(); },
      }))) }) };
    }
    const booking = ctx.screen.ui.book;
    const bookRow = spec.book && booking !== undefined ? rows.find((r, i) => (r.id ?? i) === booking) : undefined;
    if (spec.book && bookRow) {
      const s = rowScope(bookRow);
      const cancel = () => { delete ctx.screen.ui.book; };
      dialog = { onDismiss: cancel, view: alertDialog(ctx, {
        title: b.text(ctx, spec.book.title, s), ...(spec.book.message !== undefined ? { message: b.text(ctx, spec.book.message, s) } : {}),
        buttons: [
          { label: b.text(ctx, spec.book.cancel ?? 'Cancel', s), onClick: cancel },
          { label: b.text(ctx, spec.book.confirm, s), id: spec.book.confirmId ?? 'confirm_booking', onClick: () => { cancel(); b.run(ctx, spec.book!.do, s); } },
        ],
      }) };
    }
    const sortLabel = spec.sort ? spec.sort.options.find((o) => o.value === sort) : undefined;
    return {
      view: scaffold(ctx, {
        ...(spec.title !== undefined ? { appBar: appBar(ctx, { title: b.text(ctx, spec.title, base), ...(spec.back ? { back: true } : {}) }) } : {}),
        body: col({ flex: 1, bg: t.surfaceContainerLow },
          (spec.sort || filters.length > 0) && row({ bg: t.surface, id: 'filter_bar' },
            spec.sort && filterTab(ctx, { label: sortLabel && sort !== spec.sort.options[0].value ? b.text(ctx, sortLabel.label, base) : b.text(ctx, spec.sort.label, base), active: sort !== spec.sort.options[0].value, id: spec.sort.id ?? 'sort_tab', accent, onClick: () => { ctx.screen.ui.sheet = 'sort'; } }),
            ...filters.map((x) => {
              const o = x.options.find((y) => y.value === chosen[x.key]);
              return filterTab(ctx, { label: o ? b.text(ctx, o.label, base) : b.text(ctx, x.label, base), active: o !== undefined, id: x.id ?? `${x.key}_tab`, accent, onClick: () => { ctx.screen.ui.sheet = `filter:${x.key}`; } });
            }),
          ),
          { height: 1, bg: t.outlineVariant },
          rows.length === 0
            ? emptyState(ctx, (spec.empty?.icon ?? 'search') as IconName, b.text(ctx, spec.empty?.text, base))
            : scrollList(`${itemId}s`, [...rows.flatMap((r) => [card(r), { height: 8 }]), { height: 24 }]),
        ),
      }),
      dialog,
      onBack: () => {
        if (sheet) { close(); return true; }
        return false;
      },
    };
  };
}
