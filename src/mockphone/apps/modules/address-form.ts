// The addressForm module: a new address — labelled fields that must all be filled (else a
// toast says so), a switch that makes it the default (cleared on the others), and a Save
// button under them; saving inserts the row and runs `after` (default: back). Extracted from
// Shop's address editor, which is now this module with Shop's parameters.
import type { AppContext, ScreenOutput } from '../app';
import { scaffold, switchRow, textField } from '../../ui/widgets';
import { col, type View } from '../../ui/view';
import { ident, type Bindings } from './bindings';
import { accentOf, commerceBar } from './commerce';
import type { AddressFormScreenSpec } from './spec';

export function addressFormScreen(spec: AddressFormScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.table);
  const toggle = spec.defaultToggle;
  const cols = [...spec.fields.map((f) => f.key), ...(toggle ? [toggle.column] : [])];
  const insert = `INSERT INTO ${table} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
  const clearDefault = toggle ? `UPDATE ${table} SET ${ident(toggle.column)} = 0` : '';
  // What every render shows, made once: each field's label, key and id, the other texts.
  const fields = spec.fields.map((f) => ({ key: f.key, label: b.textOf(f.label), id: f.id ?? f.key }));
  const [title, toggleLabel, saveLabel, needAll] = [b.textOf(spec.title), b.textOf(toggle?.label), b.textOf(spec.save.label), b.textOf(spec.save.needAll ?? 'Please fill in all fields')];
  const [toggleId, saveId] = [toggle?.id ?? 'default_switch', spec.save.id ?? 'save'];
  return (ctx) => {
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const isDefault = !!ctx.screen.ui.isDefault;
    const children: View[] = [];
    for (const f of fields) children.push(textField(ctx, { key: f.key, label: f.label(ctx, base), id: f.id }));
    if (toggle) children.push(switchRow(ctx, { title: toggleLabel(ctx, base), checked: isDefault, onToggle: (on) => { ctx.screen.ui.isDefault = on; }, id: toggleId }));
    children.push({
      text: saveLabel(ctx, base), type: 'labelLarge', color: '#FFFFFF', bg: accent, radius: 22, height: 44, textAlign: 'center',
      onClick: () => {
        const values = fields.map((f) => ctx.field(f.key).trim());
        if (values.some((v) => !v)) { ctx.toast(needAll(ctx, base)); return; }
        if (toggle && isDefault) b.write(ctx, clearDefault, []);
        b.write(ctx, insert, [...values, ...(toggle ? [isDefault ? 1 : 0] : [])]);
        ctx.focus(undefined);
        if (spec.save.after) b.run(ctx, spec.save.after, base);
        else ctx.pop();
      },
      id: saveId, cls: 'android.widget.Button',
    });
    return { view: scaffold(ctx, { appBar: commerceBar(ctx, title(ctx, base)), body: col({ flex: 1, padding: 16, gap: 12, scrollKey: 'address_form' }, ...children) }) };
  };
}
