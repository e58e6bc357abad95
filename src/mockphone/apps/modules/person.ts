// The person module: one person's page — an avatar and the name on top, round action buttons
// under it (call, text, e-mail), an info card of labelled lines with icons, app-bar actions
// and a ⋮ menu whose entries may ask for confirmation first (delete). Extracted from Contacts'
// detail, which is now this module with Contacts' parameters (contacts/contacts.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { alertDialog, appBar, avatar, emptyState, iconButton, listItem, popupMenu, scaffold } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { stringOf, type Bindings, type Scope } from './bindings';
import type { ActionSpec } from './spec';
import type { PersonScreenSpec } from './person-spec';

/** TypeScript a built-in app runs instead of an element's actions, by its resource-id (YAML apps have actions only). */
export interface PersonHooks {
  do?: Record<string, (ctx: AppContext, row: Record<string, unknown>) => void>;
}

export function personScreen(spec: PersonScreenSpec, b: Bindings, hooks: PersonHooks = {}): (ctx: AppContext) => ScreenOutput {
  // Compiled once per screen, not looked up on every render.
  const when = (spec.buttons ?? []).map((x) => (x.when !== undefined ? b.compile(x.when) : undefined));
  const nameOf = b.compile(spec.name);
  const values = (spec.info?.rows ?? []).map((r) => b.compile(r.value));
  // Texts of every render, made once.
  const buttonLabels = (spec.buttons ?? []).map((x) => b.textOf(x.label));
  const infoTexts = (spec.info?.rows ?? []).map((r) => ({ label: b.textOf(r.label), desc: b.textOf(r.button?.desc) }));
  const actionDescs = (spec.actions ?? []).map((a) => b.textOf(a.desc));
  const [menuDesc, infoTitle, emptyText] = [b.textOf(spec.menu?.desc ?? 'More options'), b.textOf(spec.info?.title), b.textOf(spec.empty?.text)];
  return (ctx) => {
    const t = ctx.theme;
    const base = b.scope(ctx);
    const found = b.query(ctx, spec.query, base)[0];
    if (!found) {
      return { view: scaffold(ctx, { appBar: appBar(ctx, { title: '', back: true }), body: emptyState(ctx, (spec.empty?.icon ?? 'person') as IconName, emptyText(ctx, base)) }) };
    }
    // The row's scope made as the screen's is (a literal), not copied from it: a copy costs more.
    const s: Scope = b.scope(ctx, { row: found });
    const name = stringOf(nameOf(s));
    const vars = { name };
    const run = (id: string, actions: readonly ActionSpec[]) => () => {
      const hook = hooks.do?.[id];
      if (hook) hook(ctx, found);
      else b.run(ctx, actions, s);
    };
    const info: View[] = [];
    for (const [i, r] of (spec.info?.rows ?? []).entries()) {
      const value = stringOf(values[i](s));
      if (value === '') continue;
      info.push(listItem(ctx, {
        headline: value, supporting: infoTexts[i].label(ctx, s), leading: { icon: (r.icon ?? 'info') as IconName, width: 24, height: 24 }, id: r.id,
        trailing: r.button ? iconButton(ctx, { icon: r.button.icon as IconName, desc: infoTexts[i].desc(ctx, s), onClick: run(r.button.id, r.button.do), id: r.button.id }) : undefined,
      }));
    }
    const menu = spec.menu;
    const confirming = typeof ctx.screen.ui.confirm === 'number' ? menu?.items[ctx.screen.ui.confirm] : undefined;
    const confirm = confirming?.confirm;
    // The bar, then the buttons: texts are evaluated in the order the screen shows them.
    const bar = appBar(ctx, {
      title: '', back: true, actions: [
        ...(spec.actions ?? []).map((a, i) => ({ icon: a.icon as IconName, desc: actionDescs[i](ctx, s), id: a.id, onClick: run(a.id, a.do) })),
        ...(menu ? [{ icon: 'more_vert' as const, desc: menuDesc(ctx, s), id: menu.id ?? 'more', onClick: () => { ctx.screen.ui.menu = true; } }] : []),
      ],
    });
    const buttons: (View | null)[] = [];
    for (const [i, x] of (spec.buttons ?? []).entries()) {
      if (when[i] && when[i]!(s) !== true) { buttons.push(null); continue; }
      const label = buttonLabels[i](ctx, s);
      buttons.push(col({ align: 'center', gap: 8, width: 88, onClick: run(x.id, x.do), id: x.id, desc: label },
        { icon: x.icon as IconName, iconSize: 24, width: 56, height: 40, radius: 20, bg: t.secondaryContainer, color: t.onSecondaryContainer },
        { text: label, type: 'labelMedium', color: t.onSurface, textAlign: 'center' },
      ));
    }
    return {
      view: scaffold(ctx, {
        appBar: bar,
        body: col({ flex: 1, scrollKey: 'detail' },
          col({ align: 'center', gap: 16, padding: [16, 16, 24, 16] },
            avatar(name, 120),
            { text: name, type: 'headlineMedium', color: t.onSurface, textAlign: 'center', id: spec.nameId ?? 'name', selectable: true },
            row({ gap: 8, justify: 'center' }, ...buttons),
          ),
          spec.info && col({ padding: [0, 16] },
            col({ bg: t.surfaceContainerLow, radius: 16, padding: [8, 0] },
              { text: infoTitle(ctx, s), type: 'titleSmall', color: t.onSurface, padding: [8, 16] },
              ...info,
            ),
          ),
        ),
      }),
      dialog: confirming && confirm ? {
        view: alertDialog(ctx, {
          title: b.text(ctx, confirm.title, s, vars), message: confirm.message !== undefined ? b.text(ctx, confirm.message, s, vars) : undefined,
          buttons: [
            { label: b.text(ctx, confirm.cancel ?? 'Cancel', s, vars), onClick: () => { delete ctx.screen.ui.confirm; } },
            { label: b.text(ctx, confirm.ok, s, vars), id: confirm.id ?? 'confirm', onClick: () => { delete ctx.screen.ui.confirm; run(confirming.id, confirming.do)(); } },
          ],
        }),
        onDismiss: () => { delete ctx.screen.ui.confirm; },
      } : menu && ctx.screen.ui.menu ? {
        view: popupMenu(ctx, menu.items.map((m, i) => ({ label: b.text(ctx, m.label, s, vars), id: m.id, onClick: () => {
          ctx.screen.ui.menu = false;
          if (m.confirm) ctx.screen.ui.confirm = i;
          else run(m.id, m.do)();
        } }))),
        onDismiss: () => { ctx.screen.ui.menu = false; },
      } : undefined,
    };
  };
}
