// The comments module: a post on top (optional), its comments (avatar, author, time, text),
// and a composer at the bottom as Messages draws it. Sending runs the author's actions with
// `text` — the typed comment — in scope (usually an insert), then clears the composer; a
// blank comment is not sent.
import type { AppContext, ScreenOutput } from '../app';
import { appBar, avatar, divider, emptyState, scaffold, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import { extend, stringOf, type Bindings, type Scope } from './bindings';
import { word } from './module-words';
import type { CommentsScreenSpec } from './spec';
import { timeText } from './time-text';

const FIELD = 'comment';

export function commentsScreen(spec: CommentsScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const itemId = spec.item.id ?? 'comment_item';
  return (ctx) => {
    const t = ctx.theme;
    const base = b.scope(ctx);
    const rows = b.query(ctx, spec.query, base);
    const post = spec.post ? b.query(ctx, spec.post.query, base)[0] : undefined;
    const item = (r: Record<string, unknown>): View => {
      const s: Scope = extend(base, { row: r });
      const author = stringOf(b.eval(spec.item.author, s));
      const text = stringOf(b.eval(spec.item.text, s));
      return row({ padding: [8, 16], gap: 12, id: itemId, desc: `${author}: ${text}`.slice(0, 80) },
        avatar(author, 32),
        col({ flex: 1, gap: 2 },
          row({ gap: 8, align: 'center' },
            { text: author, type: 'labelLarge', color: t.onSurface, maxLines: 1, id: 'author' },
            spec.item.time !== undefined && { text: timeText(ctx, b.eval(spec.item.time, s)), type: 'bodySmall', color: t.onSurfaceVariant, id: 'time' },
          ),
          { text, type: 'bodyMedium', color: t.onSurface, id: 'text' },
        ),
      );
    };
    const draft = ctx.field(FIELD);
    const send = () => {
      const text = ctx.field(FIELD);
      if (text.trim() === '') return;
      b.run(ctx, spec.composer.send, { ...base, text: text.trim() });
      ctx.setField(FIELD, '');
      ctx.screen.scroll.comments = 1e9; // the new comment, at the end
    };
    const head: View | undefined = post && spec.post ? (() => {
      const s = extend(base, { row: post });
      const author = stringOf(b.eval(spec.post.author, s));
      return col({ padding: [12, 16], gap: 8, id: spec.post.id ?? 'post' },
        row({ gap: 12, align: 'center' }, avatar(author, 40), { text: author, type: 'titleSmall', color: t.onSurface, id: 'post_author' }),
        { text: stringOf(b.eval(spec.post.text, s)), type: 'bodyLarge', color: t.onSurface, id: 'post_text' },
      );
    })() : undefined;
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: b.text(ctx, spec.title, base), back: true }),
        body: col({ flex: 1 },
          rows.length === 0 && !head
            ? emptyState(ctx, 'forum', b.text(ctx, spec.empty?.text, base))
            : col({ flex: 1, scrollKey: 'comments', id: 'list', padding: [0, 0, 8, 0] },
              head, head && divider(ctx),
              ...rows.map(item),
              rows.length === 0 && { text: b.text(ctx, spec.empty?.text, base), type: 'bodyMedium', color: t.onSurfaceVariant, padding: [24, 16], textAlign: 'center', id: 'empty' },
            ),
        ),
        bottom: row({ padding: [8, 8, 8, 12], gap: 8, bg: t.surface, id: 'compose_bar' },
          textField(ctx, { key: FIELD, hint: b.text(ctx, spec.composer.hint, base), style: 'search', id: spec.composer.id ?? 'comment_text', flex: 1, multiline: false, onSubmit: send }),
          { icon: 'send', iconSize: 24, width: 48, height: 48, circle: true, bg: draft.trim() ? t.primary : t.surfaceContainerHighest, color: draft.trim() ? t.onPrimary : t.outline,
            onClick: send, desc: word(ctx.locale, 'send'), id: spec.composer.sendId ?? 'send_comment', enabled: draft.trim() !== '', cls: 'android.widget.ImageButton' },
        ),
      }),
    };
  };
}
