import type { AppManifest } from '../app';
import { calendarInfo } from './info';
import { CALENDAR_SCREENS, isoDay } from './screens';
import { seedCalendar } from './seed';

export { CALENDAR_PACKAGE } from './info';

export const calendarApp: AppManifest = {
  ...calendarInfo,
  database: { ...calendarInfo.database!, seed: seedCalendar },
  home: 'month',
  screens: CALENDAR_SCREENS,
  timers: {
    /** An event's reminder is due: a notification that opens the event. */
    remind: (ctx, payload) => {
      const { id, version } = payload as { id: number; version: number };
      const e = ctx.db.query('SELECT title, start_at, location, updated_at FROM events WHERE id = ?', [id])[0];
      if (!e || Number(e.updated_at) !== version) return; // deleted or edited since (a newer timer exists)
      const when = `${isoDay(Number(e.start_at))} ${new Date(Number(e.start_at)).toISOString().slice(11, 16)}`;
      ctx.notify(String(e.title), e.location ? ctx.t('reminderText', { time: when, place: String(e.location) }) : when, { screen: 'event', params: { id } });
    },
  },
};
