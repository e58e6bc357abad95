// Calendar's month view as it was written by hand before it became the calendar module
// (src/mockphone/apps/calendar/calendar.app.ts): kept only as the baseline of bench/apps.bench.ts.
import type { AppContext, Screen } from '../../src/mockphone/apps/app';
import { BLUE, openEditor, type EventRow } from '../../src/mockphone/apps/calendar/screens';
import { brandBar } from '../../src/mockphone/apps/catalog-shared/widgets';
import { hhmm, isoDay } from '../../src/mockphone/apps/modules/calendar';
import { fab, scaffold, scrollList } from '../../src/mockphone/ui/widgets';
import { col, row, type View } from '../../src/mockphone/ui/view';

const DAY = 86_400_000;

function dayStart(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

function eventsOn(ctx: AppContext, iso: string): EventRow[] {
  const s = dayStart(iso);
  return ctx.db.query('SELECT * FROM events WHERE start_at < ? AND end_at > ? ORDER BY start_at, id', [s + DAY, s]) as unknown as EventRow[];
}

function eventRow(ctx: AppContext, e: EventRow): View {
  const t = ctx.theme;
  return row({ padding: [10, 16], gap: 12, onClick: () => openEditor(ctx, e), id: 'event', desc: e.title },
    { width: 4, height: 40, radius: 2, bg: e.color },
    col({ flex: 1, gap: 2 },
      { text: e.title, type: 'bodyLarge', color: t.onSurface, maxLines: 1, id: 'event_title' },
      { text: `${hhmm(e.start_at)} – ${hhmm(e.end_at)}${e.location ? ` · ${e.location}` : ''}`, type: 'bodySmall', color: t.onSurfaceVariant, maxLines: 1, id: 'event_time' }),
    e.reminder_minutes !== null && { icon: 'notifications', width: 18, height: 18, color: t.onSurfaceVariant },
  );
}

const month: Screen = (ctx) => {
  const t = ctx.theme;
  const now = new Date(ctx.now());
  const offset = Number(ctx.screen.ui.month ?? 0);
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1);
  const firstDate = new Date(first);
  const selected = String(ctx.screen.ui.selected ?? isoDay(ctx.now()));
  const today = isoDay(ctx.now());
  const gridStart = first - firstDate.getUTCDay() * DAY;
  const counts = new Map<string, number>();
  for (const r of ctx.db.query('SELECT start_at FROM events WHERE start_at >= ? AND start_at < ?', [gridStart, gridStart + 42 * DAY])) {
    const k = isoDay(Number(r.start_at));
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const weekdays = Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(ctx.locale, { timeZone: 'UTC', weekday: 'narrow' }).format(Date.UTC(2026, 2, 1 + i)));
  const title = new Intl.DateTimeFormat(ctx.locale, { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(first);
  const weeks: View[] = [];
  for (let w = 0; w < 6; w++) {
    weeks.push(row({ height: 48 }, ...Array.from({ length: 7 }, (_, i) => {
      const ms = gridStart + (w * 7 + i) * DAY;
      const iso = isoDay(ms);
      const inMonth = new Date(ms).getUTCMonth() === firstDate.getUTCMonth();
      const isSel = iso === selected;
      const isToday = iso === today;
      return col({ flex: 1, height: 48, align: 'center', justify: 'center', gap: 2, onClick: () => { ctx.screen.ui.selected = iso; }, id: 'day_cell', desc: iso, selected: isSel },
        { text: String(new Date(ms).getUTCDate()), type: 'bodyMedium', width: 32, height: 32, circle: isSel || isToday, bg: isSel ? BLUE : isToday ? `${BLUE}22` : undefined,
          color: isSel ? '#FFFFFF' : inMonth ? t.onSurface : t.outline, textAlign: 'center' },
        { width: 5, height: 5, circle: true, bg: counts.has(iso) ? (isSel ? BLUE : t.onSurfaceVariant) : undefined },
      );
    })));
  }
  const agenda = eventsOn(ctx, selected);
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title, bg: t.surface, fg: t.onSurface, actions: [
        { icon: 'chevron_left', desc: ctx.t('prev'), id: 'prev_month', onClick: () => { ctx.screen.ui.month = offset - 1; } },
        { icon: 'chevron_right', desc: ctx.t('next'), id: 'next_month', onClick: () => { ctx.screen.ui.month = offset + 1; } },
        { icon: 'calendar', desc: ctx.t('today'), id: 'today', onClick: () => { ctx.screen.ui.month = 0; ctx.screen.ui.selected = today; } },
        { icon: 'schedule', desc: ctx.t('dayView'), id: 'day_view', onClick: () => ctx.push('day', { day: selected }) },
      ] }),
      body: col({ flex: 1 },
        row({ height: 32, padding: [0, 4] }, ...weekdays.map((d) => ({ text: d, type: 'labelMedium' as const, color: t.onSurfaceVariant, flex: 1, textAlign: 'center' as const }))),
        col({ padding: [0, 4], id: 'month_grid' }, ...weeks),
        { height: 1, bg: t.outlineVariant, margin: [8, 0, 0, 0] },
        { text: new Intl.DateTimeFormat(ctx.locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(dayStart(selected)), type: 'titleSmall', color: t.onSurface, padding: [12, 16, 4, 16], id: 'selected_day' },
        agenda.length === 0 ? { text: ctx.t('noEvents'), type: 'bodyMedium', color: t.onSurfaceVariant, padding: [8, 16], id: 'no_events' } : scrollList('agenda', agenda.map((e) => eventRow(ctx, e))),
      ),
      fab: fab(ctx, { icon: 'add', desc: ctx.t('newEvent'), id: 'new_event', onClick: () => openEditor(ctx, undefined, selected) }),
    }),
  };
};

export const CALENDAR_HAND_WRITTEN = { month };
