// Contacts' list as it was written by hand before it became the people module
// (src/mockphone/apps/contacts/contacts.app.ts): kept only as the baseline of bench/apps.bench.ts.
// The detail and editor screens it opens are still the app's own (contacts/screens.ts).
import type { Screen } from '../../src/mockphone/apps/app';
import { openEditor, type ContactRow } from '../../src/mockphone/apps/contacts/screens';
import { avatar, emptyState, fab, listItem, scaffold, scrollList, sectionHeader, textField } from '../../src/mockphone/ui/widgets';
import { col, row, type View } from '../../src/mockphone/ui/view';

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

export const CONTACTS_SCREENS = { list };
