// The payment module: a cashier — the amount due, the payment method, Confirm (its actions,
// then an optional dialog: Shop's never pays, it records the attempt) and Pay later. Extracted
// from Shop's payment screen, which is now this module with Shop's parameters.
import type { AppContext, ScreenOutput } from '../app';
import { alertDialog, scaffold } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import type { Bindings } from './bindings';
import { accentOf, commerceBar, moneyOf } from './commerce';
import type { PaymentScreenSpec } from './spec';

export function paymentScreen(spec: PaymentScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const money = moneyOf(spec);
  // The binding and texts of every render, made once.
  const amountOf = b.compile(spec.amount);
  const [titleText, amountLabel, methodLabel, confirmLabel, laterLabel] = [b.textOf(spec.title), b.textOf(spec.amountLabel), b.textOf(spec.method.label), b.textOf(spec.confirm.label), b.textOf(spec.later?.label)];
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const found = b.query(ctx, spec.query, base)[0];
    // The row's scope made as the screen's is (a literal), not copied from it: a copy costs more.
    const scope = b.scope(ctx, { row: found ?? {} });
    const amount = found ? Number(amountOf(scope) ?? 0) : 0;
    const dialog = spec.confirm.dialog;
    const close = () => { delete ctx.screen.ui.confirmed; };
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, titleText(ctx, base), spec.back ? () => b.run(ctx, spec.back, scope) : true),
        body: col({ flex: 1, padding: 24, gap: 16, align: 'center' },
          { text: amountLabel(ctx, base), type: 'bodyMedium', color: t.onSurfaceVariant },
          { text: money(amount), textSize: 40, weight: 700, color: t.onSurface, id: 'pay_amount' },
          row({ width: 'fill', padding: 16, gap: 12, radius: 12, bg: t.surfaceContainerLow },
            { icon: (spec.method.icon ?? 'payments') as IconName, width: 24, height: 24, color: accent }, { text: methodLabel(ctx, base), type: 'bodyLarge', color: t.onSurface, flex: 1 }, { control: 'radio', checked: true }),
          { flex: 1 },
          { text: confirmLabel(ctx, base), type: 'titleSmall', color: '#FFFFFF', bg: accent, radius: 24, height: 48, width: 'fill', textAlign: 'center', id: spec.confirm.id ?? 'confirm_payment', cls: 'android.widget.Button',
            onClick: () => {
              b.run(ctx, spec.confirm.do, scope);
              if (dialog) ctx.screen.ui.confirmed = true;
            } },
          spec.later && { text: laterLabel(ctx, base), type: 'labelLarge', color: t.onSurfaceVariant, height: 40, textAlign: 'center', onClick: () => b.run(ctx, spec.later!.do, scope), id: spec.later.id ?? 'pay_later' },
        ),
      }),
      dialog: dialog && ctx.screen.ui.confirmed ? {
        view: alertDialog(ctx, { title: b.text(ctx, dialog.title, base), message: dialog.message !== undefined ? b.text(ctx, dialog.message, base) : undefined, buttons: [{ label: b.text(ctx, dialog.ok, base), id: dialog.id ?? 'pay_ok', onClick: close }] }),
        onDismiss: close,
      } : undefined,
    };
  };
}
