// What an app's screens and handlers see (AppContext), and rendering one of its screens with
// app bugs turned into an on-screen crash message.
import { localize, translate, type AppContext, type AppDb, type AppManifest, type ScreenOutput, type ScreenState } from '../apps/app';
import type { AppData } from './app-data';
import type { Navigator } from './navigation';
import type { PhoneCore } from './phone-core';

export class AppContexts {
  constructor(private readonly core: PhoneCore, private readonly nav: Navigator, private readonly data: AppData) {}

  /** The API an app's screens and handlers see, bound to one screen of the stack. */
  context(app: AppManifest, screen: ScreenState): AppContext {
    const { core, nav, data } = this;
    const db = core.dbs.get(app.package);
    const appDb: AppDb = db ?? {
      query: () => { throw new Error(`${app.package} has no database`); },
      run: () => { throw new Error(`${app.package} has no database`); },
      script: () => { throw new Error(`${app.package} has no database`); },
    };
    // The closures read core.state and core.clock when called, not now: restore() swaps them.
    return {
      pkg: app.package,
      locale: core.state.locale,
      theme: core.theme,
      db: appDb,
      rng: core.rng,
      screen,
      now: () => core.clock.now(),
      t: (key, params) => translate(app.strings, core.state.locale, key, params),
      push: (name, params, init) => nav.navigate(app.package, 'push', name, params, init),
      pop: () => nav.popScreen(app.package),
      replace: (name, params, init) => nav.navigate(app.package, 'replace', name, params, init),
      finish: () => nav.finishApp(app.package),
      openApp: (pkg, name, params, init) => nav.launch(pkg, name, params, init),
      installedApps: () => [...core.apps.values()],
      queryApp: (pkg, sql, params) => core.dbs.get(pkg)?.query(sql, params) ?? [],
      field: (key) => screen.fields[key] ?? '',
      setField: (key, value) => { screen.fields[key] = value; },
      focus: (key) => { screen.focus = key; screen.selectAll = false; screen.cursor = undefined; },
      toast: (text) => core.showToast(text),
      notify: (title, text, link) => core.showBanner(app.package, title, text, link),
      subLaunch: (key, label) => core.interferenceEngine.onLaunch(core.interferenceState, core.interferenceHost(), app.package, true, { key, label }),
      clipboard: () => core.state.clipboard,
      setClipboard: (text) => { core.state.clipboard = text; },
      getSetting: (ns, key) => data.getSetting(ns, key),
      putSetting: (ns, key, value) => data.putSetting(ns, key, value),
      setTimer: (delay, kind, payload) => core.clock.setTimer(delay, `app:${app.package}:${kind}`, payload ?? null),
      formatTime: (ms) => core.formatTime(ms),
      formatDate: (ms) => core.formatDate(ms),
    };
  }

  renderScreen(app: AppManifest, screen: ScreenState): ScreenOutput {
    const broken = this.core.appErrors.get(app.package);
    if (broken !== undefined) return this.stopped(app, broken);
    const render = app.screens[screen.name] ?? app.screens[app.home];
    try {
      return render(this.context(app, screen));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.core.fault(app.package, why);
      return this.stopped(app, why);
    }
  }

  /** An app bug shows up like a crash dialog would, instead of taking the device down. */
  private stopped(app: AppManifest, why: string): ScreenOutput {
    const t = this.core.theme;
    return { view: { dir: 'column', flex: 1, bg: t.surface, padding: 24, id: 'app_error', children: [{ text: `${localize(app.label, this.core.state.locale)} has stopped\n${why}`, color: t.error }] } };
  }
}
