// The perturbation engine: decides (from the seed) when a switched-on perturbation fires, keeps
// what is showing as JSON inside the phone state, and draws it as an overlay layer the agent has
// to deal with the way it would on a real phone (tap Allow, find the small ×, wait out a
// countdown, retry, press back to hide the keyboard…). The phone calls it at app launches, on
// back, when it builds a frame and when an interference timer fires.
import { translate, type Locale } from '../apps/app';
import { SeededRandom } from '../runtime/random';
import type { Theme } from '../ui/theme';
import type { View } from '../ui/view';
import { normalizeSpecs, type ActiveOverlay, type NormalizedSpec, type PerturbationName, type PerturbationSpec } from './perturbations';
import { INTERFERENCE_STRINGS } from './strings';
import { overlayView } from './views';

export interface InterferenceEvent {
  at: number;
  pkg: string;
  name: PerturbationName;
  event: 'shown' | 'dismissed' | 'allowed' | 'denied' | 'clicked' | 'retried' | 'expired' | 'signed_in';
}

/** Everything the engine keeps, inside PhoneState (so snapshots carry it). JSON only. */
export interface InterferenceState {
  specs: NormalizedSpec[];
  /** Cold launches per package since the reset. */
  launches: Record<string, number>;
  /** Times each perturbation fired per package: "name|pkg" → count. */
  shows: Record<string, number>;
  /** Overlays showing, per package; the first one is on top. */
  active: Record<string, ActiveOverlay[]>;
  /** Packages whose keyboard does not resize the app (it covers the bottom). */
  keyboardCover: string[];
  /** Permission answers: "pkg|permission" → allowed / denied. */
  permissions: Record<string, 'allowed' | 'denied'>;
  log: InterferenceEvent[];
  nextUid: number;
}

export interface InterferenceHost {
  seed: number;
  locale: Locale;
  theme: Theme;
  launcherPackage: string;
  now(): number;
  setTimer(delayMs: number, kind: string, payload: unknown): number;
  clearTimer(id: number): void;
  appLabel(pkg: string): string;
  notify(fromPkg: string, title: string, text: string): void;
  toast(text: string): void;
}

export interface InterferenceLayer {
  view: View;
  /** 'screen': over everything but the navigation bar; 'app': over the app's area only. */
  area: 'screen' | 'app';
  /** Package the layer's nodes carry in the uiautomator dump. */
  pkg: string;
}

export const TIMER_EXPIRE = 'interference.expire';
export const TIMER_NOTIFY = 'interference.notify';
export const TIMER_RETRY = 'interference.retry';

/** Launch-time perturbations in the order they stack up (the first shows first). */
const LAUNCH_ORDER: PerturbationName[] = ['fullscreen_ad', 'slow_loading', 'network_error', 'login_expired', 'permission_dialog', 'update_prompt', 'promo_popup'];

export function emptyInterference(): InterferenceState {
  return { specs: [], launches: {}, shows: {}, active: {}, keyboardCover: [], permissions: {}, log: [], nextUid: 1 };
}

export class InterferenceEngine {
  configure(state: InterferenceState, specs: PerturbationSpec[] | unknown): void {
    state.specs = normalizeSpecs(specs);
  }

  private t(host: InterferenceHost, key: string, params?: Record<string, string | number>): string {
    return translate(INTERFERENCE_STRINGS, host.locale, key, params);
  }

  private applies(spec: NormalizedSpec, pkg: string, host: InterferenceHost): boolean {
    if (pkg === host.launcherPackage) return false;
    return spec.apps === null || spec.apps.includes(pkg);
  }

  /** Seeded roll for one opportunity: the same seed, package and launch number give the same answer. */
  private fires(state: InterferenceState, host: InterferenceHost, spec: NormalizedSpec, pkg: string, opportunity: number): boolean {
    if (spec.probability <= 0) return false;
    const key = `${spec.name}|${pkg}`;
    if ((state.shows[key] ?? 0) >= spec.maxShows) return false;
    const roll = new SeededRandom(host.seed).fork(`interference|${key}|${opportunity}`).next();
    return roll < spec.probability;
  }

  private record(state: InterferenceState, host: InterferenceHost, pkg: string, name: PerturbationName, event: InterferenceEvent['event']): void {
    state.log.push({ at: host.now(), pkg, name, event });
    if (state.log.length > 500) state.log.splice(0, state.log.length - 500);
  }

  /**
   * An app was brought to the front; `cold` when its task had to be created. `sub` is a
   * mini-program opened inside the app: specs target it as "<package>/<key>" (or apply to all).
   */
  onLaunch(state: InterferenceState, host: InterferenceHost, pkg: string, cold: boolean, sub?: { key: string; label: string }): void {
    if (!cold || state.specs.length === 0 || pkg === host.launcherPackage) return;
    const target = sub ? `${pkg}/${sub.key}` : pkg;
    const n = (state.launches[target] = (state.launches[target] ?? 0) + 1);
    const fired = (name: PerturbationName) => state.specs.filter((s) => s.name === name && this.applies(s, target, host));
    for (const name of LAUNCH_ORDER) {
      for (const spec of fired(name)) {
        if (name === 'permission_dialog' && state.permissions[`${target}|${spec.params.permission}`]) continue;
        if (!this.fires(state, host, spec, target, n)) continue;
        this.show(state, host, pkg, spec, target, sub?.label);
      }
    }
    for (const spec of fired('keyboard_cover')) {
      if (!this.fires(state, host, spec, target, n)) continue;
      state.shows[`keyboard_cover|${target}`] = (state.shows[`keyboard_cover|${target}`] ?? 0) + 1;
      if (!state.keyboardCover.includes(pkg)) state.keyboardCover.push(pkg);
      this.record(state, host, pkg, 'keyboard_cover', 'shown');
    }
    for (const spec of fired('notification_banner')) {
      if (!this.fires(state, host, spec, target, n)) continue;
      state.shows[`notification_banner|${target}`] = (state.shows[`notification_banner|${target}`] ?? 0) + 1;
      host.setTimer(Number(spec.params.afterMs), TIMER_NOTIFY, { pkg: target, params: spec.params });
    }
  }

  private show(state: InterferenceState, host: InterferenceHost, pkg: string, spec: NormalizedSpec, target = pkg, label?: string): void {
    const key = `${spec.name}|${target}`;
    state.shows[key] = (state.shows[key] ?? 0) + 1;
    const o: ActiveOverlay = { uid: state.nextUid++, name: spec.name, params: { ...spec.params }, shownAt: host.now(), ...(target !== pkg ? { target, label } : {}) };
    const list = (state.active[pkg] ??= []);
    // Timed overlays count down only while on top; the first of the list starts now.
    if (spec.name === 'network_error') o.failuresLeft = Number(spec.params.failures);
    list.push(o);
    if (list.length === 1) this.startTimers(host, pkg, o);
    this.record(state, host, target, spec.name, 'shown');
  }

  private startTimers(host: InterferenceHost, pkg: string, o: ActiveOverlay): void {
    const ms = o.name === 'fullscreen_ad' ? Number(o.params.seconds) * 1000 : o.name === 'slow_loading' ? Number(o.params.ms) : undefined;
    if (ms === undefined) return;
    o.shownAt = host.now();
    o.until = host.now() + ms;
    o.timer = host.setTimer(ms, TIMER_EXPIRE, { pkg, uid: o.uid });
  }

  private remove(state: InterferenceState, host: InterferenceHost, pkg: string, uid: number, event: InterferenceEvent['event']): void {
    const list = state.active[pkg];
    if (!list) return;
    const i = list.findIndex((o) => o.uid === uid);
    if (i < 0) return;
    const [o] = list.splice(i, 1);
    if (o.timer !== undefined) host.clearTimer(o.timer);
    this.record(state, host, o.target ?? pkg, o.name, event);
    if (list.length === 0) delete state.active[pkg];
    else if (i === 0) this.startTimers(host, pkg, list[0]);
  }

  top(state: InterferenceState, pkg: string): ActiveOverlay | undefined {
    return state.active[pkg]?.[0];
  }

  keyboardCovers(state: InterferenceState, pkg: string): boolean {
    return state.keyboardCover.includes(pkg);
  }

  /** Back while an overlay shows: what a real phone does with it. True when consumed. */
  back(state: InterferenceState, host: InterferenceHost, pkg: string): boolean {
    const o = this.top(state, pkg);
    if (!o) return false;
    switch (o.name) {
      case 'permission_dialog':
        this.answer(state, host, pkg, o, 'denied');
        return true;
      case 'promo_popup':
      case 'update_prompt':
        this.remove(state, host, pkg, o.uid, 'dismissed');
        return true;
      case 'fullscreen_ad':
      case 'slow_loading':
        return true; // splash screens and spinners ignore back
      case 'login_expired':
        // The app cannot go on without a session: the dialog cannot be cancelled, and back on
        // the sign-in page returns to it (as apps that force a new sign-in do).
        if (o.signInPage && o.retryUntil === undefined) o.signInPage = false;
        return true;
      case 'network_error':
        // Back leaves the failed page (and the app) like finishing the activity.
        this.remove(state, host, pkg, o.uid, 'dismissed');
        return false;
      default:
        return false;
    }
  }

  private answer(state: InterferenceState, host: InterferenceHost, pkg: string, o: ActiveOverlay, answer: 'allowed' | 'denied'): void {
    state.permissions[`${o.target ?? pkg}|${o.params.permission}`] = answer;
    this.remove(state, host, pkg, o.uid, answer);
  }

  /** A spinner over the overlay for `ms` (a retry, a sign-in); TIMER_RETRY then decides. */
  private spin(host: InterferenceHost, pkg: string, o: ActiveOverlay, ms: number): void {
    o.retryUntil = host.now() + ms;
    host.setTimer(ms, TIMER_RETRY, { pkg, uid: o.uid });
  }

  /** Timer kinds the phone registers on its clock; `ctx` gives the current state and host. */
  timerHandlers(ctx: () => { state: InterferenceState; host: InterferenceHost }): Record<string, (payload: unknown) => void> {
    return {
      [TIMER_EXPIRE]: (payload) => {
        const { pkg, uid } = payload as { pkg: string; uid: number };
        const { state, host } = ctx();
        const o = state.active[pkg]?.find((x) => x.uid === uid);
        if (o) o.timer = undefined;
        this.remove(state, host, pkg, uid, 'expired');
      },
      [TIMER_RETRY]: (payload) => {
        const { pkg, uid } = payload as { pkg: string; uid: number };
        const { state, host } = ctx();
        const o = state.active[pkg]?.find((x) => x.uid === uid);
        if (!o) return;
        o.retryUntil = undefined;
        if (o.name === 'login_expired') this.remove(state, host, pkg, uid, 'signed_in');
        else if ((o.failuresLeft ?? 0) > 0) o.failuresLeft = (o.failuresLeft ?? 0) - 1;
        else this.remove(state, host, pkg, uid, 'dismissed');
      },
      [TIMER_NOTIFY]: (payload) => {
        const { pkg, params } = payload as { pkg: string; params: NormalizedSpec['params'] };
        const { state, host } = ctx();
        const from = String(params.from);
        host.notify(from, String(params.title) || this.t(host, 'bannerTitle'), String(params.text) || this.t(host, 'bannerText'));
        this.record(state, host, pkg, 'notification_banner', 'shown');
      },
    };
  }

  /** The overlay layer for the app in front, if one of its perturbations is showing. */
  layer(state: InterferenceState, host: InterferenceHost, pkg: string): InterferenceLayer | undefined {
    const o = this.top(state, pkg);
    if (!o) return undefined;
    const t = (key: string, params?: Record<string, string | number>) => this.t(host, key, params);
    const app = o.label ?? host.appLabel(pkg);
    const close = (event: InterferenceEvent['event']) => () => this.remove(state, host, pkg, o.uid, event);
    const view = overlayView(host.theme, o, host.now(), t, app, {
      allow: () => this.answer(state, host, pkg, o, 'allowed'),
      deny: () => this.answer(state, host, pkg, o, 'denied'),
      close: close('dismissed'),
      click: () => {
        if (o.name === 'promo_popup') host.toast(t('promoClaimed'));
        if (o.name === 'update_prompt') host.toast(t('updating'));
        close('clicked')();
      },
      retry: () => {
        if (o.retryUntil !== undefined) return;
        this.record(state, host, o.target ?? pkg, o.name, 'retried');
        this.spin(host, pkg, o, Number(o.params.retryMs));
      },
      signInPage: () => { o.signInPage = true; },
      signIn: () => {
        if (o.retryUntil === undefined) this.spin(host, pkg, o, Number(o.params.signInMs));
      },
    });
    const area: InterferenceLayer['area'] = o.name === 'network_error' || o.name === 'slow_loading' || (o.name === 'login_expired' && o.signInPage) ? 'app' : 'screen';
    return { view, area, pkg: o.name === 'permission_dialog' ? 'com.android.permissioncontroller' : pkg };
  }
}
