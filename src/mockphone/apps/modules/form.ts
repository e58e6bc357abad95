// The form module: text fields saved to one table's row (params.id names it; without one a
// new row is inserted), with validation (required, pattern, maxLength) shown under the field,
// an optional ✓ save button, delete with a confirmation dialog, a footer with the row's time,
// and save-on-leave. Extracted from Notes' editor, which is now this module (notes.app.ts).
import type { AppContext, ScreenOutput } from '../app';
import { alertDialog, appBar, scaffold, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import { ident, sqlValue, type Bindings, type Scope } from './bindings';
import type { FormScreenSpec } from './spec';

export function formScreen(spec: FormScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.table);
  const keys = spec.fields.map((f) => f.key);
  const patterns = new Map(spec.fields.filter((f) => f.pattern !== undefined).map((f) => [f.key, new RegExp(f.pattern!, 'u')]));
  // The SQL and texts of every render, made once: a statement text built on each render is a
  // new string the prepared-statement cache must hash again.
  const current = `SELECT ${keys.map(ident).join(', ')} FROM ${table} WHERE id = ?`;
  const footerSql = spec.footer ? `SELECT ${ident(spec.footer.time)} AS t FROM ${table} WHERE id = ?` : '';
  const fieldParts = spec.fields.map((f) => ({
    f, hint: b.textOf(f.hint ?? f.label), style: f.style ?? 'outlined', id: f.id ?? f.key, errorId: `${f.id ?? f.key}_error`, type: f.large ? 'titleLarge' as const : undefined,
  }));
  const gapped = spec.fields.some((f) => f.style !== 'plain');
  const [titleOf, saveDesc, deleteDesc, footerText] = [b.textOf(spec.title), b.textOf(spec.save?.desc ?? 'Save'), b.textOf(spec.delete?.desc ?? 'Delete'), b.textOf(spec.footer?.text)];

  /** The first broken rule of each field, as its message. */
  function problems(ctx: AppContext, scope: Scope): Record<string, string> {
    const out: Record<string, string> = {};
    for (const f of spec.fields) {
      const v = ctx.field(f.key);
      const bad = (f.required && v.trim() === '') || (v !== '' && patterns.get(f.key)?.test(v) === false) || (f.maxLength !== undefined && [...v].length > f.maxLength);
      if (bad) out[f.key] = f.message !== undefined ? b.text(ctx, f.message, scope) : 'Invalid value';
    }
    return out;
  }

  /** Writes the fields; a new blank row is discarded (discardEmpty). Returns false when validation failed. */
  function save(ctx: AppContext, scope: Scope): boolean {
    const errors = problems(ctx, scope);
    if (Object.keys(errors).length > 0) {
      ctx.screen.ui.errors = errors;
      return false;
    }
    delete ctx.screen.ui.errors;
    const values = keys.map((k) => ctx.field(k));
    const id = ctx.screen.params.id as number | undefined;
    if (id === undefined) {
      if (spec.discardEmpty && values.every((v) => v.trim() === '')) return true;
      const stamps = b.evalMap(spec.stamps?.insert, scope);
      const cols = [...keys, ...Object.keys(stamps)];
      ctx.screen.params.id = b.write(ctx, `INSERT INTO ${table} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, [...values, ...Object.values(stamps).map(sqlValue)]);
      return true;
    }
    const cur = ctx.db.query(current, [id])[0];
    if (cur && keys.some((k, i) => cur[k] !== values[i])) {
      const stamps = b.evalMap(spec.stamps?.update, scope);
      const cols = [...keys, ...Object.keys(stamps)];
      b.write(ctx, `UPDATE ${table} SET ${cols.map((c) => `${ident(c)} = ?`).join(', ')} WHERE id = ?`, [...values, ...Object.values(stamps).map(sqlValue), id]);
    }
    return true;
  }

  const saveOnBack = spec.saveOnBack ?? true;
  return (ctx) => {
    const t = ctx.theme;
    const scope = b.scope(ctx);
    const id = ctx.screen.params.id as number | undefined;
    const errors = (ctx.screen.ui.errors ?? {}) as Record<string, string>;
    const footerRow = spec.footer && id !== undefined ? ctx.db.query(footerSql, [id])[0] : undefined;
    const leave = () => {
      if (saveOnBack && !save(ctx, scope)) return;
      ctx.pop();
    };
    // The bar first, then the fields: texts are evaluated in the order the screen shows them.
    const bar = appBar(ctx, {
      title: titleOf(ctx, scope), back: leave,
      actions: [
        ...(spec.save ? [{ icon: 'check' as const, desc: saveDesc(ctx, scope), id: spec.save.id ?? 'save', onClick: () => {
          if (!save(ctx, scope)) return;
          ctx.focus(undefined);
          if (spec.save!.toast !== undefined) ctx.toast(b.text(ctx, spec.save!.toast, scope));
          b.run(ctx, spec.after, b.scope(ctx));
        } }] : []),
        ...(spec.delete && id !== undefined ? [{ icon: 'delete' as const, desc: deleteDesc(ctx, scope), id: spec.delete.id ?? 'delete', onClick: () => { ctx.screen.ui.confirmDelete = true; } }] : []),
      ],
    });
    const fieldViews: View[] = [];
    for (const { f, hint, style, id: fieldId, errorId, type } of fieldParts) {
      const v: View = textField(ctx, { key: f.key, hint: hint(ctx, scope), style, multiline: f.multiline, id: fieldId, type });
      if (f.minHeight !== undefined) v.minHeight = f.minHeight; // the field's own new view: set, not copied
      fieldViews.push(errors[f.key] === undefined ? v : col({ gap: 4 }, v, { text: errors[f.key], type: 'bodySmall', color: t.error, id: errorId }));
    }
    const bodyLook: View = { flex: 1, padding: [0, 16], scrollKey: 'editor' };
    if (gapped) bodyLook.gap = 16; // set, not spread into the literal (V8's slow path)
    return {
      view: scaffold(ctx, {
        appBar: bar,
        body: col(bodyLook, ...fieldViews),
        bottom: spec.footer ? row({ height: 48, padding: [0, 16] },
          { text: footerRow ? footerText(ctx, scope, { time: ctx.formatTime(footerRow.t as number) }) : '', type: 'bodySmall', color: t.onSurfaceVariant, flex: 1, textAlign: 'center', id: spec.footer.id ?? 'footer' },
        ) : undefined,
      }),
      dialog: spec.delete && ctx.screen.ui.confirmDelete ? {
        view: alertDialog(ctx, {
          title: b.text(ctx, spec.delete.title ?? 'Delete?', scope), message: spec.delete.message !== undefined ? b.text(ctx, spec.delete.message, scope) : undefined,
          buttons: [
            { label: b.text(ctx, spec.delete.cancel ?? 'Cancel', scope), onClick: () => { ctx.screen.ui.confirmDelete = false; } },
            { label: b.text(ctx, spec.delete.desc ?? 'Delete', scope), id: spec.delete.confirmId ?? 'confirm_delete', onClick: () => {
              b.write(ctx, `DELETE FROM ${table} WHERE id = ?`, [id!]);
              ctx.pop();
              if (spec.delete!.toast !== undefined) ctx.toast(b.text(ctx, spec.delete!.toast, scope));
            } },
          ],
        }),
        onDismiss: () => { ctx.screen.ui.confirmDelete = false; },
      } : undefined,
      onBack: () => (saveOnBack ? !save(ctx, scope) : false),
    };
  };
}
