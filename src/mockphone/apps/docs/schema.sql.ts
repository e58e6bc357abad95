// Docs database (/data/data/com.phonebuddy.docs/databases/docs.db). The editor writes every
// change straight through, so a verifier sees what is on screen.
export const DOCS_SCHEMA = `
CREATE TABLE documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT 'new',   -- seed | new | share (created from the share sheet)
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  shared_to TEXT                        -- package the link was last shared to
);
`;
