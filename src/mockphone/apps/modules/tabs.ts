// The tabs module: a bottom navigation bar holding other screens of the app — the chosen tab's
// screen is drawn above the bar (its app bar, list, dialogs and back handling are its own), and
// the bar switches between them (catalog-shared's bottomNav). Extracted from Chat's main screen,
// which is now this module with Chat's four tabs (chat/chat.app.ts).
import type { AppContext, Screen, ScreenOutput } from '../app';
import { bottomNav } from '../catalog-shared/widgets';
import { col } from '../../ui/view';
import type { IconName } from '../../ui/icons';
import { AppSpecError, type Bindings } from './bindings';
import type { TabsScreenSpec } from './spec';

export function tabsScreen(spec: TabsScreenSpec, b: Bindings, screenOf: (name: string) => Screen | undefined): (ctx: AppContext) => ScreenOutput {
  return (ctx) => {
    const base = b.scope(ctx);
    const tab = Math.min(Math.max(0, Number(ctx.screen.ui.tab ?? 0)), spec.tabs.length - 1);
    const inner = screenOf(spec.tabs[tab].screen);
    if (!inner) throw new AppSpecError(`${b.at ?? ''}: tab '${spec.tabs[tab].screen}' is not a screen of the app`);
    const out = inner(ctx);
    return {
      ...out,
      view: col({ flex: 1 },
        col({ flex: 1 }, out.view),
        bottomNav(ctx, {
          ...(spec.accent ? { accent: spec.accent } : {}), selected: tab,
          onSelect: (i) => { ctx.screen.ui.tab = i; },
          items: spec.tabs.map((x, i) => ({ icon: x.icon as IconName, label: b.text(ctx, x.label, base), id: x.id ?? `tab_${i}` })),
        }),
      ),
    };
  };
}
