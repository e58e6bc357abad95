// The thread module: a conversation — bubbles from a query (mine on the right in the accent,
// theirs on the left), a day label where the day changes, a long-press copy menu, app-bar
// actions, and a composer whose send runs actions with the typed `text`, then clears it and
// sticks to the newest message. Extracted from Messages' thread, which is now this module with
// Messages' parameters (messages/messages.app.ts; its send stays TypeScript: it creates the
// thread for a new address and schedules the reply, which no action expresses).
import type { AppContext, ScreenOutput } from '../app';
import { appBar, popupMenu, scaffold, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { extend, stringOf, type Bindings, type Scope } from './bindings';
import type { ThreadScreenSpec } from './spec';

/** What a TypeScript app adds to a thread: variables for the scope, and its own send. */
export interface ThreadHooks {
  vars?(ctx: AppContext): Scope;
  send?(ctx: AppContext, text: string, scope: Scope): void;
}

const DAY = 86_400_000;

export function threadScreen(spec: ThreadScreenSpec, b: Bindings, hooks: ThreadHooks = {}): (ctx: AppContext) => ScreenOutput {
  const m = spec.message;
  const key = spec.composer?.key ?? 'compose';
  // Run on every message, and the texts of every render: made once.
  const [bodyOf, mineOf, timeOf] = [b.compile(m.body), b.compile(m.mine), m.time !== undefined ? b.compile(m.time) : undefined];
  const c = spec.composer;
  const [titleText, hintText, sendDesc, yesterday] = [b.textOf(spec.title), b.textOf(c?.hint), b.textOf(c?.sendDesc ?? 'Send'), b.textOf(spec.days?.yesterday)];
  const actionDescs = (spec.actions ?? []).map((a) => b.textOf(a.desc));
  const [messageId, textId] = [m.id ?? 'message', `${m.id ?? 'message'}_text`];
  return (ctx) => {
    const t = ctx.theme;
    const vars = hooks.vars?.(ctx);
    const base = b.scope(ctx, vars);
    const rows = b.query(ctx, spec.query, base);
    // One scope for every row (evaluation is synchronous and nothing keeps it): no copy per message.
    const scopes = b.rows(ctx, base, vars);
    const msgs = rows.map((r) => {
      const s = scopes.at(r);
      return { id: r.id, body: stringOf(bodyOf(s)), mine: mineOf(s) === true, time: timeOf ? Number(timeOf(s)) : undefined };
    });
    const children: View[] = [];
    let lastDay = -1;
    for (const [i, msg] of msgs.entries()) {
      if (spec.days && msg.time !== undefined) {
        const day = Math.floor(msg.time / DAY);
        if (day !== lastDay) {
          lastDay = day;
          const today = Math.floor(ctx.now() / DAY);
          const label = day === today ? ctx.formatTime(msg.time) : day === today - 1 ? yesterday(ctx, base) : ctx.formatDate(msg.time);
          children.push({ text: label, type: 'labelMedium', color: t.onSurfaceVariant, textAlign: 'center', padding: [16, 0, 8, 0] });
        }
      }
      const look: View = { justify: msg.mine ? 'end' : 'start', padding: [2, 12] };
      if (spec.copy) look.onLongClick = () => { ctx.screen.ui.copyFor = i; }; // set, not spread into the literal (V8's slow path)
      children.push(row(look,
        col({ padding: [10, 16], radius: 20, bg: msg.mine ? t.primary : t.surfaceContainerHigh, gap: 2, id: messageId, desc: msg.body },
          { text: msg.body, type: 'bodyLarge', color: msg.mine ? t.onPrimary : t.onSurface, id: textId, selectable: true },
        ),
      ));
    }
    const draft = ctx.field(key);
    const send = () => {
      const text = ctx.field(key);
      if (text.trim() === '') return;
      const scope = extend(b.scope(ctx, hooks.vars?.(ctx) ?? {}), { text });
      if (hooks.send) hooks.send(ctx, text, scope);
      else b.run(ctx, spec.send, scope);
      ctx.setField(key, '');
      ctx.screen.scroll.messages = 1e9; // stick to the newest message
    };
    const copyFor = ctx.screen.ui.copyFor as number | undefined;
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, {
          title: titleText(ctx, base), back: spec.back ?? true,
          actions: (spec.actions ?? []).map((a, i) => ({ icon: a.icon as IconName, desc: actionDescs[i](ctx, base), id: a.id, onClick: () => b.run(ctx, a.do, base) })),
        }),
        body: col({ flex: 1, scrollKey: 'messages', padding: [0, 0, 8, 0], justify: 'end' }, ...children),
        bottom: row({ padding: [8, 8, 8, 12], gap: 8, bg: t.surface, id: 'compose_bar' },
          textField(ctx, { key, hint: hintText(ctx, base), style: 'search', id: c?.id ?? 'compose_text', flex: 1, multiline: false, onSubmit: send }),
          { icon: 'send', iconSize: 24, width: 48, height: 48, circle: true, bg: draft.trim() ? t.primary : t.surfaceContainerHighest, color: draft.trim() ? t.onPrimary : t.outline,
            onClick: send, desc: sendDesc(ctx, base), id: c?.sendId ?? 'send_button', enabled: draft.trim() !== '', cls: 'android.widget.ImageButton' },
        ),
      }),
      dialog: spec.copy && copyFor !== undefined ? {
        view: popupMenu(ctx, [{ label: b.text(ctx, spec.copy.label, base), id: spec.copy.id ?? 'copy', onClick: () => {
          const msg = msgs[copyFor];
          if (msg) ctx.setClipboard(msg.body);
          delete ctx.screen.ui.copyFor;
          if (spec.copy!.toast !== undefined) ctx.toast(b.text(ctx, spec.copy!.toast, base));
        } }]),
        onDismiss: () => { delete ctx.screen.ui.copyFor; },
      } : undefined,
    };
  };
}
