// Messages' thread, declared: the thread module with Messages' parameters (bubbles by day, a
// copy menu, the call button, the composer). Its send is TypeScript (screens.ts): it creates
// the thread for a new address and schedules the reply to a question — no action does that.
import type { ThreadScreenSpec } from '../modules/spec';

export const MESSAGES_THREAD_SPEC: ThreadScreenSpec & { at: string } = {
  module: 'thread',
  title: "=params.name != '' ? params.name : params.address",
  query: { sql: 'SELECT id, body, date, type FROM messages WHERE thread_id = ? ORDER BY date, id', args: ['threadId'] },
  message: { body: 'row.body', mine: 'row.type == 2', time: 'row.date', id: 'message' },
  days: { yesterday: '@yesterday' },
  composer: { key: 'compose', hint: '@textMessage', id: 'compose_message_text', sendId: 'send_message_button', sendDesc: '@send' },
  send: [],
  actions: [{ icon: 'phone', desc: '@call', id: 'call', do: [{ toast: "=t.call + ' ' + params.address" }] }],
  copy: { label: '@copy', id: 'copy', toast: '@copied' },
  at: 'src/mockphone/apps/messages/messages.app.ts:6',
};
