// The list module: rows of a query as cards or list rows, with an optional search field on
// top (its text is `search` in the query's args; back clears it first), two sections (e.g.
// pinned first), a long-press menu, an empty state and a floating action button. Extracted
// from Notes' list, which is now this module with Notes' parameters (notes.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { appBar, emptyState, fab, listItem, popupMenu, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { shareSheet } from '../catalog-shared/share';
import { stringOf, type Bindings, type RowScope } from './bindings';
import type { ListScreenSpec } from './spec';

type Row = Record<string, unknown>;

export function listScreen(spec: ListScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const itemId = spec.item.id ?? 'item';
  const [titleId, bodyId] = [`${itemId}_title`, `${itemId}_body`];
  // Run on every row: compiled once.
  const titleOf = b.compile(spec.item.title);
  const bodyOf = spec.item.body ? b.compile(spec.item.body) : undefined;
  const descOf = spec.item.desc ? b.compile(spec.item.desc) : undefined;
  const inFirstSection = spec.sections ? b.compile(spec.sections.when) : undefined;
  // Texts and looks of every render, made once.
  const [titleText, hintText, emptyText, fabDesc] = [b.textOf(spec.title), b.textOf(spec.search?.hint), b.textOf(spec.empty?.text), b.textOf(spec.fab?.desc)];
  const sectionLabels = spec.sections ? spec.sections.labels.map((l) => b.textOf(l)) : [];
  const asRow = spec.item.style === 'row';
  const listId = `${itemId}s`;
  // A share action's text goes to the share sheet (made when tapped).
  const onShare = (ctx: AppContext) => (text: string) => { ctx.screen.ui.share = text; };
  // A row's card: made once per screen, not a closure per render.
  function cardOf(ctx: AppContext, scopes: RowScope, r: Row): View {
    const t = ctx.theme;
    const s = scopes.at(r);
    const title = stringOf(titleOf(s));
    const body = bodyOf ? stringOf(bodyOf(s)) : '';
    const desc = descOf ? stringOf(descOf(s)) : title;
    const onClick = () => b.run(ctx, spec.item.tap, scopes.of(r), onShare(ctx));
    const onLongClick = spec.item.menu ? () => { ctx.screen.ui.menuFor = r.id; } : undefined;
    if (asRow) {
      const leading: View | undefined = spec.item.icon ? { icon: spec.item.icon as IconName, width: 40, height: 40, circle: true, bg: t.secondaryContainer, color: t.onSecondaryContainer } : undefined;
      return listItem(ctx, { headline: title, supporting: body !== '' ? body : undefined, leading, onClick, onLongClick, id: itemId, desc });
    }
    // Set, not spread into the literal: a spread there is V8's slow path, on every row.
    const look: View = { padding: 16, gap: 6, radius: 12, border: t.outlineVariant, bg: t.surface, id: itemId, desc, onClick };
    if (onLongClick) look.onLongClick = onLongClick;
    return col(look,
      title !== '' && { text: title, type: 'titleMedium', color: t.onSurface, maxLines: 2, id: titleId },
      body !== '' && { text: body, type: 'bodyMedium', color: t.onSurfaceVariant, maxLines: 6, id: bodyId },
    );
  }
  return (ctx) => {
    const t = ctx.theme;
    const search = spec.search ? ctx.field('search').trim() : '';
    const base = b.scope(ctx, { search });
    const rows = b.query(ctx, spec.query, base);
    const scopes = b.rows(ctx, base, { search });
    const children: View['children'] = [];
    if (inFirstSection) {
      const first: Row[] = [];
      const rest: Row[] = [];
      for (const r of rows) (inFirstSection(scopes.at(r)) === true ? first : rest).push(r);
      const label = (text: string): View => ({ text, type: 'labelMedium', color: t.onSurfaceVariant, padding: [8, 4, 0, 4] });
      children.push(first.length > 0 && label(sectionLabels[0](ctx, base)));
      for (const r of first) children.push(cardOf(ctx, scopes, r));
      children.push(first.length > 0 && rest.length > 0 && label(sectionLabels[1](ctx, base)));
      for (const r of rest) children.push(cardOf(ctx, scopes, r));
    } else for (const r of rows) children.push(cardOf(ctx, scopes, r));
    if (spec.fab) children.push({ height: 88 });
    else children.push(undefined);
    const share = ctx.screen.ui.share as string | undefined;
    const menuRow = spec.item.menu && ctx.screen.ui.menuFor !== undefined ? rows.find((r) => r.id === ctx.screen.ui.menuFor) : undefined;
    return {
      view: scaffold(ctx, {
        appBar: spec.title !== undefined ? appBar(ctx, { title: titleText(ctx, base), back: spec.back ? true : undefined }) : undefined,
        body: col({ flex: 1 },
          spec.search && row({ padding: [8, 16] }, textField(ctx, { key: 'search', hint: hintText(ctx, base), style: 'search', id: spec.search.id ?? 'search_bar', flex: 1 })),
          rows.length === 0
            ? emptyState(ctx, (spec.empty?.icon ?? 'apps') as IconName, emptyText(ctx, base))
            : scrollList(listId, children, asRow ? { padding: [4, 0] } : { padding: [4, 16], gap: 12 }),
        ),
        fab: spec.fab ? fab(ctx, { icon: spec.fab.icon as IconName, desc: fabDesc(ctx, base), onClick: () => b.run(ctx, spec.fab!.do, base, onShare(ctx)), id: spec.fab.id }) : undefined,
      }),
      dialog: share !== undefined ? shareSheet(ctx, share, { onClose: () => { delete ctx.screen.ui.share; } }) : menuRow ? {
        view: popupMenu(ctx, spec.item.menu!.map((m) => ({
          label: b.text(ctx, m.label, scopes.of(menuRow)),
          ...(m.id ? { id: m.id } : {}),
          onClick: () => {
            delete ctx.screen.ui.menuFor;
            b.run(ctx, m.do, scopes.of(menuRow), onShare(ctx));
          },
        }))),
        onDismiss: () => { delete ctx.screen.ui.menuFor; },
      } : undefined,
      onBack: () => {
        if (spec.search && ctx.field('search') !== '') {
          ctx.setField('search', '');
          return true;
        }
        return false;
      },
    };
  };
}
