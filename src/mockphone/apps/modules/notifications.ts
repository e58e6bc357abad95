// The notifications module: an app's own notification list — unread ones bold with a dot,
// tapping one marks it read (then runs the author's tap actions), long-press dismisses it,
// "mark all read" and "clear all" (with a confirmation) in the app bar. The read flag lives in
// the app's table, so a verifier reads it with SQL.
import type { AppContext, ScreenOutput } from '../app';
import { alertDialog, appBar, emptyState, listItem, popupMenu, scaffold, scrollList, type Action } from '../../ui/widgets';
import type { View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, ident, stringOf, type Bindings, type Scope } from './bindings';
import { word } from './module-words';
import type { NotificationsScreenSpec } from './spec';
import { timeText } from './time-text';

export function notificationsScreen(spec: NotificationsScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.table);
  const read = ident(spec.read);
  const itemId = spec.item.id ?? 'notification';
  return (ctx) => {
    const t = ctx.theme;
    const base = b.scope(ctx);
    const rows = b.query(ctx, spec.query, base);
    const item = (r: Record<string, unknown>): View => {
      const s: Scope = extend(base, { row: r });
      const title = stringOf(b.eval(spec.item.title, s));
      const unread = Number(r[spec.read]) === 0;
      return listItem(ctx, {
        headline: title, ...(spec.item.text ? { supporting: stringOf(b.eval(spec.item.text, s)), supportingLines: 2 } : {}), bold: unread,
        leading: { icon: (spec.item.icon ?? 'notifications') as IconName, width: 40, height: 40, circle: true, bg: unread ? t.primaryContainer : t.surfaceContainerHighest, color: unread ? t.onPrimaryContainer : t.onSurfaceVariant },
        trailing: spec.item.time ? timeText(ctx, b.eval(spec.item.time, s)) : undefined,
        id: itemId, desc: unread ? word(ctx.locale, 'unread', { title }) : title,
        onClick: () => {
          b.write(ctx, `UPDATE ${table} SET ${read} = 1 WHERE id = ?`, [r.id as number]);
          b.run(ctx, spec.item.tap, s);
        },
        onLongClick: () => { ctx.screen.ui.menuFor = r.id; },
      });
    };
    const actions: Action[] = [];
    if (spec.markAll) actions.push({ icon: 'done_all', desc: b.text(ctx, spec.markAll.desc ?? word(ctx.locale, 'markAllRead'), base), id: spec.markAll.id ?? 'mark_all_read', onClick: () => { b.write(ctx, `UPDATE ${table} SET ${read} = 1`, []); } });
    if (spec.clear) actions.push({ icon: 'clear_all', desc: b.text(ctx, spec.clear.desc ?? word(ctx.locale, 'clearAll'), base), id: spec.clear.id ?? 'clear_all', onClick: () => { ctx.screen.ui.confirmClear = true; } });
    const clear = spec.clear;
    const menuFor = ctx.screen.ui.menuFor;
    let dialog: ScreenOutput['dialog'];
    if (clear && ctx.screen.ui.confirmClear) {
      const close = () => { delete ctx.screen.ui.confirmClear; };
      dialog = {
        view: alertDialog(ctx, {
          title: b.text(ctx, clear.title ?? word(ctx.locale, 'clearTitle'), base), ...(clear.message !== undefined ? { message: b.text(ctx, clear.message, base) } : {}),
          buttons: [
            { label: b.text(ctx, clear.cancel ?? word(ctx.locale, 'cancel'), base), id: 'cancel', onClick: close },
            { label: b.text(ctx, clear.confirm ?? word(ctx.locale, 'clear'), base), id: clear.confirmId ?? 'confirm_clear', onClick: () => { close(); b.write(ctx, `DELETE FROM ${table}`, []); } },
          ],
        }),
        onDismiss: close,
      };
    } else if (menuFor !== undefined) {
      const close = () => { delete ctx.screen.ui.menuFor; };
      dialog = {
        view: popupMenu(ctx, [{ label: word(ctx.locale, 'dismiss'), id: 'dismiss', onClick: () => { close(); b.write(ctx, `DELETE FROM ${table} WHERE id = ?`, [menuFor as number]); } }]),
        onDismiss: close,
      };
    }
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: b.text(ctx, spec.title, base), ...(spec.back ? { back: true } : {}), actions: rows.length > 0 ? actions : [] }),
        body: rows.length === 0
          ? emptyState(ctx, (spec.empty?.icon ?? 'notifications') as IconName, b.text(ctx, spec.empty?.text, base))
          : scrollList(`${itemId}s`, rows.map(item)),
      }),
      dialog,
    };
  };
}
