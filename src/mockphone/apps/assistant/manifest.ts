import type { AppManifest } from '../app';
import { assistantInfo } from './info';
import { ASSISTANT_SCREENS } from './screens';
import { seedAssistant } from './seed';
import { generate } from './templates';

export { ASSISTANT_PACKAGE } from './info';

export const assistantApp: AppManifest = {
  ...assistantInfo,
  database: { ...assistantInfo.database!, seed: seedAssistant },
  home: 'chat',
  screens: ASSISTANT_SCREENS,
  timers: {
    /** The reply to a prompt is ready: fill in the generation's text. */
    reply: (ctx, payload) => {
      const { id } = payload as { id: number };
      const g = ctx.db.query('SELECT prompt, status FROM generations WHERE id = ?', [id])[0];
      if (!g || g.status !== 'pending') return;
      const out = generate(String(g.prompt), ctx.locale, ctx.now());
      ctx.db.run('UPDATE generations SET kind = ?, text = ?, status = \'done\' WHERE id = ?', [out.kind, out.text, id]);
      if (ctx.screen.name === 'chat') ctx.screen.scroll.conversation = 1e9;
    },
  },
};
