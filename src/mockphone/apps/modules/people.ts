// The people module: a contacts-style list — a search field on top, favourites first under
// their header, then everyone under letter headers (while not searching), avatars from the
// name, an empty state that says what was searched, a floating button. Extracted from
// Contacts' list, which is now this module with Contacts' parameters (contacts/contacts.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { avatar, emptyState, fab, listItem, scaffold, scrollList, sectionHeader, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { stringOf, type Bindings } from './bindings';
import type { PeopleScreenSpec } from './spec';

export function peopleScreen(spec: PeopleScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const itemId = spec.item.id ?? 'person';
  // Run on every row: compiled once.
  const nameOf = b.compile(spec.item.name);
  const descOf = spec.item.desc ? b.compile(spec.item.desc) : undefined;
  const isFavourite = spec.favorites ? b.compile(spec.favorites.when) : undefined;
  const letterOf = spec.letters ? b.compile(spec.letters) : undefined;
  // Texts of every render, made once.
  const [hintText, emptyText, searchingText, fabDesc] = [b.textOf(spec.search?.hint), b.textOf(spec.empty?.text), b.textOf(spec.empty?.searching), b.textOf(spec.fab?.desc)];
  const favouriteLabels = spec.favorites ? spec.favorites.labels.map((l) => b.textOf(l)) : [];
  const [searchId, listId] = [spec.search?.id ?? 'search_bar', `${itemId}s`];
  return (ctx) => {
    const t = ctx.theme;
    const q = ctx.field('search').trim();
    const base = b.scope(ctx, { search: q });
    const rows = b.query(ctx, spec.query, base);
    const scopes = b.rows(ctx, base, { search: q });
    const item = (r: Record<string, unknown>): View => {
      const s = scopes.at(r);
      const name = stringOf(nameOf(s));
      return listItem(ctx, {
        headline: name, leading: avatar(name), id: itemId, desc: descOf ? stringOf(descOf(s)) : name,
        onClick: () => b.run(ctx, spec.item.tap, scopes.of(r)),
      });
    };
    const favourites = spec.favorites && q === '' ? rows.filter((r) => isFavourite!(scopes.at(r)) === true) : [];
    const children: View['children'] = [];
    if (favourites.length > 0) {
      children.push(sectionHeader(ctx, favouriteLabels[0](ctx, base)));
      for (const r of favourites) children.push(item(r));
      children.push(sectionHeader(ctx, favouriteLabels[1](ctx, base)));
    }
    let letter = '';
    for (const r of rows) {
      if (letterOf && q === '') {
        const first = [...(stringOf(letterOf(scopes.at(r))) || '#')][0].toUpperCase();
        if (first !== letter) {
          letter = first;
          children.push({ text: first, type: 'titleSmall', color: t.primary, padding: [12, 16, 4, 24], id: 'section' });
        }
      }
      children.push(item(r));
    }
    children.push({ height: 96 });
    const icon = (spec.empty?.icon ?? 'person') as IconName;
    return {
      view: scaffold(ctx, {
        body: col({ flex: 1 },
          row({ padding: [8, 16] }, textField(ctx, { key: 'search', hint: hintText(ctx, base), style: 'search', id: searchId, flex: 1 })),
          rows.length === 0
            ? emptyState(ctx, icon, q && spec.empty?.searching !== undefined ? searchingText(ctx, base, { q }) : emptyText(ctx, base))
            : scrollList(listId, children),
        ),
        fab: spec.fab ? fab(ctx, { icon: spec.fab.icon as IconName, desc: fabDesc(ctx, base), onClick: () => b.run(ctx, spec.fab!.do, base), id: spec.fab.id }) : undefined,
      }),
      onBack: () => {
        if (ctx.field('search') === '') return false;
        ctx.setField('search', '');
        ctx.focus(undefined);
        return true;
      },
    };
  };
}
