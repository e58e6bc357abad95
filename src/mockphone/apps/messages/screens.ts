// Messages: conversation list, search, a thread with a compose bar, and a new-chat picker that
// suggests contacts (read from the Contacts app's database, like a content provider).
import type { AppContext, Screen } from '../app';
import { normalizePhone } from '../shared/people';
import { alertDialog, appBar, avatar, emptyState, fab, iconButton, listItem, popupMenu, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';

export const CONTACTS_PACKAGE = 'com.phonebuddy.contacts';

interface ThreadRow {
  id: number;
  address: string;
  name: string;
  snippet: string;
  date: number;
  unread: number;
}

interface MessageRow {
  id: number;
  body: string;
  date: number;
  type: number;
}

function when(ctx: AppContext, ms: number): string {
  const day = 86_400_000;
  const now = ctx.now();
  if (Math.floor(ms / day) === Math.floor(now / day)) return ctx.formatTime(ms);
  if (Math.floor(ms / day) === Math.floor(now / day) - 1) return ctx.t('yesterday');
  return ctx.formatDate(ms);
}

/** Finds or creates the thread for an address; returns its id. */
export function threadFor(ctx: AppContext, address: string, name: string): number {
  const norm = normalizePhone(address);
  const found = ctx.db.query('SELECT id, address FROM threads').find((r) => normalizePhone(String(r.address)) === norm);
  if (found) return Number(found.id);
  return ctx.db.run('INSERT INTO threads (address, name, snippet, date, unread) VALUES (?, ?, \'\', ?, 0)', [address, name, ctx.now()]);
}

export function sendMessage(ctx: AppContext, threadId: number, body: string): void {
  const t = ctx.db.query('SELECT address, name FROM threads WHERE id = ?', [threadId])[0];
  if (!t) return;
  const now = ctx.now();
  ctx.db.run('INSERT INTO messages (thread_id, address, body, date, type, read) VALUES (?, ?, ?, ?, 2, 1)', [threadId, t.address, body, now]);
  ctx.db.run('UPDATE threads SET snippet = ?, date = ? WHERE id = ?', [body, now, threadId]);
  // People answer questions: a reply arrives 30 s of virtual time later (with a notification).
  if (body.trim().endsWith('?') || body.trim().endsWith('？')) {
    ctx.setTimer(30_000, 'reply', { threadId, line: `reply${ctx.rng.int(1, 4)}` });
  }
}

function openThread(ctx: AppContext, t: { id: number; address: string; name: string }): void {
  ctx.db.run('UPDATE threads SET unread = 0 WHERE id = ? AND unread != 0', [t.id]);
  ctx.db.run('UPDATE messages SET read = 1 WHERE thread_id = ? AND read = 0', [t.id]);
  ctx.push('thread', { threadId: t.id, address: t.address, name: t.name }, { scroll: { messages: 1e9 } });
}

const list: Screen = (ctx) => {
  const threads = ctx.db.query('SELECT * FROM threads WHERE id IN (SELECT thread_id FROM messages) ORDER BY date DESC, id DESC') as unknown as ThreadRow[];
  const menuFor = ctx.screen.ui.menuFor as number | undefined;
  const confirm = ctx.screen.ui.confirmDelete as number | undefined;
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, { title: ctx.t('title'), actions: [{ icon: 'search', desc: ctx.t('search'), id: 'search', onClick: () => ctx.push('search', {}, { focus: 'q' }) }] }),
      body: threads.length === 0 ? emptyState(ctx, 'chat', ctx.t('empty')) : scrollList('threads', [
        ...threads.map((t) => listItem(ctx, {
          headline: t.name || t.address, supporting: t.snippet, trailing: when(ctx, t.date), leading: avatar(t.name || t.address), bold: !!t.unread,
          id: 'conversation', desc: t.name || t.address, onClick: () => openThread(ctx, t), onLongClick: () => { ctx.screen.ui.menuFor = t.id; },
        })),
        { height: 96 },
      ]),
      fab: fab(ctx, { icon: 'chat', label: ctx.t('startChat'), desc: ctx.t('startChat'), onClick: () => ctx.push('compose', {}, { focus: 'to' }), id: 'start_chat' }),
    }),
    dialog: confirm !== undefined ? {
      view: alertDialog(ctx, { title: ctx.t('deleteTitle'), buttons: [
        { label: ctx.t('cancel'), onClick: () => { delete ctx.screen.ui.confirmDelete; } },
        { label: ctx.t('delete'), id: 'confirm_delete', onClick: () => {
          ctx.db.run('DELETE FROM threads WHERE id = ?', [confirm]);
          delete ctx.screen.ui.confirmDelete;
          ctx.toast(ctx.t('deleted'));
        } },
      ] }),
      onDismiss: () => { delete ctx.screen.ui.confirmDelete; },
    } : menuFor !== undefined ? {
      view: popupMenu(ctx, [{ label: ctx.t('delete'), id: 'delete', onClick: () => { delete ctx.screen.ui.menuFor; ctx.screen.ui.confirmDelete = menuFor; } }]),
      onDismiss: () => { delete ctx.screen.ui.menuFor; },
    } : undefined,
  };
};

const search: Screen = (ctx) => {
  const q = ctx.field('q').trim();
  const hits = q === '' ? [] : ctx.db.query(
    `SELECT m.id, m.body, m.date, t.id AS thread_id, t.name, t.address FROM messages m JOIN threads t ON t.id = m.thread_id
     WHERE m.body LIKE '%' || ? || '%' OR t.name LIKE '%' || ? || '%' ORDER BY m.date DESC, m.id DESC`, [q, q]);
  return {
    view: scaffold(ctx, {
      appBar: row({ height: 64, padding: [0, 16, 0, 4], gap: 4, bg: ctx.theme.surface, id: 'toolbar' },
        iconButton(ctx, { icon: 'arrow_back', desc: 'Navigate up', onClick: () => ctx.pop(), id: 'navigate_up' }),
        textField(ctx, { key: 'q', hint: ctx.t('search'), style: 'plain', id: 'search_field', flex: 1 }),
      ),
      body: q !== '' && hits.length === 0 ? emptyState(ctx, 'search', ctx.t('noResults')) : scrollList('hits', hits.map((h) => listItem(ctx, {
        headline: String(h.name || h.address), supporting: String(h.body), trailing: when(ctx, Number(h.date)), leading: avatar(String(h.name || h.address)), id: 'search_result',
        onClick: () => openThread(ctx, { id: Number(h.thread_id), address: String(h.address), name: String(h.name) }),
      }))),
    }),
  };
};

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

const compose: Screen = (ctx) => {
  const t = ctx.theme;
  const q = ctx.field('to').trim();
  const contacts = ctx.queryApp(CONTACTS_PACKAGE,
    `SELECT display_name, phone FROM contacts WHERE phone != '' AND (? = '' OR display_name LIKE '%' || ? || '%' OR phone LIKE '%' || ? || '%')
     ORDER BY display_name COLLATE NOCASE LIMIT 50`, [q, q, q]);
  // Text shared from another app (the system share sheet opens compose with params.text) becomes the draft.
  const pick = (address: string, name: string) => ctx.replace('thread', { address, name }, { focus: 'compose', scroll: { messages: 1e9 }, fields: { compose: String(ctx.screen.params.text ?? '') } });
  const looksLikeNumber = /^\+?[\d\s\-()]{3,}$/.test(q);
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, { title: ctx.t('newMessage'), back: true }),
      body: col({ flex: 1 },
        row({ padding: [0, 16], gap: 8, height: 56 },
          { text: ctx.t('to'), type: 'bodyLarge', color: t.onSurfaceVariant },
          textField(ctx, { key: 'to', hint: ctx.t('typeName'), style: 'plain', id: 'recipient_text_view', flex: 1, onSubmit: (v) => { if (v.trim()) pick(v.trim(), ''); } }),
        ),
        looksLikeNumber && listItem(ctx, { headline: ctx.t('sendTo', { to: q }), leading: avatar(q), id: 'send_to_number', onClick: () => pick(q, '') }),
        scrollList('contacts', contacts.map((c) => listItem(ctx, {
          headline: String(c.display_name), supporting: String(c.phone), leading: avatar(String(c.display_name)), id: 'contact_suggestion',
          onClick: () => pick(String(c.phone), String(c.display_name)),
        }))),
      ),
    }),
  };
};

export const MESSAGES_SCREENS = { list, search, thread, compose };
