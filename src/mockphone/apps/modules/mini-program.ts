// Mini-programs mounted in their host, as WeChat hosts them: an app file that declares
// `miniProgram: { host, key, … }` is no launcher app but pages inside the host. Its screens
// become the host's `mp_<key>_<screen>` (the host opens `mp_<key>_home`), each drawn under the
// host's mini-program bar with the capsule (catalog-shared/capsule.ts); its tables live in the
// host's database as `mp_<key>_<table>` (table-prefix.ts rewrites every statement it runs), so
// a verifier reads the host's database; its seed runs after the host's, with a generator of
// its own; and a `mini_programs` row lists it in the host's mini-program list. It keeps its own
// strings. Opening it is an interference launch of "<host>/<key>" (the host's subLaunch), so
// perturbations reach mini-programs as they reach apps.
import { localize, translate, type AppContext, type AppDb, type AppManifest, type Localized, type Screen, type ScreenOutput } from '../app';
import { capsuleBar, capsuleMenu, capsuleWord } from '../catalog-shared/capsule';
import type { View } from '../../ui/view';
import { DEFAULT_ACCENT, DEFAULT_APP_ICON } from './info';
import type { AppSpec } from './spec';
import { miniPrefix } from './mini-program-spec';
import { tablePrefixer } from './table-prefix';

export interface MiniProgram {
  key: string;
  name: Localized;
  icon: { glyph: string; bg: string };
  /** The mini-program built on its own (its own screen and table names). */
  manifest: AppManifest;
}

/** A declared mini-program (its spec with `miniProgram`) built on its own: name, icon and colour default to the app's label, icon and accent. */
export function miniProgramOf(spec: AppSpec, manifest: AppManifest): MiniProgram {
  const mp = spec.miniProgram!;
  return { key: mp.key, name: mp.name ?? spec.label, icon: { glyph: mp.icon ?? spec.icon ?? DEFAULT_APP_ICON, bg: spec.accent ?? DEFAULT_ACCENT }, manifest };
}

/** A database whose statements name the mini-program's tables by their prefixed names. */
function prefixedDb(db: AppDb, rewrite: (sql: string) => string): AppDb {
  return {
    query: (sql, params) => db.query(rewrite(sql), params),
    run: (sql, params) => db.run(rewrite(sql), params),
    script: (sql) => db.script(rewrite(sql)),
  };
}

/** The host with its mini-programs mounted: their screens, tables, seeds and list rows. */
export function mountMiniPrograms(host: AppManifest, minis: readonly MiniProgram[]): AppManifest {
  if (minis.length === 0) return host;
  const screens: Record<string, Screen> = { ...host.screens };
  const schemas: string[] = [host.database?.schema ?? ''];
  const seeds: ((db: AppDb, s: Parameters<NonNullable<NonNullable<AppManifest['database']>['seed']>>[1]) => void)[] = [];
  for (const mp of minis) {
    const prefix = miniPrefix(mp.key);
    const rewrite = tablePrefixer(mp.manifest.database?.schema ?? '', prefix);
    if (mp.manifest.database) schemas.push(rewrite(mp.manifest.database.schema));
    for (const [name, render] of Object.entries(mp.manifest.screens)) screens[`${prefix}${name}`] = mounted(mp, render, rewrite);
    if (!(`${prefix}home` in screens)) screens[`${prefix}home`] = screens[`${prefix}${mp.manifest.home}`];
    const seed = mp.manifest.database?.seed;
    seeds.push((db, s) => {
      seed?.(prefixedDb(db, rewrite), { ...s, rng: s.rng.fork(`mini-program:${mp.key}`), t: (key, params) => translate(mp.manifest.strings, s.locale, key, params) });
      db.run(`INSERT INTO mini_programs (key, name, available, icon, color) VALUES (?, ?, 1, ?, ?)
        ON CONFLICT(key) DO UPDATE SET name = excluded.name, available = 1, icon = excluded.icon, color = excluded.color`, [mp.key, localize(mp.name, s.locale), mp.icon.glyph, mp.icon.bg]);
    });
  }
  const hostSeed = host.database?.seed;
  return {
    ...host,
    database: {
      file: host.database?.file ?? 'app.db',
      schema: schemas.filter((x) => x.trim() !== '').join('\n'),
      seed: (db, s) => {
        hostSeed?.(db, s);
        for (const seed of seeds) seed(db, s);
      },
    },
    screens,
  };
}

/** One page of a mini-program, rendered with its own names, strings and tables, under the capsule bar. */
function mounted(mp: MiniProgram, render: Screen, rewrite: (sql: string) => string): Screen {
  const prefix = miniPrefix(mp.key);
  const own = (name: string) => name in mp.manifest.screens;
  return (ctx) => {
    const depth = Number(ctx.screen.params.mpDepth ?? 1);
    const close = () => { for (let i = depth; i > 0; i--) ctx.pop(); };
    const inner: AppContext = {
      ...ctx,
      db: prefixedDb(ctx.db, rewrite),
      t: (key, params) => translate(mp.manifest.strings, ctx.locale, key, params),
      push: (name, params, init) => ctx.push(own(name) ? `${prefix}${name}` : name, own(name) ? { ...params, mpDepth: depth + 1 } : params, init),
      replace: (name, params, init) => ctx.replace(own(name) ? `${prefix}${name}` : name, own(name) ? { ...params, mpDepth: depth } : params, init),
      finish: close,
    };
    const out = render(inner);
    const name = localize(mp.name, ctx.locale);
    const bar = (title: string, onBack: (() => void) | undefined, actions: View[]) => capsuleBar(ctx, { title, onBack, actions, onMore: () => { ctx.screen.ui.mpCapsule = true; }, onClose: close });
    const view = replaceToolbar(out.view, bar, ctx.theme.onSurface) ?? { dir: 'column', flex: 1, children: [bar(name, depth > 1 ? () => ctx.pop() : undefined, []), { ...out.view, flex: 1 }] };
    if (ctx.screen.ui.mpCapsule !== true) return { ...out, view };
    const dismiss = () => { delete ctx.screen.ui.mpCapsule; };
    const menu = capsuleMenu(ctx, {
      share: capsuleWord(ctx, 'share'), favorite: capsuleWord(ctx, 'favorite'), reload: capsuleWord(ctx, 'reload'), about: capsuleWord(ctx, 'about', name),
      onDismiss: dismiss,
      onReload: () => { for (let i = depth; i > 1; i--) ctx.pop(); },
    });
    return { ...out, view, dialog: menu } satisfies ScreenOutput;
  };
}

/**
 * The page's own top bar (the first `toolbar` in its tree: every module's app bar) drawn as the
 * mini-program bar — its title, back and icon actions kept — or undefined when it has none.
 */
function replaceToolbar(v: View, bar: (title: string, onBack: (() => void) | undefined, actions: View[]) => View, color: string): View | undefined {
  if (v.id === 'toolbar') {
    const parts = flatten(v);
    const title = parts.find((p) => p.id === 'toolbar_title' || p.id === 'title')?.text ?? '';
    const back = parts.find((p) => p.id === 'navigate_up')?.onClick;
    const actions = parts.filter((p) => p.onClick && p.icon && p.id !== 'navigate_up').map((p): View => ({ icon: p.icon, desc: p.desc, id: p.id, onClick: p.onClick, width: 40, height: 48, color, cls: 'android.widget.ImageButton' }));
    return bar(String(title), back, actions);
  }
  const kids = v.children;
  if (!kids) return undefined;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    if (!k) continue;
    const swapped = replaceToolbar(k, bar, color);
    if (swapped) return { ...v, children: [...kids.slice(0, i), swapped, ...kids.slice(i + 1)] };
  }
  return undefined;
}

function flatten(v: View): View[] {
  return [v, ...(v.children ?? []).flatMap((k) => (k ? flatten(k) : []))];
}
