// The addressForm module: a new address — labelled fields that must all be filled (else a
// toast says so), a switch that makes it the default (cleared on the others), and a Save
// button under them; saving inserts the row and runs `after` (default: back). Extracted from
// Shop's address editor, which is now this module with Shop's parameters.
import type { AppContext, ScreenOutput } from '../app';
import { scaffold, switchRow, textField } from '../../ui/widgets';
import { col } from '../../ui/view';
import { ident, type Bindings } from './bindings';
import { accentOf, commerceBar } from './commerce';
import type { AddressFormScreenSpec } from './spec';

export function addressFormScreen(spec: AddressFormScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.table);
  const toggle = spec.defaultToggle;
  const cols = [...spec.fields.map((f) => f.key), ...(toggle ? [toggle.column] : [])];
  const insert = `INSERT INTO ${table} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
  return (ctx) => {
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const isDefault = !!ctx.screen.ui.isDefault;
    const save = () => {
      const values = spec.fields.map((f) => ctx.field(f.key).trim());
      if (values.some((v) => !v)) { ctx.toast(b.text(ctx, spec.save.needAll ?? 'Please fill in all fields', base)); return; }
      if (toggle && isDefault) b.write(ctx, `UPDATE ${table} SET ${ident(toggle.column)} = 0`, []);
      b.write(ctx, insert, [...values, ...(toggle ? [isDefault ? 1 : 0] : [])]);
      ctx.focus(undefined);
      if (spec.save.after) b.run(ctx, spec.save.after, base);
      else ctx.pop();
    };
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, b.text(ctx, spec.title, base)),
        body: col({ flex: 1, padding: 16, gap: 12, scrollKey: 'address_form' },
          ...spec.fields.map((f) => textField(ctx, { key: f.key, label: b.text(ctx, f.label, base), id: f.id ?? f.key })),
          toggle && switchRow(ctx, { title: b.text(ctx, toggle.label, base), checked: isDefault, onToggle: (on) => { ctx.screen.ui.isDefault = on; }, id: toggle.id ?? 'default_switch' }),
          { text: b.text(ctx, spec.save.label, base), type: 'labelLarge', color: '#FFFFFF', bg: accent, radius: 22, height: 44, textAlign: 'center', onClick: save, id: spec.save.id ?? 'save', cls: 'android.widget.Button' },
        ),
      }),
    };
  };
}
