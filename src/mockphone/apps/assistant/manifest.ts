import type { AppManifest } from '../app';
import { ASSISTANT_SCHEMA } from './schema.sql';
import { ASSISTANT_SCREENS } from './screens';
import { seedAssistant } from './seed';
import { ASSISTANT_STRINGS } from './strings';
import { generate } from './templates';

export const ASSISTANT_PACKAGE = 'com.phonebuddy.assistant';

export const assistantApp: AppManifest = {
  package: ASSISTANT_PACKAGE,
  label: { 'en-US': 'Assistant', 'zh-CN': '元宝' },
  icon: { glyph: 'auto_awesome', bg: '#3B5BFD' },
  database: { file: 'assistant.db', schema: ASSISTANT_SCHEMA, seed: seedAssistant },
  strings: ASSISTANT_STRINGS,
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
