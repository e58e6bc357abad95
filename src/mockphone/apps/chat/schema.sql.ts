// Chat database (/data/data/com.phonebuddy.chat/databases/chat.db): contacts, chats, messages,
// the mini-program list — and the Travel mini-program's own tables (see travel/schema.sql.ts),
// since a mini-program's data lives inside the super-app.
import { TRAVEL_SCHEMA } from '../travel/schema.sql';

export const CHAT_SCHEMA = `
CREATE TABLE contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  wxid TEXT NOT NULL UNIQUE,
  region TEXT NOT NULL DEFAULT ''
);
CREATE TABLE chats (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  contact_id INTEGER REFERENCES contacts(id),  -- NULL for File Transfer
  title TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  unread INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  chat_id INTEGER NOT NULL REFERENCES chats(id),
  from_me INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE mini_programs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,        -- travel, …
  name TEXT NOT NULL,
  available INTEGER NOT NULL,      -- 1 when it opens (the others say "coming soon")
  last_opened_at INTEGER,
  icon TEXT,                       -- a declared mini-program's glyph and colour (modules/mini-program.ts)
  color TEXT
);
` + TRAVEL_SCHEMA;
