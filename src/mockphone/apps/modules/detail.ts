// The detail module: one row of a query (usually `WHERE id = ?` with params.id), its fields as
// label / value lines, and action buttons (edit, delete, share, open another app…).
import type { AppContext, ScreenOutput } from '../app';
import { appBar, button, emptyState, scaffold } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import { shareSheet } from '../catalog-shared/share';
import { stringOf, type Bindings } from './bindings';
import type { DetailScreenSpec } from './spec';

export function detailScreen(spec: DetailScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  return (ctx) => {
    const t = ctx.theme;
    const base = b.scope(ctx);
    const found = b.query(ctx, spec.query, base)[0];
    const scope = b.scope(ctx, { row: found ?? {} });
    const share = ctx.screen.ui.share as string | undefined;
    const body: View = found === undefined
      ? emptyState(ctx, 'info', 'Not found')
      : col({ flex: 1, padding: [8, 24], gap: 16, scrollKey: 'detail' },
        ...spec.fields.map((f, i) => col({ gap: 2, id: f.id ?? `field_${i}` },
          { text: b.text(ctx, f.label, scope), type: 'labelMedium', color: t.onSurfaceVariant },
          { text: stringOf(b.eval(f.value, scope)), type: 'bodyLarge', color: t.onSurface, id: 'value' },
        )),
        spec.actions && row({ gap: 8, padding: [8, 0] }, ...spec.actions.map((a, i) => button(ctx, {
          label: b.text(ctx, a.label, scope), variant: i === 0 ? 'filled' : 'tonal', id: a.id ?? `action_${i}`,
          onClick: () => b.run(ctx, a.do, scope, (text) => { ctx.screen.ui.share = text; }),
        }))),
      );
    return {
      view: scaffold(ctx, { appBar: appBar(ctx, { title: b.text(ctx, spec.title, scope), back: true }), body }),
      dialog: share !== undefined ? shareSheet(ctx, share, { onClose: () => { delete ctx.screen.ui.share; } }) : undefined,
    };
  };
}
