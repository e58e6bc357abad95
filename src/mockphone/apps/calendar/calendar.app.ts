// Calendar's month view, declared: the calendar module with Calendar's parameters (events
// overlapping the month, a bell for a reminder, the day-view button). Tapping an event or the
// + button opens the editor with its fields filled (screens.ts's openEditor, TypeScript: its
// reminder choice is screen state no action sets).
import type { CalendarScreenSpec } from '../modules/spec';

export const CALENDAR_MONTH_SPEC: CalendarScreenSpec & { at: string } = {
  module: 'calendar',
  query: { sql: 'SELECT * FROM events WHERE start_at < ? AND end_at > ? ORDER BY start_at, id', args: ['to', 'from'] },
  item: { title: 'row.title', start: 'row.start_at', end: 'row.end_at', place: 'row.location', color: 'row.color', bell: 'row.reminder_minutes != null', id: 'event' },
  accent: '#1A73E8',
  labels: { prev: '@prev', next: '@next', today: '@today', empty: '@noEvents' },
  actions: [{ icon: 'schedule', desc: '@dayView', id: 'day_view', do: [{ navigate: 'day', params: { day: 'day' } }] }],
  fab: { icon: 'add', desc: '@newEvent', id: 'new_event', do: [] },
  at: 'src/mockphone/apps/calendar/calendar.app.ts:7',
};
