// The media player module: the current track's cover (an image placeholder), title and
// artist, a seek bar, previous / play-pause / next, and the queue below (tap plays a track).
// Its state — `track` (the id), `playing` (0/1), `position` (seconds) — is kept in the app's
// own key/value table, so a verifier reads it with SQL. Time does not play the track forward:
// the position moves by seeking, which keeps every run reproducible.
import type { AppContext, ScreenOutput } from '../app';
import { appBar, listItem, scaffold } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { photo } from '../catalog-shared/widgets';
import { extend, ident, stringOf, type Bindings } from './bindings';
import { word } from './module-words';
import type { PlayerScreenSpec } from './spec';

export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function playerScreen(spec: PlayerScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.state);
  return (ctx) => {
    const t = ctx.theme;
    const base = b.scope(ctx);
    const queue = b.query(ctx, spec.query, base);
    const state = new Map(ctx.db.query(`SELECT key, value FROM ${table}`).map((r) => [String(r.key), Number(r.value)]));
    const set = (values: Record<string, number>) => {
      for (const [k, v] of Object.entries(values)) b.write(ctx, `INSERT OR REPLACE INTO ${table} (key, value) VALUES (?, ?)`, [k, v]);
    };
    const at = Math.max(0, queue.findIndex((r) => Number(r.id) === state.get('track')));
    const cur = queue[at] as Record<string, unknown> | undefined;
    const s = b.scope(ctx, { row: cur ?? {} });
    const playing = (state.get('playing') ?? 0) !== 0;
    const duration = cur ? Number(b.eval(spec.item.duration, s)) || 0 : 0;
    const position = Math.min(state.get('position') ?? 0, duration);
    const play = (i: number, on = true) => set({ track: Number(queue[i].id), playing: on ? 1 : 0, position: 0 });
    const control = (icon: IconName, id: string, desc: string, onClick: () => void, big = false): View => ({
      icon, iconSize: big ? 36 : 28, width: big ? 72 : 56, height: big ? 72 : 56, circle: big, bg: big ? t.primary : undefined, color: big ? t.onPrimary : t.onSurface,
      onClick, id, desc, enabled: cur !== undefined, cls: 'android.widget.ImageButton',
    });
    const body: View = col({ flex: 1, scrollKey: 'player' },
      cur && col({ padding: [8, 32], gap: 8, align: 'center' },
        photo(spec.cover ? Number(b.eval(spec.cover, s)) : Number(cur.id) * 47, { width: 240, height: 240, icon: 'music_note', radius: 16, id: 'cover' }),
        { text: stringOf(b.eval(spec.item.title, s)), type: 'headlineSmall', color: t.onSurface, maxLines: 1, textAlign: 'center', id: 'track_title' },
        spec.item.artist !== undefined && { text: stringOf(b.eval(spec.item.artist, s)), type: 'bodyLarge', color: t.onSurfaceVariant, maxLines: 1, textAlign: 'center', id: 'track_artist' },
      ),
      cur && col({ padding: [0, 24], gap: 2 },
        { slider: duration > 0 ? position / duration : 0, width: 'fill', height: 32, id: 'seek_bar', desc: `${clock(position)} / ${clock(duration)}`,
          onClickAt: (fx) => set({ position: Math.round(Math.min(1, Math.max(0, fx)) * duration) }) },
        row({ justify: 'between' },
          { text: clock(position), type: 'labelMedium', color: t.onSurfaceVariant, id: 'position' },
          { text: clock(duration), type: 'labelMedium', color: t.onSurfaceVariant, id: 'duration' }),
      ),
      cur && row({ justify: 'center', align: 'center', gap: 24, padding: [8, 0] },
        control('skip_previous', 'previous', word(ctx.locale, 'previous'), () => (position > 3 || at === 0 ? set({ position: 0 }) : play(at - 1, playing))),
        control(playing ? 'pause' : 'play_arrow', 'play_pause', word(ctx.locale, playing ? 'pause' : 'play'), () => set({ track: Number(cur.id), playing: playing ? 0 : 1 }), true),
        control('skip_next', 'next', word(ctx.locale, 'next'), () => play((at + 1) % queue.length, playing)),
      ),
      ...queue.map((r, i) => {
        const rs = extend(base, { row: r });
        const title = stringOf(b.eval(spec.item.title, rs));
        return listItem(ctx, {
          headline: title, ...(spec.item.artist ? { supporting: stringOf(b.eval(spec.item.artist, rs)) } : {}),
          leading: { icon: i === at && playing ? 'play_arrow' : 'music_note', width: 40, height: 40, circle: true, bg: t.secondaryContainer, color: t.onSecondaryContainer },
          trailing: clock(Number(b.eval(spec.item.duration, rs)) || 0), selected: i === at, id: spec.item.id ?? 'track', desc: title,
          onClick: () => play(i),
        });
      }),
    );
    return { view: scaffold(ctx, { appBar: appBar(ctx, { title: b.text(ctx, spec.title, base), ...(spec.back ? { back: true } : {}) }), body }) };
  };
}
