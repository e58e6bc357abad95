import type { AppManifest } from '../app';
import { messagesInfo } from './info';
import { seedMessages } from './seed';
import { MESSAGES_SCREENS } from './screens';

export const messagesApp: AppManifest = {
  ...messagesInfo,
  database: { ...messagesInfo.database!, seed: seedMessages },
  home: 'list',
  screens: MESSAGES_SCREENS,
  timers: {
    /** A reply to a question arrives; the owner gets a notification banner. */
    reply: (ctx, payload) => {
      const { threadId, line } = payload as { threadId: number; line: string };
      const t = ctx.db.query('SELECT address, name FROM threads WHERE id = ?', [threadId])[0];
      if (!t) return;
      const body = ctx.t(line);
      const now = ctx.now();
      const viewing = ctx.screen.name === 'thread' && ctx.screen.params.threadId === threadId;
      ctx.db.run('INSERT INTO messages (thread_id, address, body, date, type, read) VALUES (?, ?, ?, ?, 1, ?)', [threadId, t.address, body, now, viewing ? 1 : 0]);
      ctx.db.run('UPDATE threads SET snippet = ?, date = ?, unread = ? WHERE id = ?', [body, now, viewing ? 0 : 1, threadId]);
      ctx.notify(String(t.name || t.address), body);
    },
  },
};
