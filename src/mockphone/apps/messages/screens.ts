// Messages: conversation list, search, a thread with a compose bar, and a new-chat picker that
// suggests contacts (read from the Contacts app's database, like a content provider).
import type { AppContext, Screen } from '../app';
import { normalizePhone } from '../shared/people';
import { alertDialog, appBar, avatar, emptyState, fab, iconButton, listItem, popupMenu, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import { Bindings } from '../modules/bindings';
import { CEL_EXPRESSIONS } from '../modules/cel';
import { threadScreen } from '../modules/thread';
import { MESSAGES_THREAD_SPEC } from './messages.app';
import { MESSAGES_STRINGS } from './strings';

export const CONTACTS_PACKAGE = 'com.phonebuddy.contacts';

interface ThreadRow {
  id: number;
  address: string;
  name: string;
  snippet: string;
  date: number;
  unread: number;
}

/** A message's time as Messages shows it: today its time, yesterday the word, else its date. */
export function when(ctx: AppContext, ms: number): string {
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

/** The thread module with Messages' parameters; the thread an address resolves to is `threadId` (null: none yet). */
const thread: Screen = threadScreen(MESSAGES_THREAD_SPEC, new Bindings(CEL_EXPRESSIONS, MESSAGES_THREAD_SPEC.at, MESSAGES_STRINGS), {
  vars: (ctx) => {
    const p = ctx.screen.params as { threadId?: number; address: string };
    return { threadId: p.threadId ?? (ctx.db.query('SELECT id, address FROM threads').find((r) => normalizePhone(String(r.address)) === normalizePhone(p.address))?.id as number | undefined) ?? null };
  },
  send: (ctx, body, scope) => {
    const p = ctx.screen.params as { address: string; name: string };
    const id = (scope.threadId as number | null) ?? threadFor(ctx, p.address, p.name);
    ctx.screen.params.threadId = id;
    sendMessage(ctx, id, body);
  },
});

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
