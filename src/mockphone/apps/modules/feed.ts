// The feed module: a social or news feed of cards — author (avatar from the name) and time,
// text, an image placeholder, and a like toggle and comment count under each. The like is
// kept in the app's own table (a 0/1 flag and a count, moved together), so a verifier reads
// it with SQL; tapping a card or its comment button runs the author's actions, and app-bar
// buttons lead to the app's other screens (notifications, profile).
import type { AppContext, ScreenOutput } from '../app';
import { appBar, avatar, emptyState, fab, scaffold, scrollList } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { photo } from '../catalog-shared/widgets';
import { extend, ident, stringOf, type Bindings } from './bindings';
import { word } from './module-words';
import type { FeedScreenSpec } from './spec';
import { timeText } from './time-text';

type Row = Record<string, unknown>;

export function feedScreen(spec: FeedScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const itemId = spec.item.id ?? 'post';
  const like = spec.like;
  const likeSql = like && `UPDATE ${ident(like.table)} SET ${ident(like.flag)} = CASE WHEN ${ident(like.flag)} != 0 THEN 0 ELSE 1 END,
    ${ident(like.count)} = ${ident(like.count)} + CASE WHEN ${ident(like.flag)} != 0 THEN -1 ELSE 1 END WHERE id = ?`;
  return (ctx) => {
    const t = ctx.theme;
    const base = b.scope(ctx);
    const rows = b.query(ctx, spec.query, base);
    const card = (r: Row): View => {
      const s = extend(base, { row: r });
      const author = stringOf(b.eval(spec.item.author, s));
      const text = stringOf(b.eval(spec.item.text, s));
      const image = spec.item.image ? b.eval(spec.item.image, s) : null;
      const liked = like ? Number(r[like.flag]) !== 0 : false;
      const likes = like ? Number(r[like.count] ?? 0) : 0;
      const comments = spec.item.comments ? stringOf(b.eval(spec.item.comments, s)) : undefined;
      const action = (icon: IconName, label: string, o: { id: string; desc: string; on?: boolean; onClick: () => void }): View =>
        row({ height: 40, padding: [0, 12], gap: 6, radius: 20, align: 'center', onClick: o.onClick, id: o.id, desc: o.desc, cls: 'android.widget.Button', ...(o.on !== undefined ? { checkable: true, checked: o.on } : {}) },
          { icon, iconSize: 20, width: 20, height: 20, color: o.on ? t.primary : t.onSurfaceVariant },
          { text: label, type: 'labelLarge', color: o.on ? t.primary : t.onSurfaceVariant, id: `${o.id}_count` });
      return col({ padding: [12, 16], gap: 10, radius: 12, border: t.outlineVariant, bg: t.surface, id: itemId, desc: `${author}: ${text}`.slice(0, 80), ...(spec.item.tap ? { onClick: () => b.run(ctx, spec.item.tap, s) } : {}) },
        row({ gap: 12, align: 'center' },
          avatar(author, 40),
          col({ flex: 1, gap: 2 },
            { text: author, type: 'titleSmall', color: t.onSurface, maxLines: 1, id: 'author' },
            spec.item.time !== undefined && { text: timeText(ctx, b.eval(spec.item.time, s)), type: 'bodySmall', color: t.onSurfaceVariant, id: 'time' },
          ),
        ),
        text !== '' && { text, type: 'bodyMedium', color: t.onSurface, maxLines: 6, id: 'text' },
        image !== null && image !== false && photo(typeof image === 'number' ? image : hueOf(stringOf(image)), { height: 140, id: 'image' }),
        (like || comments !== undefined) && row({ gap: 8 },
          like && action(liked ? 'favorite' : 'favorite_border', String(likes), {
            id: like.id ?? 'like', desc: word(ctx.locale, liked ? 'unlike' : 'like', { author }), on: liked,
            onClick: () => { b.write(ctx, likeSql!, [r.id as number]); },
          }),
          comments !== undefined && action('forum', comments, { id: 'comment', desc: word(ctx.locale, 'commentsOn', { author }), onClick: () => b.run(ctx, spec.item.comment, s) }),
        ),
      );
    };
    return {
      view: scaffold(ctx, {
        ...(spec.title !== undefined ? { appBar: appBar(ctx, {
          title: b.text(ctx, spec.title, base), ...(spec.back ? { back: true } : {}),
          actions: (spec.actions ?? []).map((a) => ({ icon: a.icon as IconName, desc: b.text(ctx, a.desc, base), id: a.id, onClick: () => b.run(ctx, a.do, base) })),
        }) } : {}),
        body: rows.length === 0
          ? emptyState(ctx, (spec.empty?.icon ?? 'article') as IconName, b.text(ctx, spec.empty?.text, base))
          : scrollList(`${itemId}s`, [...rows.map(card), spec.fab && { height: 88 }], { padding: [4, 16], gap: 12 }),
        ...(spec.fab ? { fab: fab(ctx, { icon: spec.fab.icon as IconName, desc: b.text(ctx, spec.fab.desc, base), onClick: () => b.run(ctx, spec.fab!.do, base), ...(spec.fab.id ? { id: spec.fab.id } : {}) }) } : {}),
      }),
    };
  };
}

/** A stable hue for an image key that is not a number. */
function hueOf(key: string): number {
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}
