// Messages database (/data/data/com.phonebuddy.messages/databases/mmssms.db), shaped after
// Android's telephony provider: messages.type 1 = received (inbox), 2 = sent.
export const MESSAGES_SCHEMA = `
CREATE TABLE threads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  address TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL DEFAULT '',
  snippet TEXT NOT NULL DEFAULT '',
  date INTEGER NOT NULL,
  unread INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  thread_id INTEGER NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  body TEXT NOT NULL,
  date INTEGER NOT NULL,
  type INTEGER NOT NULL,
  read INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX messages_thread ON messages(thread_id, date);
`;
