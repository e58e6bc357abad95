// Contacts' list, detail and editor as they were written by hand before they became the
// people, person and personForm modules (src/mockphone/apps/contacts/contacts.app.ts): kept only
// as the baseline of bench/apps.bench.ts and of the byte-for-byte walk (contacts-walk.ts).
import type { AppContext, Screen } from '../../src/mockphone/apps/app';
import { MESSAGES_PACKAGE } from '../../src/mockphone/apps/messages/info';
import { displayName } from '../../src/mockphone/apps/shared/people';
import { alertDialog, appBar, avatar, button, divider, emptyState, fab, iconButton, listItem, popupMenu, scaffold, scrollList, sectionHeader, textField } from '../../src/mockphone/ui/widgets';
import { col, row, type View } from '../../src/mockphone/ui/view';

interface ContactRow {
  id: number;
  first_name: string;
  last_name: string;
  display_name: string;
  phone: string;
  email: string;
  company: string;
  starred: number;
}

function contact(ctx: AppContext, id: unknown): ContactRow | undefined {
  return ctx.db.query('SELECT * FROM contacts WHERE id = ?', [Number(id)])[0] as unknown as ContactRow | undefined;
}

function openEditor(ctx: AppContext, c?: ContactRow): void {
  ctx.push('edit', c ? { id: c.id } : {}, {
    fields: c ? { first: c.first_name, last: c.last_name, phone: c.phone, email: c.email, company: c.company } : {},
    focus: c ? undefined : 'first',
  });
}

const detail: Screen = (ctx) => {
  const t = ctx.theme;
  const c = contact(ctx, ctx.screen.params.id);
  if (!c) return { view: scaffold(ctx, { appBar: appBar(ctx, { title: '', back: true }), body: emptyState(ctx, 'person', ctx.t('empty')) }) };
  const name = c.display_name || c.phone;
  const action = (icon: 'phone' | 'chat' | 'email', label: string, onClick: () => void, id: string): View =>
    col({ align: 'center', gap: 8, width: 88, onClick, id, desc: label },
      { icon, iconSize: 24, width: 56, height: 40, radius: 20, bg: t.secondaryContainer, color: t.onSecondaryContainer },
      { text: label, type: 'labelMedium', color: t.onSurface, textAlign: 'center' },
    );
  const info: View[] = [];
  if (c.phone) info.push(listItem(ctx, { headline: c.phone, supporting: ctx.t('mobile'), leading: { icon: 'phone', width: 24, height: 24 }, id: 'phone', trailing: iconButton(ctx, { icon: 'chat', desc: ctx.t('text'), onClick: () => openChat(ctx, c), id: 'text_phone' }) }));
  if (c.email) info.push(listItem(ctx, { headline: c.email, supporting: ctx.t('email'), leading: { icon: 'email', width: 24, height: 24 }, id: 'email' }));
  if (c.company) info.push(listItem(ctx, { headline: c.company, supporting: ctx.t('company'), leading: { icon: 'info', width: 24, height: 24 }, id: 'company' }));
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, {
        title: '', back: true, actions: [
          { icon: 'edit', desc: ctx.t('edit'), id: 'edit', onClick: () => openEditor(ctx, c) },
          { icon: 'star', desc: c.starred ? ctx.t('unfavorite') : ctx.t('favorite'), id: 'star', onClick: () => {
            ctx.db.run('UPDATE contacts SET starred = ?, updated_at = ? WHERE id = ?', [c.starred ? 0 : 1, ctx.now(), c.id]);
          } },
          { icon: 'more_vert', desc: ctx.t('more'), id: 'more', onClick: () => { ctx.screen.ui.menu = true; } },
        ],
      }),
      body: col({ flex: 1, scrollKey: 'detail' },
        col({ align: 'center', gap: 16, padding: [16, 16, 24, 16] },
          avatar(name, 120),
          { text: name, type: 'headlineMedium', color: t.onSurface, textAlign: 'center', id: 'name', selectable: true },
          row({ gap: 8, justify: 'center' },
            c.phone ? action('phone', ctx.t('call'), () => ctx.toast(`${ctx.t('call')} ${c.phone}`), 'call') : null,
            c.phone ? action('chat', ctx.t('text'), () => openChat(ctx, c), 'text') : null,
            c.email ? action('email', ctx.t('email'), () => ctx.toast(c.email), 'send_email') : null,
          ),
        ),
        col({ padding: [0, 16] },
          col({ bg: t.surfaceContainerLow, radius: 16, padding: [8, 0] },
            { text: ctx.t('contactInfo'), type: 'titleSmall', color: t.onSurface, padding: [8, 16] },
            ...info,
          ),
        ),
      ),
    }),
    dialog: ctx.screen.ui.confirmDelete ? {
      view: alertDialog(ctx, {
        title: ctx.t('deleteTitle'), message: ctx.t('deleteMessage', { name }),
        buttons: [
          { label: ctx.t('cancel'), onClick: () => { ctx.screen.ui.confirmDelete = false; } },
          { label: ctx.t('delete'), id: 'confirm_delete', onClick: () => {
            ctx.db.run('DELETE FROM contacts WHERE id = ?', [c.id]);
            ctx.pop();
            ctx.toast(ctx.t('deleted'));
          } },
        ],
      }),
      onDismiss: () => { ctx.screen.ui.confirmDelete = false; },
    } : ctx.screen.ui.menu ? {
      view: popupMenu(ctx, [{ label: ctx.t('delete'), id: 'delete', onClick: () => { ctx.screen.ui.menu = false; ctx.screen.ui.confirmDelete = true; } }]),
      onDismiss: () => { ctx.screen.ui.menu = false; },
    } : undefined,
  };
};

function openChat(ctx: AppContext, c: ContactRow): void {
  ctx.openApp(MESSAGES_PACKAGE, 'thread', { address: c.phone, name: c.display_name }, { scroll: { messages: 1e9 } });
}

const edit: Screen = (ctx) => {
  const id = ctx.screen.params.id as number | undefined;
  const save = () => {
    const first = ctx.field('first').trim();
    const last = ctx.field('last').trim();
    const phone = ctx.field('phone').trim();
    const email = ctx.field('email').trim();
    const company = ctx.field('company').trim();
    if (!first && !last && !phone) {
      ctx.toast(ctx.t('needName'));
      return;
    }
    const name = displayName(first, last, ctx.locale);
    const now = ctx.now();
    if (id === undefined) {
      const newId = ctx.db.run(`INSERT INTO contacts (first_name, last_name, display_name, phone, email, company, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [first, last, name, phone, email, company, now, now]);
      ctx.replace('detail', { id: newId });
    } else {
      ctx.db.run('UPDATE contacts SET first_name = ?, last_name = ?, display_name = ?, phone = ?, email = ?, company = ?, updated_at = ? WHERE id = ?',
        [first, last, name, phone, email, company, now, id]);
      ctx.pop();
    }
    ctx.toast(ctx.t('saved'));
  };
  const field = (key: string, label: string, icon?: 'person' | 'phone' | 'email' | 'info'): View =>
    row({ gap: 16, padding: [0, 16, 0, 16] },
      icon ? { icon, width: 24, height: 24 } : { width: 24 },
      textField(ctx, { key, hint: label, id: key, flex: 1 }),
    );
  return {
    view: scaffold(ctx, {
      appBar: row({ height: 64, padding: [0, 16, 0, 4], bg: ctx.theme.surface, id: 'toolbar' },
        iconButton(ctx, { icon: 'close', desc: ctx.t('cancel'), onClick: () => ctx.pop(), id: 'cancel' }),
        { text: id === undefined ? ctx.t('create') : ctx.t('editContact'), type: 'titleLarge', color: ctx.theme.onSurface, flex: 1, padding: [0, 0, 0, 4], id: 'toolbar_title' },
        button(ctx, { label: ctx.t('save'), onClick: save, id: 'save' }),
      ),
      body: col({ flex: 1, scrollKey: 'form', gap: 16, padding: [8, 0] },
        field('first', ctx.t('firstName'), 'person'),
        field('last', ctx.t('lastName')),
        field('company', ctx.t('company'), 'info'),
        divider(ctx),
        field('phone', ctx.t('phone'), 'phone'),
        field('email', ctx.t('email'), 'email'),
      ),
    }),
  };
};


const list: Screen = (ctx) => {
  const t = ctx.theme;
  const q = ctx.field('search').trim();
  const rows = ctx.db.query(
    `SELECT * FROM contacts WHERE (? = '' OR display_name LIKE '%' || ? || '%' OR phone LIKE '%' || ? || '%' OR email LIKE '%' || ? || '%')
     ORDER BY display_name COLLATE NOCASE, id`, [q, q, q, q]) as unknown as ContactRow[];
  const item = (c: ContactRow): View => listItem(ctx, {
    headline: c.display_name || c.phone, leading: avatar(c.display_name || c.phone), id: 'contact', desc: c.display_name,
    onClick: () => ctx.push('detail', { id: c.id }),
  });
  const starred = q === '' ? rows.filter((c) => c.starred) : [];
  const children: View['children'] = [];
  if (starred.length > 0) children.push(sectionHeader(ctx, ctx.t('favorites')), ...starred.map(item), sectionHeader(ctx, ctx.t('contacts')));
  let letter = '';
  for (const c of rows) {
    const first = [...(c.display_name || '#')][0].toUpperCase();
    if (q === '' && first !== letter) {
      letter = first;
      children.push({ text: first, type: 'titleSmall', color: t.primary, padding: [12, 16, 4, 24], id: 'section' });
    }
    children.push(item(c));
  }
  children.push({ height: 96 });
  return {
    view: scaffold(ctx, {
      body: col({ flex: 1 },
        row({ padding: [8, 16] }, textField(ctx, { key: 'search', hint: ctx.t('search'), style: 'search', id: 'search_bar', flex: 1 })),
        rows.length === 0 ? emptyState(ctx, 'person', q ? ctx.t('noResults', { q }) : ctx.t('empty')) : scrollList('contacts', children),
      ),
      fab: fab(ctx, { icon: 'add', desc: ctx.t('create'), onClick: () => openEditor(ctx), id: 'create_contact' }),
    }),
    onBack: () => {
      if (ctx.field('search') === '') return false;
      ctx.setField('search', '');
      ctx.focus(undefined);
      return true;
    },
  };
};

export const CONTACTS_SCREENS = { list, detail, edit };
