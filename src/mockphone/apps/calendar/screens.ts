// Calendar: a month grid with the selected day's agenda, a day view with an hour timeline, and
// an event editor (title, date, start/end time, location, reminder). A reminder is a virtual-time
// timer that posts a notification deep-linking to the event.
import type { AppContext, Screen } from '../app';
import { brandBar, chip, chipRows } from '../catalog-shared/widgets';
import { Bindings } from '../modules/bindings';
import { CALENDAR_ACCENT, calendarScreen, hhmm, isoDay } from '../modules/calendar';
import { CEL_EXPRESSIONS } from '../modules/cel';
import { CALENDAR_MONTH_SPEC } from './calendar.app';
import { CALENDAR_STRINGS } from './strings';
import { alertDialog, fab, scaffold, textField } from '../../ui/widgets';
import { col, row, stack, type View } from '../../ui/view';

export { isoDay };

export const BLUE = CALENDAR_ACCENT;
const DAY = 86_400_000;
const REMINDERS: (number | null)[] = [null, 5, 15, 30, 60, 1440];

export interface EventRow { id: number; title: string; start_at: number; end_at: number; location: string; reminder_minutes: number | null; color: string }

function dayStart(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

function eventsOn(ctx: AppContext, iso: string): EventRow[] {
  const s = dayStart(iso);
  return ctx.db.query('SELECT * FROM events WHERE start_at < ? AND end_at > ? ORDER BY start_at, id', [s + DAY, s]) as unknown as EventRow[];
}

export function openEditor(ctx: AppContext, e?: EventRow, day?: string): void {
  const d = e ? isoDay(e.start_at) : day ?? isoDay(ctx.now());
  ctx.push('edit', { id: e?.id, day: d }, {
    fields: { title: e?.title ?? '', date: d, start: e ? hhmm(e.start_at) : '09:00', end: e ? hhmm(e.end_at) : '10:00', location: e?.location ?? '' },
    ui: { reminder: e ? e.reminder_minutes : 15 },
    focus: e ? undefined : 'title',
  });
}

/** The calendar module with Calendar's parameters; events and + open the editor. */
const month: Screen = calendarScreen(CALENDAR_MONTH_SPEC, new Bindings(CEL_EXPRESSIONS, CALENDAR_MONTH_SPEC.at, CALENDAR_STRINGS), {
  tap: (ctx, e) => openEditor(ctx, e as unknown as EventRow),
  fab: (ctx, d) => openEditor(ctx, undefined, d),
});

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
