// Calendar: a month grid with the selected day's agenda, a day view with an hour timeline, and
// an event editor (title, date, start/end time, location, reminder). A reminder is a virtual-time
// timer that posts a notification deep-linking to the event.
import type { AppContext, Screen } from '../app';
import { brandBar, chip, chipRows } from '../catalog-shared/widgets';
import { alertDialog, fab, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row, stack, type View } from '../../ui/view';

export const BLUE = '#1A73E8';
const DAY = 86_400_000;
const REMINDERS: (number | null)[] = [null, 5, 15, 30, 60, 1440];

interface EventRow { id: number; title: string; start_at: number; end_at: number; location: string; reminder_minutes: number | null; color: string }

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayStart(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

function hhmm(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
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

function openEditor(ctx: AppContext, e?: EventRow, day?: string): void {
  const d = e ? isoDay(e.start_at) : day ?? isoDay(ctx.now());
  ctx.push('edit', { id: e?.id, day: d }, {
    fields: { title: e?.title ?? '', date: d, start: e ? hhmm(e.start_at) : '09:00', end: e ? hhmm(e.end_at) : '10:00', location: e?.location ?? '' },
    ui: { reminder: e ? e.reminder_minutes : 15 },
    focus: e ? undefined : 'title',
  });
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

const day: Screen = (ctx) => {
  const t = ctx.theme;
  const iso = String(ctx.screen.params.day ?? isoDay(ctx.now()));
  const events = eventsOn(ctx, iso);
  const s = dayStart(iso);
  const HOUR = 56;
  const hours = Array.from({ length: 24 }, (_, h) => row({ height: HOUR, gap: 8 },
    { text: `${String(h).padStart(2, '0')}:00`, type: 'labelSmall', color: t.onSurfaceVariant, width: 48, textAlign: 'right' },
    { flex: 1, height: 1, bg: t.outlineVariant }));
  const blocks = events.map((e) => {
    const top = Math.max(0, (e.start_at - s) / 3_600_000) * HOUR;
    const h = Math.max(24, ((Math.min(e.end_at, s + DAY) - Math.max(e.start_at, s)) / 3_600_000) * HOUR - 2);
    return col({ pos: { left: 64, top, right: 8 }, width: 300, height: h, radius: 6, bg: e.color, padding: [4, 8], onClick: () => openEditor(ctx, e), id: 'event', desc: e.title },
      { text: e.title, type: 'labelLarge', color: '#FFFFFF', maxLines: 1 },
      h > 40 && { text: `${hhmm(e.start_at)} – ${hhmm(e.end_at)}${e.location ? ` · ${e.location}` : ''}`, type: 'labelSmall', color: '#FFFFFF', maxLines: 1 });
  });
  const title = new Intl.DateTimeFormat(ctx.locale, { timeZone: 'UTC', weekday: 'short', month: 'long', day: 'numeric' }).format(s);
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title, back: true, bg: t.surface, fg: t.onSurface, actions: [
        { icon: 'chevron_left', desc: ctx.t('prev'), id: 'prev_day', onClick: () => ctx.replace('day', { day: isoDay(s - DAY) }) },
        { icon: 'chevron_right', desc: ctx.t('next'), id: 'next_day', onClick: () => ctx.replace('day', { day: isoDay(s + DAY) }) },
      ] }),
      body: col({ flex: 1, scrollKey: 'timeline', id: 'timeline' }, stack({ height: HOUR * 24 }, col({ pos: { left: 0, top: 0 } }, ...hours), ...blocks)),
      fab: fab(ctx, { icon: 'add', desc: ctx.t('newEvent'), id: 'new_event', onClick: () => openEditor(ctx, undefined, iso) }),
    }),
  };
};

const edit: Screen = (ctx) => {
  const t = ctx.theme;
  // Outlined fields show their hint only while empty, so each keeps a caption above it.
  const labeled = (label: string, field: View, flex?: number): View => col({ gap: 4, flex }, { text: label, type: 'labelMedium', color: t.onSurfaceVariant }, field);
  const id = ctx.screen.params.id as number | undefined;
  const reminder = (ctx.screen.ui.reminder ?? null) as number | null;
  const label = (m: number | null) => (m === null ? ctx.t('none') : m === 60 ? ctx.t('hour') : m === 1440 ? ctx.t('day') : ctx.t('min', { n: m }));
  const save = () => {
    const title = ctx.field('title').trim();
    const date = ctx.field('date').trim();
    const [st, en] = [ctx.field('start').trim(), ctx.field('end').trim()];
    if (title === '') { ctx.toast(ctx.t('needTitle')); return; }
    const time = /^([01]?\d|2[0-3]):([0-5]\d)$/;
    const d = /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayStart(date) : NaN;
    const ms = (s: string) => { const m = time.exec(s); return m ? Number(m[1]) * 3_600_000 + Number(m[2]) * 60_000 : NaN; };
    if (Number.isNaN(d) || Number.isNaN(ms(st)) || Number.isNaN(ms(en))) { ctx.toast(ctx.t('badTime')); return; }
    const start = d + ms(st);
    const end = d + ms(en);
    if (end <= start) { ctx.toast(ctx.t('endBefore')); return; }
    const now = ctx.now();
    const loc = ctx.field('location').trim();
    let eventId = id;
    if (eventId === undefined) eventId = ctx.db.run('INSERT INTO events (title, start_at, end_at, location, reminder_minutes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [title, start, end, loc, reminder, now, now]);
    else ctx.db.run('UPDATE events SET title = ?, start_at = ?, end_at = ?, location = ?, reminder_minutes = ?, updated_at = ? WHERE id = ?', [title, start, end, loc, reminder, now, eventId]);
    if (reminder !== null && start - reminder * 60_000 > now) ctx.setTimer(start - reminder * 60_000 - now, 'remind', { id: eventId, version: now });
    ctx.focus(undefined);
    ctx.pop();
    ctx.toast(ctx.t('saved'));
  };
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t(id === undefined ? 'newEvent' : 'editEvent'), back: true, bg: t.surface, fg: t.onSurface, actions: [
        ...(id !== undefined ? [{ icon: 'delete' as const, desc: ctx.t('delete'), id: 'delete', onClick: () => { ctx.screen.ui.confirm = true; } }] : []),
        { icon: 'check', desc: ctx.t('save'), id: 'save_event', onClick: save },
      ] }),
      body: col({ flex: 1, padding: [8, 16], gap: 12, scrollKey: 'editor' },
        { ...textField(ctx, { key: 'title', hint: ctx.t('titleHint'), style: 'plain', id: 'event_title_input' }), textSize: 22 },
        labeled(`${ctx.t('date')} (YYYY-MM-DD)`, textField(ctx, { key: 'date', label: 'YYYY-MM-DD', id: 'event_date_input' })),
        row({ gap: 12 },
          labeled(ctx.t('start'), textField(ctx, { key: 'start', label: '09:00', id: 'event_start_input' }), 1),
          labeled(ctx.t('end'), textField(ctx, { key: 'end', label: '10:00', id: 'event_end_input' }), 1)),
        textField(ctx, { key: 'location', label: ctx.t('location'), id: 'event_location_input' }),
        { text: ctx.t('reminder'), type: 'titleSmall', color: t.onSurface },
        chipRows(REMINDERS.map((m) => chip(ctx, { label: label(m), selected: reminder === m, accent: BLUE, id: 'reminder_option', onClick: () => { ctx.screen.ui.reminder = m; } })), 3),
      ),
    }),
    dialog: ctx.screen.ui.confirm ? {
      view: alertDialog(ctx, { title: `${ctx.t('delete')}?`, buttons: [
        { label: ctx.t('none') === '不提醒' ? '取消' : 'Cancel', onClick: () => { delete ctx.screen.ui.confirm; } },
        { label: ctx.t('delete'), id: 'confirm_delete', onClick: () => { ctx.db.run('DELETE FROM events WHERE id = ?', [id!]); ctx.pop(); ctx.toast(ctx.t('deleted')); } },
      ] }),
      onDismiss: () => { delete ctx.screen.ui.confirm; },
    } : undefined,
  };
};

/** One event, read-only (what a reminder notification opens), with an Edit button. */
const event: Screen = (ctx) => {
  const t = ctx.theme;
  const e = ctx.db.query('SELECT * FROM events WHERE id = ?', [Number(ctx.screen.params.id)])[0] as unknown as EventRow | undefined;
  if (!e) return { view: scaffold(ctx, { appBar: brandBar(ctx, { title: '', back: true, bg: t.surface, fg: t.onSurface }), body: { text: ctx.t('noEvents'), padding: 24, color: t.onSurfaceVariant } }) };
  const line = (icon: 'schedule' | 'place' | 'notifications', text: string, id: string): View => row({ gap: 16, padding: [8, 0] }, { icon, width: 22, height: 22, color: t.onSurfaceVariant }, { text, type: 'bodyLarge', color: t.onSurface, flex: 1, id });
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: '', back: true, bg: t.surface, fg: t.onSurface, actions: [{ icon: 'edit', desc: ctx.t('editEvent'), id: 'edit_event', onClick: () => { ctx.pop(); openEditor(ctx, e); } }] }),
      body: col({ flex: 1, padding: [8, 24], gap: 8 },
        row({ gap: 16 }, { width: 16, height: 16, radius: 4, bg: e.color }, { text: e.title, type: 'headlineSmall', color: t.onSurface, flex: 1, id: 'event_title' }),
        line('schedule', `${isoDay(e.start_at)} ${hhmm(e.start_at)} – ${hhmm(e.end_at)}`, 'event_time'),
        e.location !== '' && line('place', e.location, 'event_location'),
        line('notifications', e.reminder_minutes === null ? ctx.t('none') : e.reminder_minutes === 60 ? ctx.t('hour') : e.reminder_minutes === 1440 ? ctx.t('day') : ctx.t('min', { n: e.reminder_minutes }), 'event_reminder'),
      ),
    }),
  };
};

export const CALENDAR_SCREENS = { month, day, edit, event };
