// Assistant database (/data/data/com.phonebuddy.assistant/databases/assistant.db).
// Every reply is a row of `generations` with its own id, so a verifier can tell the text
// generated during a task (id above the seeded ones, created_at after the reset) from old text.
export const ASSISTANT_SCHEMA = `
CREATE TABLE conversations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE generations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  prompt TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT '',          -- leave_request | summary | translation | list | chat
  text TEXT NOT NULL DEFAULT '',          -- empty while status = 'pending'
  status TEXT NOT NULL DEFAULT 'pending', -- pending | done
  created_at INTEGER NOT NULL,
  copied_at INTEGER,                      -- last time the Copy button copied it
  shared_to TEXT                          -- package it was last shared to
);
`;
