// The personForm module: an editor of one row — a toolbar with ✕, the title (creating or
// editing) and Save; fields with leading icons in groups split by dividers; a rule that at
// least one of some fields is filled in; columns computed from the typed text (a name built per
// locale, with CEL) and time stamps. Extracted from Contacts' editor, which is now this module
// with Contacts' parameters (contacts/contacts.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { button, divider, iconButton, scaffold, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, ident, sqlValue, type Bindings } from './bindings';
import type { PersonFieldSpec, PersonFormScreenSpec } from './person-spec';

type Field = Exclude<PersonFieldSpec, { divider: true }>;

export function personFormScreen(spec: PersonFormScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.table);
  const fields = spec.fields.filter((f): f is Field => !('divider' in f));
  const computed = Object.entries(spec.computed ?? {});
  // What every render shows, made once: each field's label, id and icon; the bar's texts.
  const parts = spec.fields.map((f) => ('divider' in f ? undefined : { key: f.key, label: b.textOf(f.label), id: f.id ?? f.key, icon: f.icon as IconName | undefined }));
  const [cancelDesc, createTitle, editTitle, saveLabel] = [b.textOf(spec.cancel?.desc ?? 'Cancel'), b.textOf(spec.title), b.textOf(spec.editTitle ?? spec.title), b.textOf(spec.save.label)];
  const [cancelId, saveId] = [spec.cancel?.id ?? 'cancel', spec.save.id ?? 'save'];
  return (ctx) => {
    const t = ctx.theme;
    const scope = b.scope(ctx);
    const id = ctx.screen.params.id as number | undefined;
    const save = () => {
      const input: Record<string, string> = {};
      for (const f of fields) input[f.key] = ctx.field(f.key).trim();
      if (spec.requireAny && spec.requireAny.fields.every((k) => (input[k] ?? '') === '')) {
        ctx.toast(b.text(ctx, spec.requireAny.toast, scope));
        return;
      }
      const s = extend(b.scope(ctx), { input });
      const cols = [...fields.map((f) => f.column), ...computed.map(([c]) => c)];
      const values = [...fields.map((f) => input[f.key]), ...computed.map(([, e]) => sqlValue(b.eval(e, s)))];
      const stamps = [...Object.entries(b.evalMap(spec.stamps?.insert && id === undefined ? spec.stamps.insert : undefined, s)), ...Object.entries(b.evalMap(spec.stamps?.update, s))];
      for (const [c, v] of stamps) { cols.push(c); values.push(sqlValue(v)); }
      if (id === undefined) {
        const newId = b.write(ctx, `INSERT INTO ${table} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, values);
        b.run(ctx, spec.save.afterInsert, { ...s, id: newId });
      } else {
        b.write(ctx, `UPDATE ${table} SET ${cols.map((c) => `${ident(c)} = ?`).join(', ')} WHERE id = ?`, [...values, id]);
        b.run(ctx, spec.save.afterUpdate, { ...s, id });
      }
    };
    // The bar, then the fields: texts are evaluated in the order the screen shows them.
    const bar = row({ height: 64, padding: [0, 16, 0, 4], bg: t.surface, id: 'toolbar' },
      iconButton(ctx, { icon: 'close', desc: cancelDesc(ctx, scope), onClick: () => ctx.pop(), id: cancelId }),
      { text: (id === undefined ? createTitle : editTitle)(ctx, scope), type: 'titleLarge', color: t.onSurface, flex: 1, padding: [0, 0, 0, 4], id: 'toolbar_title' },
      button(ctx, { label: saveLabel(ctx, scope), onClick: save, id: saveId }),
    );
    const views: View[] = [];
    for (const f of parts) {
      views.push(f === undefined ? divider(ctx) : row({ gap: 16, padding: [0, 16, 0, 16] },
        f.icon ? { icon: f.icon, width: 24, height: 24 } : { width: 24 },
        textField(ctx, { key: f.key, hint: f.label(ctx, scope), id: f.id, flex: 1 }),
      ));
    }
    return {
      view: scaffold(ctx, {
        appBar: bar,
        body: col({ flex: 1, scrollKey: 'form', gap: 16, padding: [8, 0] }, ...views),
      }),
    };
  };
}
