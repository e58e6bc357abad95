// The profile / account module: a header (avatar from the name, name, a subtitle such as the
// handle), a row of stats (posts, followers…), account rows that run actions, and a log-out
// button behind a confirmation. All of it reads one row of a query as `row`.
import type { AppContext, ScreenOutput } from '../app';
import { alertDialog, appBar, avatar, button, divider, listItem, scaffold } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { stringOf, type Bindings } from './bindings';
import { word } from './module-words';
import type { ProfileScreenSpec } from './spec';

export function profileScreen(spec: ProfileScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  return (ctx) => {
    const t = ctx.theme;
    const base = b.scope(ctx);
    const found = b.query(ctx, spec.query, base)[0];
    const s = b.scope(ctx, { row: found ?? {} });
    const name = found ? stringOf(b.eval(spec.header.name, s)) : '';
    const logout = spec.logout;
    const body: View = col({ flex: 1, scrollKey: 'profile' },
      found && col({ padding: [16, 24], gap: 8, align: 'center', id: spec.header.id ?? 'profile_header' },
        avatar(name, 88),
        { text: name, type: 'headlineSmall', color: t.onSurface, maxLines: 1, id: 'profile_name' },
        spec.header.subtitle !== undefined && { text: stringOf(b.eval(spec.header.subtitle, s)), type: 'bodyMedium', color: t.onSurfaceVariant, id: 'profile_subtitle' },
      ),
      found && spec.stats && row({ padding: [8, 16] },
        ...spec.stats.map((st, i) => col({ flex: 1, align: 'center', gap: 2, id: st.id ?? `stat_${i}` },
          { text: stringOf(b.eval(st.value, s)), type: 'titleLarge', color: t.onSurface, id: 'stat_value' },
          { text: b.text(ctx, st.label, s), type: 'labelMedium', color: t.onSurfaceVariant, id: 'stat_label' },
        ))),
      found && divider(ctx),
      ...(found ? spec.rows ?? [] : []).map((r, i) => listItem(ctx, {
        headline: b.text(ctx, r.label, s), ...(r.value ? { supporting: stringOf(b.eval(r.value, s)) } : {}), id: r.id ?? `row_${i}`,
        leading: { icon: (r.icon ?? 'chevron_right') as IconName, width: 24, height: 24, color: t.onSurfaceVariant },
        ...(r.do ? { onClick: () => b.run(ctx, r.do, s), trailing: { icon: 'chevron_right', width: 24, height: 24, color: t.onSurfaceVariant } } : {}),
      })),
      found && logout && row({ padding: [24, 24], justify: 'center' },
        button(ctx, { label: b.text(ctx, logout.label, s), variant: 'outlined', icon: 'logout', id: logout.id ?? 'log_out', onClick: () => { ctx.screen.ui.confirmLogout = true; } })),
    );
    const close = () => { delete ctx.screen.ui.confirmLogout; };
    return {
      view: scaffold(ctx, { appBar: appBar(ctx, { title: b.text(ctx, spec.title, s), ...(spec.back ? { back: true } : {}) }), body }),
      dialog: logout && ctx.screen.ui.confirmLogout ? {
        view: alertDialog(ctx, {
          title: b.text(ctx, logout.title ?? logout.label, s), ...(logout.message !== undefined ? { message: b.text(ctx, logout.message, s) } : {}),
          buttons: [
            { label: b.text(ctx, logout.cancel ?? word(ctx.locale, 'cancel'), s), id: 'cancel', onClick: close },
            { label: b.text(ctx, logout.confirm ?? logout.label, s), id: logout.confirmId ?? 'confirm_log_out', onClick: () => { close(); b.run(ctx, logout.do, s); } },
          ],
        }),
        onDismiss: close,
      } : undefined,
    };
  };
}
