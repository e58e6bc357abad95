// The settings module: switches kept in one of the app's tables (key TEXT PRIMARY KEY,
// value INTEGER), so a verifier reads them with SQL like any other state.
import type { AppContext, ScreenOutput } from '../app';
import { appBar, scaffold, scrollList, switchRow } from '../../ui/widgets';
import { ident, type Bindings } from './bindings';
import type { SettingsScreenSpec } from './spec';

export function settingsScreen(spec: SettingsScreenSpec, b: Bindings): (ctx: AppContext) => ScreenOutput {
  const table = ident(spec.table);
  return (ctx) => {
    const scope = b.scope(ctx);
    const on = new Map(ctx.db.query(`SELECT key, value FROM ${table}`).map((r) => [String(r.key), Number(r.value) !== 0]));
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: b.text(ctx, spec.title, scope), ...(spec.back ? { back: true } : {}) }),
        body: scrollList('settings', spec.toggles.map((g) => switchRow(ctx, {
          title: b.text(ctx, g.title, scope), ...(g.summary !== undefined ? { summary: b.text(ctx, g.summary, scope) } : {}),
          checked: on.get(g.key) ?? false, id: g.id ?? g.key,
          onToggle: (v) => { b.write(ctx, `INSERT OR REPLACE INTO ${table} (key, value) VALUES (?, ?)`, [g.key, v ? 1 : 0]); },
        }))),
      }),
    };
  };
}
