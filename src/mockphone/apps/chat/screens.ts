// Chat (a WeChat-like super-app): Chats, Contacts, Discover and Me tabs; a conversation with a
// compose bar; the mini-program list under Discover (Travel opens inside this package, with the
// capsule menu); and a "send to chat" screen for the system share sheet.
import type { AppContext, Screen } from '../app';
import { alertDialog, avatar, emptyState, scrollList, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { Bindings } from '../modules/bindings';
import { CEL_EXPRESSIONS } from '../modules/cel';
import { tabsScreen } from '../modules/tabs';
import { travelScreens } from '../travel/screens';
import { CHAT_GREEN, CHAT_TABS_SPEC } from './chat.app';
import { CHAT_STRINGS, MINI_PROGRAMS } from './strings';

export const GREEN = CHAT_GREEN;
const BUBBLE = '#95EC69';
export const MP_TRAVEL = 'mp_travel_';

function greyBg(ctx: AppContext): string {
  return ctx.theme.dark ? '#111111' : '#EDEDED';
}

/** WeChat's white rows on grey (the theme's surface in dark mode). */
function cell(ctx: AppContext): string {
  return ctx.theme.dark ? ctx.theme.surface : '#FFFFFF';
}

function when(ctx: AppContext, ms: number): string {
  const day = 86_400_000;
  const d = Math.floor(ms / day);
  const today = Math.floor(ctx.now() / day);
  if (d === today) return ctx.formatTime(ms);
  if (d === today - 1) return ctx.t('yesterday');
  return ctx.formatDate(ms);
}

function topBar(ctx: AppContext, title: string, o: { back?: boolean; actions?: { icon: IconName; desc: string; id: string; onClick: () => void }[] } = {}): View {
  const t = ctx.theme;
  return row({ height: 52, padding: [0, 4], bg: greyBg(ctx), id: 'toolbar' },
    o.back ? { icon: 'chevron_left', width: 48, height: 48, color: t.onSurface, onClick: () => ctx.pop(), desc: 'Navigate up', id: 'navigate_up', cls: 'android.widget.ImageButton' } : { width: 48 + (o.actions && o.actions.length > 1 ? 48 : 0) },
    { text: title, type: 'titleMedium', textSize: 17, color: t.onSurface, flex: 1, textAlign: 'center', maxLines: 1, id: 'title' },
    ...(o.actions ?? []).map((a) => ({ icon: a.icon, width: 48, height: 48, color: t.onSurface, onClick: a.onClick, desc: a.desc, id: a.id, cls: 'android.widget.ImageButton' } satisfies View)),
    !o.actions?.length && { width: 48 },
  );
}

export function openChat(ctx: AppContext, chatId: number, init?: { draft?: string }): void {
  ctx.db.run('UPDATE chats SET unread = 0 WHERE id = ?', [chatId]);
  ctx.push('conversation', { chatId }, { fields: { compose: init?.draft ?? '' }, scroll: { messages: 1e9 } });
}

function chatFor(ctx: AppContext, contactId: number, name: string): number {
  const found = ctx.db.query('SELECT id FROM chats WHERE contact_id = ?', [contactId])[0];
  return found ? Number(found.id) : ctx.db.run('INSERT INTO chats (contact_id, title, updated_at) VALUES (?, ?, ?)', [contactId, name, ctx.now()]);
}

export function sendChatMessage(ctx: AppContext, chatId: number, body: string): void {
  const now = ctx.now();
  ctx.db.run('INSERT INTO messages (chat_id, from_me, body, created_at) VALUES (?, 1, ?, ?)', [chatId, body, now]);
  ctx.db.run('UPDATE chats SET updated_at = ? WHERE id = ?', [now, chatId]);
}

function chatsTab(ctx: AppContext): View {
  const t = ctx.theme;
  const chats = ctx.db.query(`SELECT c.id, c.title, c.updated_at, c.unread, c.contact_id,
    (SELECT body FROM messages m WHERE m.chat_id = c.id ORDER BY m.id DESC LIMIT 1) AS last FROM chats c ORDER BY c.updated_at DESC, c.id DESC`);
  return scrollList('chats', chats.map((c) => row({ height: 72, padding: [0, 16], gap: 12, bg: cell(ctx), onClick: () => openChat(ctx, Number(c.id)), id: 'chat_item', desc: String(c.title) },
    c.contact_id === null ? { icon: 'forum', iconSize: 24, width: 48, height: 48, radius: 6, bg: GREEN, color: '#FFFFFF' } : { ...avatar(String(c.title), 48), circle: false, radius: 6 },
    col({ flex: 1, gap: 4 },
      row({}, { text: String(c.title), type: 'bodyLarge', color: t.onSurface, flex: 1, maxLines: 1, id: 'chat_title' }, { text: when(ctx, Number(c.updated_at)), type: 'labelSmall', color: t.outline }),
      { text: String(c.last ?? ''), type: 'bodyMedium', color: t.outline, maxLines: 1, id: 'chat_last' }),
    Number(c.unread) > 0 && { text: String(c.unread), type: 'labelSmall', color: '#FFFFFF', bg: '#FA5151', circle: true, width: 18, height: 18, textAlign: 'center', id: 'unread' },
  )), { bg: cell(ctx) });
}

function contactsTab(ctx: AppContext): View {
  const t = ctx.theme;
  const contacts = ctx.db.query('SELECT id, name FROM contacts ORDER BY name COLLATE NOCASE');
  return scrollList('contacts', contacts.map((c) => row({ height: 56, padding: [0, 16], gap: 12, bg: cell(ctx), onClick: () => ctx.push('contact', { contactId: Number(c.id) }), id: 'contact_item', desc: String(c.name) },
    { ...avatar(String(c.name), 40), circle: false, radius: 4 },
    { text: String(c.name), type: 'bodyLarge', color: t.onSurface, flex: 1 },
  )), { bg: cell(ctx) });
}

function entry(ctx: AppContext, icon: IconName, color: string, label: string, id: string, onClick: () => void): View {
  const t = ctx.theme;
  return row({ height: 56, padding: [0, 16], gap: 16, bg: cell(ctx), onClick, id, desc: label },
    { icon, width: 24, height: 24, color },
    { text: label, type: 'bodyLarge', color: t.onSurface, flex: 1 },
    { icon: 'chevron_right', width: 20, height: 20, color: t.outline },
  );
}

function discoverTab(ctx: AppContext): View {
  return col({ flex: 1, gap: 8, padding: [8, 0] },
    entry(ctx, 'photo', '#F1A33B', ctx.t('moments'), 'moments', () => ctx.toast(ctx.t('moments'))),
    col({},
      entry(ctx, 'search', '#3D83E6', ctx.t('scan'), 'scan', () => ctx.toast(ctx.t('scan'))),
      entry(ctx, 'sync', '#3D83E6', ctx.t('shake'), 'shake', () => ctx.toast(ctx.t('shake')))),
    entry(ctx, 'apps', '#7D5FF5', ctx.t('miniPrograms'), 'mini_programs', () => ctx.push('miniPrograms')),
  );
}

function meTab(ctx: AppContext): View {
  const t = ctx.theme;
  const zh = ctx.locale === 'zh-CN';
  return col({ flex: 1, gap: 8 },
    row({ padding: [32, 24], gap: 16, bg: cell(ctx), id: 'profile' },
      { ...avatar(zh ? '李明' : 'Jordan Lee', 64), circle: false, radius: 8 },
      col({ gap: 4 }, { text: zh ? '李明' : 'Jordan Lee', type: 'titleLarge', color: t.onSurface, id: 'my_name' }, { text: ctx.t('wxid', { id: 'jordan_lee' }), type: 'bodyMedium', color: t.outline })),
    entry(ctx, 'payments', GREEN, ctx.t('services'), 'services', () => ctx.toast(ctx.t('services'))),
    col({}, entry(ctx, 'star', '#F1A33B', ctx.t('favorites'), 'favorites', () => ctx.toast(ctx.t('favorites'))),
      entry(ctx, 'settings', '#3D83E6', ctx.t('settings'), 'settings', () => ctx.toast(ctx.t('settings')))),
  );
}

/** One tab of the main screen: WeChat's top bar (search and + on the first two) over the tab's content. */
function tabScreen(index: number, content: (ctx: AppContext) => View): Screen {
  return (ctx) => {
    const titles = [ctx.t('title'), ctx.t('contacts'), ctx.t('discover'), ctx.t('me')];
    const unread = index === 0 ? Number(ctx.db.query('SELECT count(*) AS n FROM chats WHERE unread > 0')[0]?.n) : 0;
    return {
      view: col({ flex: 1, bg: greyBg(ctx) },
        topBar(ctx, unread > 0 ? `${titles[0]}(${unread})` : titles[index], index < 2 ? { actions: [
          { icon: 'search', desc: ctx.t('searchHint'), id: 'search', onClick: () => ctx.toast(ctx.t('searchHint')) },
          { icon: 'add', desc: 'More', id: 'plus', onClick: () => ctx.toast('…') },
        ] } : {}),
        col({ flex: 1 }, content(ctx)),
      ),
    };
  };
}

const TABS: Record<string, Screen> = { chats: tabScreen(0, chatsTab), contacts: tabScreen(1, contactsTab), discover: tabScreen(2, discoverTab), me: tabScreen(3, meTab) };

/** Chats, Contacts, Discover and Me under the tabs module's bottom bar (chat.app.ts). */
const main: Screen = tabsScreen(CHAT_TABS_SPEC, new Bindings(CEL_EXPRESSIONS, CHAT_TABS_SPEC.at, CHAT_STRINGS), (name) => TABS[name]);

const conversation: Screen = (ctx) => {
  const t = ctx.theme;
  const chatId = Number(ctx.screen.params.chatId);
  const chat = ctx.db.query('SELECT title FROM chats WHERE id = ?', [chatId])[0];
  const msgs = ctx.db.query('SELECT id, from_me, body FROM messages WHERE chat_id = ? ORDER BY id', [chatId]);
  const draft = ctx.field('compose');
  const send = () => {
    const body = ctx.field('compose');
    if (body.trim() === '') return;
    sendChatMessage(ctx, chatId, body);
    ctx.setField('compose', '');
    ctx.screen.scroll.messages = 1e9;
  };
  const me = ctx.locale === 'zh-CN' ? '李明' : 'Jordan Lee';
  return {
    view: col({ flex: 1, bg: greyBg(ctx) },
      topBar(ctx, String(chat?.title ?? ''), { back: true, actions: [{ icon: 'more_horiz', desc: 'More', id: 'chat_info', onClick: () => ctx.toast(String(chat?.title ?? '')) }] }),
      col({ flex: 1, scrollKey: 'messages', padding: [8, 0] }, ...msgs.map((m) => {
        const mine = Number(m.from_me) === 1;
        const who = mine ? me : String(chat?.title ?? '?');
        const bubble: View = { text: String(m.body), type: 'bodyLarge', color: mine || !t.dark ? '#111111' : '#E6E6E6', bg: mine ? BUBBLE : (t.dark ? '#2C2C2C' : '#FFFFFF'), radius: 6, padding: [10, 12], selectable: true, id: 'message_text' };
        return row({ padding: [6, 12], gap: 10, justify: mine ? 'end' : 'start', id: 'message' },
          !mine && { ...avatar(who, 40), circle: false, radius: 4 },
          col({ flex: 1, align: mine ? 'end' : 'start' }, bubble),
          mine && { ...avatar(who, 40), circle: false, radius: 4 },
        );
      })),
      row({ padding: [8, 8], gap: 8, bg: t.dark ? '#1E1E1E' : '#F7F7F7', id: 'compose_bar' },
        { icon: 'mic', width: 36, height: 36, color: t.onSurface, desc: 'Voice' },
        textField(ctx, { key: 'compose', style: 'search', id: 'compose_input', flex: 1, onSubmit: send }),
        draft.trim() !== ''
          ? { text: ctx.t('send'), type: 'labelLarge', color: '#FFFFFF', bg: GREEN, radius: 4, height: 36, padding: [0, 14], textAlign: 'center', onClick: send, id: 'send_button', cls: 'android.widget.Button' }
          : { icon: 'add', width: 36, height: 36, color: t.onSurface, desc: 'More', id: 'attach' },
      ),
    ),
  };
};

const contact: Screen = (ctx) => {
  const t = ctx.theme;
  const c = ctx.db.query('SELECT id, name, wxid, region FROM contacts WHERE id = ?', [Number(ctx.screen.params.contactId)])[0];
  if (!c) return { view: emptyState(ctx, 'person', '') };
  return {
    view: col({ flex: 1, bg: greyBg(ctx) },
      topBar(ctx, '', { back: true }),
      row({ padding: [16, 24, 32, 24], gap: 16, bg: cell(ctx) },
        { ...avatar(String(c.name), 64), circle: false, radius: 8 },
        col({ gap: 4 }, { text: String(c.name), type: 'titleLarge', color: t.onSurface, id: 'contact_name' },
          { text: ctx.t('wxid', { id: String(c.wxid) }), type: 'bodyMedium', color: t.outline },
          { text: ctx.t('region', { r: String(c.region) }), type: 'bodyMedium', color: t.outline })),
      { height: 8 },
      { text: ctx.t('messages'), type: 'titleMedium', color: '#576B95', bg: cell(ctx), height: 56, textAlign: 'center', id: 'send_message', cls: 'android.widget.Button',
        onClick: () => { const id = chatFor(ctx, Number(c.id), String(c.name)); ctx.pop(); openChat(ctx, id); } },
    ),
  };
};

const miniPrograms: Screen = (ctx) => {
  const t = ctx.theme;
  const list = ctx.db.query('SELECT key, name, available, last_opened_at, icon, color FROM mini_programs ORDER BY last_opened_at IS NULL, last_opened_at DESC, id');
  const open = (key: string, available: boolean) => {
    if (!available) { ctx.toast(ctx.t('soon')); return; }
    ctx.db.run('UPDATE mini_programs SET last_opened_at = ? WHERE key = ?', [ctx.now(), key]);
    // Travel, or a declared mini-program mounted here (modules/mini-program.ts): `mp_<key>_home`.
    ctx.push(`mp_${key}_home`, { mpDepth: 1 });
    ctx.subLaunch?.(key, String(list.find((m) => m.key === key)?.name ?? key));
  };
  return {
    view: col({ flex: 1, bg: greyBg(ctx) },
      topBar(ctx, ctx.t('miniPrograms'), { back: true }),
      { text: ctx.t('recent'), type: 'labelLarge', color: t.outline, padding: [12, 16] },
      scrollList('mini_programs', list.map((m) => {
        const meta = MINI_PROGRAMS.find((x) => x.key === m.key);
        return row({ height: 64, padding: [0, 16], gap: 12, bg: cell(ctx), onClick: () => open(String(m.key), Number(m.available) === 1), id: 'mini_program', desc: String(m.name) },
          { icon: (m.icon as IconName | null) ?? (m.key === 'travel' ? 'hotel' : 'apps'), iconSize: 24, width: 40, height: 40, circle: true, bg: (m.color as string | null) ?? meta?.bg ?? GREEN, color: '#FFFFFF' },
          { text: String(m.name), type: 'bodyLarge', color: t.onSurface, flex: 1 },
        );
      }), { gap: 1 }),
    ),
  };
};

/** Target of the system share sheet: pick a chat, confirm, the text is sent there. */
const shareIn: Screen = (ctx) => {
  const t = ctx.theme;
  const text = String(ctx.screen.params.text ?? '');
  const chats = ctx.db.query('SELECT id, title, contact_id FROM chats ORDER BY updated_at DESC, id DESC');
  const pick = ctx.screen.ui.pick as number | undefined;
  const picked = chats.find((c) => Number(c.id) === pick);
  return {
    view: col({ flex: 1, bg: greyBg(ctx) },
      topBar(ctx, ctx.t('selectChat'), { back: true }),
      scrollList('share_chats', chats.map((c) => row({ height: 64, padding: [0, 16], gap: 12, bg: cell(ctx), onClick: () => { ctx.screen.ui.pick = Number(c.id); }, id: 'share_chat', desc: String(c.title) },
        { ...avatar(String(c.title), 40), circle: false, radius: 4 },
        { text: String(c.title), type: 'bodyLarge', color: t.onSurface, flex: 1 },
      )), { gap: 1 }),
    ),
    dialog: picked ? {
      view: alertDialog(ctx, {
        title: ctx.t('sendToTitle', { name: String(picked.title) }), message: [...text].slice(0, 120).join(''),
        buttons: [
          { label: ctx.t('cancel'), onClick: () => { delete ctx.screen.ui.pick; } },
          { label: ctx.t('send'), id: 'confirm_send', onClick: () => {
            sendChatMessage(ctx, Number(picked.id), text);
            delete ctx.screen.ui.pick;
            ctx.toast(ctx.t('sent'));
            ctx.replace('conversation', { chatId: Number(picked.id) });
          } },
        ],
      }),
      onDismiss: () => { delete ctx.screen.ui.pick; },
    } : undefined,
  };
};

export const CHAT_SCREENS: Record<string, Screen> = {
  main, conversation, contact, miniPrograms, shareIn,
  ...travelScreens({ mode: 'mini', prefix: MP_TRAVEL }),
};
