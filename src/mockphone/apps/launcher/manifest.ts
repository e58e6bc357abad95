// The home screen: a clock, a search bar, and a grid of every installed app's icon and label
// (the catalogue the phone was given), with a dock.
import type { AppContext, AppInfo, AppManifest } from '../app';
import { localize } from '../app';
import { col, row, type View } from '../../ui/view';
import { launcherInfo, LAUNCHER_PACKAGE } from './info';

export { LAUNCHER_PACKAGE };

function appIcon(ctx: AppContext, app: AppInfo): View {
  const label = localize(app.label, ctx.locale);
  return col({ width: 80, align: 'center', gap: 6, onClick: () => { ctx.openApp(app.package); }, desc: label, id: 'app_icon', cls: 'android.widget.TextView' },
    { icon: app.icon.glyph, iconSize: 30, width: 56, height: 56, circle: true, bg: app.icon.bg, color: app.icon.fg ?? '#FFFFFF' },
    { text: label, type: 'bodySmall', textSize: 12.5, color: '#FFFFFF', textAlign: 'center', maxLines: 1, width: 80 },
  );
}

/**
 * Rows that fit (five, a phone's first page) sit at the bottom above the search bar, as
 * always. More — a phone given a catalogue of thirty apps — scroll, as an app drawer does:
 * the grid fills the space between the clock and the search bar, and the rest is a swipe
 * up away (the search bar finds any app by name, too).
 */
const PAGE_ROWS = 5;
function appsArea(rows: View[]): View[] {
  if (rows.length <= PAGE_ROWS) return [{ flex: 1 }, col({ gap: 24, padding: [0, 0, 24, 0], id: 'apps_grid' }, ...rows)];
  return [{ dir: 'column', flex: 1, scrollKey: 'apps', gap: 24, padding: [24, 0, 24, 0], id: 'apps_grid', cls: 'androidx.recyclerview.widget.RecyclerView', children: rows }];
}

export const launcherApp: AppManifest = {
  ...launcherInfo,
  home: 'home',
  screens: {
    /** App search: typing filters installed apps by name; tapping one opens it. */
    search: (ctx) => {
      const q = ctx.field('q').trim().toLowerCase();
      const apps = ctx.installedApps().filter((a) => !a.hidden && (q === '' || localize(a.label, ctx.locale).toLowerCase().includes(q)));
      const t = ctx.theme;
      return {
        view: col({ flex: 1, bg: t.surface },
          row({ height: 72, padding: [8, 16], gap: 4 },
            row({ flex: 1, height: 56, radius: 28, bg: t.surfaceContainerHigh, padding: [0, 8, 0, 4], gap: 4 },
              { icon: 'arrow_back', width: 48, height: 48, color: t.onSurfaceVariant, onClick: () => ctx.pop(), desc: 'Navigate up', id: 'navigate_up' },
              { field: { key: 'q', hint: ctx.t('searchApps'), style: 'plain' }, flex: 1, id: 'search_src_text', padding: [8, 0] },
            ),
          ),
          { dir: 'column', flex: 1, scrollKey: 'results', id: 'list', children: apps.length === 0
            ? [{ text: ctx.t('noApps'), type: 'bodyLarge', color: t.onSurfaceVariant, textAlign: 'center', padding: 32 }]
            : apps.map((a) => row({ height: 64, padding: [0, 24], gap: 16, onClick: () => { ctx.openApp(a.package); }, id: 'app_result', desc: localize(a.label, ctx.locale) },
              { icon: a.icon.glyph, iconSize: 24, width: 40, height: 40, circle: true, bg: a.icon.bg, color: a.icon.fg ?? '#FFFFFF' },
              { text: localize(a.label, ctx.locale), type: 'bodyLarge', color: t.onSurface, flex: 1 },
            )) },
        ),
      };
    },
    home: (ctx) => {
      const apps = ctx.installedApps().filter((a) => !a.hidden);
      const rows: View[] = [];
      for (let i = 0; i < apps.length; i += 4) {
        rows.push(row({ justify: 'between', padding: [0, 8] }, ...apps.slice(i, i + 4).map((a) => appIcon(ctx, a)),
          ...Array.from({ length: 4 - Math.min(4, apps.length - i) }, () => ({ width: 80 }))));
      }
      const now = ctx.now();
      const date = new Intl.DateTimeFormat(ctx.locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(now);
      const time = new Intl.DateTimeFormat(ctx.locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: false }).format(now);
      return {
        view: col({ flex: 1, gradient: ctx.theme.dark ? ['#1F1A2E', '#0E1A2B'] : ['#4B3F8F', '#2E6C8E'], padding: [36, 16, 48, 16], id: 'workspace', cls: 'android.widget.FrameLayout' },
          col({ padding: [48, 8, 0, 8], gap: 4 },
            { text: time, textSize: 64, weight: 400, color: '#FFFFFF', id: 'clock' },
            { text: date, type: 'titleMedium', color: '#FFFFFF', id: 'date' },
          ),
          ...appsArea(rows),
          row({ height: 56, radius: 28, bg: 'rgba(255,255,255,0.92)', padding: [0, 20], gap: 12, id: 'search_bar', desc: ctx.t('search'), onClick: () => ctx.push('search', {}, { focus: 'q' }) },
            { icon: 'search', color: '#444746' },
            { text: ctx.t('search'), type: 'bodyLarge', color: '#444746', flex: 1 },
            { icon: 'mic', color: '#444746' },
          ),
        ),
      };
    },
  },
};
