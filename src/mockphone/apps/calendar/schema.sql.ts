// Calendar database (/data/data/com.phonebuddy.calendar/databases/calendar.db). Times are
// virtual-clock ms (the phone's time zone is UTC).
export const CALENDAR_SCHEMA = `
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  start_at INTEGER NOT NULL,
  end_at INTEGER NOT NULL,
  location TEXT NOT NULL DEFAULT '',
  reminder_minutes INTEGER,        -- NULL = no reminder
  color TEXT NOT NULL DEFAULT '#1A73E8',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
`;
