// The payment module: a cashier — the amount due, the payment method, Confirm (its actions,
// then an optional dialog: Shop's never pays, it records the attempt) and Pay later. Extracted
// from Shop's payment screen, which is now this module with Shop's parameters.
import type { AppContext, ScreenOutput } from '../app';
import { alertDialog, scaffold } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, type Bindings } from './bindings';
import { accentOf, commerceBar, moneyOf } from './commerce';
import type { PaymentScreenSpec } from './spec';

export function paymentScreen(spec: PaymentScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const money = moneyOf(spec);
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const found = b.query(ctx, spec.query, base)[0];
    const scope = extend(base, { row: found ?? {} });
    const amount = found ? Number(b.eval(spec.amount, scope) ?? 0) : 0;
    const dialog = spec.confirm.dialog;
    const close = () => { delete ctx.screen.ui.confirmed; };
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, b.text(ctx, spec.title, base), spec.back ? () => b.run(ctx, spec.back, scope) : true),
        body: col({ flex: 1, padding: 24, gap: 16, align: 'center' },
          { text: b.text(ctx, spec.amountLabel, base), type: 'bodyMedium', color: t.onSurfaceVariant },
          { text: money(amount), textSize: 40, weight: 700, color: t.onSurface, id: 'pay_amount' },
          row({ width: 'fill', padding: 16, gap: 12, radius: 12, bg: t.surfaceContainerLow },
            { icon: (spec.method.icon ?? 'payments') as IconName, width: 24, height: 24, color: accent }, { text: b.text(ctx, spec.method.label, base), type: 'bodyLarge', color: t.onSurface, flex: 1 }, { control: 'radio', checked: true }),
          { flex: 1 },
          { text: b.text(ctx, spec.confirm.label, base), type: 'titleSmall', color: '#FFFFFF', bg: accent, radius: 24, height: 48, width: 'fill', textAlign: 'center', id: spec.confirm.id ?? 'confirm_payment', cls: 'android.widget.Button',
            onClick: () => {
              b.run(ctx, spec.confirm.do, scope);
              if (dialog) ctx.screen.ui.confirmed = true;
            } },
          spec.later && { text: b.text(ctx, spec.later.label, base), type: 'labelLarge', color: t.onSurfaceVariant, height: 40, textAlign: 'center', onClick: () => b.run(ctx, spec.later!.do, scope), id: spec.later.id ?? 'pay_later' },
        ),
      }),
      dialog: dialog && ctx.screen.ui.confirmed ? {
        view: alertDialog(ctx, { title: b.text(ctx, dialog.title, base), message: dialog.message !== undefined ? b.text(ctx, dialog.message, base) : undefined, buttons: [{ label: b.text(ctx, dialog.ok, base), id: dialog.id ?? 'pay_ok', onClick: close }] }),
        onDismiss: close,
      } : undefined,
    };
  };
}
