// The calendar module: a month grid (‹ › and Today in the app bar, a dot under days with
// events, tap a day to select it) above the selected day's agenda (a colour bar, the title, the
// time and place, a bell when it has a reminder), and a floating button. Tapping a day can also
// run actions with `day` (YYYY-MM-DD): a date picker. Extracted from Calendar's month view,
// which is now this module with Calendar's parameters (calendar/calendar.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { brandBar } from '../catalog-shared/widgets';
import { fab, scaffold, scrollList } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, stringOf, type Bindings, type Scope } from './bindings';
import type { CalendarScreenSpec } from './spec';

/** What a TypeScript app does instead of an item's or the button's actions (Calendar's editor opens with its fields filled). */
export interface CalendarHooks {
  tap?(ctx: AppContext, row: Record<string, unknown>): void;
  fab?(ctx: AppContext, day: string): void;
}

const DAY = 86_400_000;
export const CALENDAR_ACCENT = '#1A73E8';

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function hhmm(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
}

/** Building an Intl.DateTimeFormat is slow (Calendar built nine a render): made once per locale. */
const FORMATS = new Map<string, { weekdays: string[]; month: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

function formatsFor(locale: string): { weekdays: string[]; month: Intl.DateTimeFormat; day: Intl.DateTimeFormat } {
  let f = FORMATS.get(locale);
  if (!f) {
    const narrow = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'narrow' });
    FORMATS.set(locale, (f = {
      weekdays: Array.from({ length: 7 }, (_, i) => narrow.format(Date.UTC(2026, 2, 1 + i))),
      month: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'long' }),
      day: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }),
    }));
  }
  return f;
}

interface Ev { row: Record<string, unknown>; title: string; start: number; end: number; place: string; color: string; bell: boolean }

export function calendarScreen(spec: CalendarScreenSpec, b: Bindings, hooks: CalendarHooks = {}): (ctx: AppContext) => ScreenOutput {
  const accent = spec.accent ?? CALENDAR_ACCENT;
  const it = spec.item;
  return (ctx) => {
    const t = ctx.theme;
    const now = new Date(ctx.now());
    const offset = Number(ctx.screen.ui.month ?? 0);
    const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1);
    const firstDate = new Date(first);
    const selected = String(ctx.screen.ui.selected ?? isoDay(ctx.now()));
    const selStart = Date.parse(`${selected}T00:00:00Z`);
    const today = isoDay(ctx.now());
    const gridStart = first - firstDate.getUTCDay() * DAY;
    const gridEnd = gridStart + 42 * DAY;
    const base = b.scope(ctx, { day: selected, from: Math.min(gridStart, selStart), to: Math.max(gridEnd, selStart + DAY) });
    // One scope for every row (evaluation is synchronous and nothing keeps it): no copy per event.
    const s: Scope = extend(base, { row: null });
    const events: Ev[] = b.query(ctx, spec.query, base).map((r) => {
      s.row = r;
      return {
        row: r, title: stringOf(b.eval(it.title, s)), start: Number(b.eval(it.start, s)), end: Number(b.eval(it.end, s)),
        place: it.place ? stringOf(b.eval(it.place, s)) : '', color: it.color ? stringOf(b.eval(it.color, s)) : accent, bell: it.bell ? b.eval(it.bell, s) === true : false,
      };
    });
    const counts = new Map<string, number>();
    for (const e of events) {
      if (e.start < gridStart || e.start >= gridEnd) continue;
      const k = isoDay(e.start);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const f = formatsFor(ctx.locale);
    const weekdays = f.weekdays;
    const title = f.month.format(first);
    const pick = (iso: string) => {
      ctx.screen.ui.selected = iso;
      b.run(ctx, spec.select, { ...base, day: iso });
    };
    const weeks: View[] = [];
    for (let w = 0; w < 6; w++) {
      weeks.push(row({ height: 48 }, ...Array.from({ length: 7 }, (_, i) => {
        const ms = gridStart + (w * 7 + i) * DAY;
        const iso = isoDay(ms);
        const inMonth = new Date(ms).getUTCMonth() === firstDate.getUTCMonth();
        const isSel = iso === selected;
        const isToday = iso === today;
        return col({ flex: 1, height: 48, align: 'center', justify: 'center', gap: 2, onClick: () => pick(iso), id: 'day_cell', desc: iso, selected: isSel },
          { text: String(new Date(ms).getUTCDate()), type: 'bodyMedium', width: 32, height: 32, circle: isSel || isToday, bg: isSel ? accent : isToday ? `${accent}22` : undefined,
            color: isSel ? '#FFFFFF' : inMonth ? t.onSurface : t.outline, textAlign: 'center' },
          { width: 5, height: 5, circle: true, bg: counts.has(iso) ? (isSel ? accent : t.onSurfaceVariant) : undefined },
        );
      })));
    }
    const agenda = events.filter((e) => e.start < selStart + DAY && e.end > selStart);
    const itemId = it.id ?? 'event';
    const eventRow = (e: Ev): View => row({ padding: [10, 16], gap: 12, onClick: () => (hooks.tap ? hooks.tap(ctx, e.row) : b.run(ctx, it.tap, { ...base, row: e.row })), id: itemId, desc: e.title },
      { width: 4, height: 40, radius: 2, bg: e.color },
      col({ flex: 1, gap: 2 },
        { text: e.title, type: 'bodyLarge', color: t.onSurface, maxLines: 1, id: `${itemId}_title` },
        { text: `${hhmm(e.start)} – ${hhmm(e.end)}${e.place ? ` · ${e.place}` : ''}`, type: 'bodySmall', color: t.onSurfaceVariant, maxLines: 1, id: `${itemId}_time` }),
      e.bell && { icon: 'notifications', width: 18, height: 18, color: t.onSurfaceVariant },
    );
    const l = spec.labels ?? {};
    return {
      view: scaffold(ctx, {
        appBar: brandBar(ctx, { title, bg: t.surface, fg: t.onSurface, actions: [
          { icon: 'chevron_left', desc: b.text(ctx, l.prev ?? 'Previous', base), id: 'prev_month', onClick: () => { ctx.screen.ui.month = offset - 1; } },
          { icon: 'chevron_right', desc: b.text(ctx, l.next ?? 'Next', base), id: 'next_month', onClick: () => { ctx.screen.ui.month = offset + 1; } },
          { icon: 'calendar', desc: b.text(ctx, l.today ?? 'Today', base), id: 'today', onClick: () => { ctx.screen.ui.month = 0; ctx.screen.ui.selected = today; } },
          ...(spec.actions ?? []).map((a) => ({ icon: a.icon as IconName, desc: b.text(ctx, a.desc, base), id: a.id, onClick: () => b.run(ctx, a.do, base) })),
        ] }),
        body: col({ flex: 1 },
          row({ height: 32, padding: [0, 4] }, ...weekdays.map((d) => ({ text: d, type: 'labelMedium' as const, color: t.onSurfaceVariant, flex: 1, textAlign: 'center' as const }))),
          col({ padding: [0, 4], id: 'month_grid' }, ...weeks),
          { height: 1, bg: t.outlineVariant, margin: [8, 0, 0, 0] },
          { text: f.day.format(selStart), type: 'titleSmall', color: t.onSurface, padding: [12, 16, 4, 16], id: 'selected_day' },
          agenda.length === 0 ? { text: b.text(ctx, l.empty ?? 'No events', base), type: 'bodyMedium', color: t.onSurfaceVariant, padding: [8, 16], id: 'no_events' } : scrollList('agenda', agenda.map(eventRow)),
        ),
        ...(spec.fab ? { fab: fab(ctx, { icon: spec.fab.icon as IconName, desc: b.text(ctx, spec.fab.desc, base), id: spec.fab.id ?? 'fab', onClick: () => (hooks.fab ? hooks.fab(ctx, selected) : b.run(ctx, spec.fab!.do, base)) }) } : {}),
      }),
    };
  };
}
