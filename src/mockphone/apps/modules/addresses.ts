// The addresses module: an address book — each address (name and phone, the place, a Default
// badge), tapping one runs actions (when picking for a checkout: `tapWhen`), and an Add button
// under the list. Extracted from Shop's address book, which is now this module.
import type { AppContext, ScreenOutput } from '../app';
import { scaffold, scrollList } from '../../ui/widgets';
import { col, row } from '../../ui/view';
import { stringOf, type Bindings } from './bindings';
import { accentOf, commerceBar } from './commerce';
import type { AddressesScreenSpec } from './spec';

export function addressesScreen(spec: AddressesScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const item = spec.item;
  // Run on every row: compiled once.
  const [titleOf, bodyOf, descOf, isDefault, defaultLabel] = [b.compile(item.title), b.compile(item.body), item.desc ? b.compile(item.desc) : undefined,
    item.isDefault !== undefined ? b.compile(item.isDefault) : undefined, b.textOf(item.defaultLabel ?? 'Default')];
  const itemId = item.id ?? 'address';
  return (ctx) => {
    const t = ctx.theme;
    const accent = accentOf(spec, ctx);
    const base = b.scope(ctx);
    const rows = b.query(ctx, spec.query, base);
    const scopes = b.rows(ctx, base);
    return {
      view: scaffold(ctx, {
        appBar: commerceBar(ctx, b.text(ctx, spec.title, base)),
        body: col({ flex: 1, bg: t.surfaceContainerLow },
          scrollList('addresses', rows.map((r) => {
            const s = scopes.at(r);
            const title = stringOf(titleOf(s));
            return col({ padding: 16, gap: 4, bg: t.surfaceContainerLowest, radius: 12, id: itemId, desc: descOf ? stringOf(descOf(s)) : title,
              onClick: () => {
                const own = scopes.of(r);
                if (item.tapWhen === undefined || b.eval(item.tapWhen, own) === true) b.run(ctx, item.tap, own);
              } },
            row({ gap: 8 }, { text: title, type: 'titleSmall', color: t.onSurface, flex: 1 }, isDefault !== undefined && isDefault(s) === true && { text: defaultLabel(ctx, s), type: 'labelSmall', color: accent, border: accent, radius: 4, padding: [0, 4] }),
            { text: stringOf(bodyOf(s)), type: 'bodySmall', color: t.onSurfaceVariant },
            );
          }), { padding: 12, gap: 8 }),
          row({ padding: 16 }, { text: b.text(ctx, spec.add.label, base), type: 'labelLarge', color: '#FFFFFF', bg: accent, radius: 22, height: 44, flex: 1, textAlign: 'center', onClick: () => b.run(ctx, spec.add.do, base), id: spec.add.id ?? 'add_address', cls: 'android.widget.Button' }),
        ),
      }),
    };
  };
}
