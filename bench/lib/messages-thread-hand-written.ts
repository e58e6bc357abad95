// Messages' thread as it was written by hand before it became the thread module
// (src/mockphone/apps/messages/messages.app.ts): kept only as the baseline of bench/apps.bench.ts.
import type { AppContext, Screen } from '../../src/mockphone/apps/app';
import { sendMessage, threadFor, when } from '../../src/mockphone/apps/messages/screens';
import { normalizePhone } from '../../src/mockphone/apps/shared/people';
import { appBar, popupMenu, scaffold, textField } from '../../src/mockphone/ui/widgets';
import { col, row, type View } from '../../src/mockphone/ui/view';

interface MessageRow {
  id: number;
  body: string;
  date: number;
  type: number;
}

function bubble(ctx: AppContext, m: MessageRow): View {
  const t = ctx.theme;
  const mine = m.type === 2;
  return row({ justify: mine ? 'end' : 'start', padding: [2, 12], onLongClick: () => { ctx.screen.ui.copyFor = m.id; } },
    col({ padding: [10, 16], radius: 20, bg: mine ? t.primary : t.surfaceContainerHigh, gap: 2, id: 'message', desc: m.body },
      { text: m.body, type: 'bodyLarge', color: mine ? t.onPrimary : t.onSurface, id: 'message_text', selectable: true },
    ),
  );
}

const thread: Screen = (ctx) => {
  const t = ctx.theme;
  const p = ctx.screen.params as { threadId?: number; address: string; name: string };
  const threadId = p.threadId ?? (ctx.db.query('SELECT id, address FROM threads').find((r) => normalizePhone(String(r.address)) === normalizePhone(p.address))?.id as number | undefined);
  const msgs = threadId === undefined ? [] : ctx.db.query('SELECT id, body, date, type FROM messages WHERE thread_id = ? ORDER BY date, id', [threadId]) as unknown as MessageRow[];
  const children: View[] = [];
  let lastDay = -1;
  for (const m of msgs) {
    const day = Math.floor(m.date / 86_400_000);
    if (day !== lastDay) {
      lastDay = day;
      children.push({ text: `${when(ctx, m.date)}`, type: 'labelMedium', color: t.onSurfaceVariant, textAlign: 'center', padding: [16, 0, 8, 0] });
    }
    children.push(bubble(ctx, m));
  }
  const draft = ctx.field('compose');
  const send = () => {
    const body = ctx.field('compose');
    if (body.trim() === '') return;
    const id = threadId ?? threadFor(ctx, p.address, p.name);
    ctx.screen.params.threadId = id;
    sendMessage(ctx, id, body);
    ctx.setField('compose', '');
    ctx.screen.scroll.messages = 1e9; // stick to the newest message
  };
  const copyFor = ctx.screen.ui.copyFor as number | undefined;
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, { title: p.name || p.address, back: true, actions: [{ icon: 'phone', desc: ctx.t('call'), id: 'call', onClick: () => ctx.toast(`${ctx.t('call')} ${p.address}`) }] }),
      body: col({ flex: 1, scrollKey: 'messages', padding: [0, 0, 8, 0], justify: 'end' }, ...children),
      bottom: row({ padding: [8, 8, 8, 12], gap: 8, bg: t.surface, id: 'compose_bar' },
        textField(ctx, { key: 'compose', hint: ctx.t('textMessage'), style: 'search', id: 'compose_message_text', flex: 1, multiline: false, onSubmit: send }),
        { icon: 'send', iconSize: 24, width: 48, height: 48, circle: true, bg: draft.trim() ? t.primary : t.surfaceContainerHighest, color: draft.trim() ? t.onPrimary : t.outline,
          onClick: send, desc: ctx.t('send'), id: 'send_message_button', enabled: draft.trim() !== '', cls: 'android.widget.ImageButton' },
      ),
    }),
    dialog: copyFor !== undefined ? {
      view: popupMenu(ctx, [{ label: ctx.t('copy'), id: 'copy', onClick: () => {
        const m = msgs.find((x) => x.id === copyFor);
        if (m) ctx.setClipboard(m.body);
        delete ctx.screen.ui.copyFor;
        ctx.toast(ctx.t('copied'));
      } }]),
      onDismiss: () => { delete ctx.screen.ui.copyFor; },
    } : undefined,
  };
};

export const MESSAGES_HAND_WRITTEN = { thread };
