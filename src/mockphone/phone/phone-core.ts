// The state every part of the mock phone shares: the JSON state, its clock and PRNG, the apps,
// their databases and settings, the change counter that keys every cache, and the system
// services any part may call (toasts, banners, interference). The other modules in this folder
// each do one job over a PhoneCore; MockPhone wires them together.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { DeviceListener } from '../../device/device';
import { DeviceError } from '../../device/errors';
import { localize, translate, type AppManifest } from '../apps/app';
import { LAUNCHER_PACKAGE } from '../apps/registry';
import { emptyInterference, InterferenceEngine, type InterferenceHost, type InterferenceState } from '../interference/engine';
import type { VirtualClock } from '../runtime/clock';
import type { AppDatabase } from '../runtime/database';
import type { SeededRandom } from '../runtime/random';
import { SettingsStore, SETTINGS_PACKAGE } from '../system/settings-store';
import { SYSTEM_STRINGS } from '../system/strings';
import { DARK, LIGHT, type Theme } from '../ui/theme';
import type { PhoneState } from './phone-state';

/** Formatters are shared by all phones: they depend only on locale and options. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

export class PhoneCore {
  readonly scale: number;
  readonly apps = new Map<string, AppManifest>();
  readonly dbs = new Map<string, AppDatabase>();
  readonly settings = new SettingsStore(() => this.dbs.get(SETTINGS_PACKAGE)!);
  readonly interferenceEngine = new InterferenceEngine();
  readonly listeners = new Set<DeviceListener>();
  /**
   * The full-screen canvas frames are drawn on, made when the first frame is painted: a phone
   * that is only driven and queried (`check` proving a task, an idle environment session) never
   * pays for its pixels.
   */
  private drawing?: SKRSContext2D;
  get ctx2d(): SKRSContext2D {
    return (this.drawing ??= createCanvas(this.width, this.height).getContext('2d'));
  }
  /** Text is measured on a small canvas shared by every phone: a width depends on the font only. */
  readonly measureCtx = measuringContext();
  state!: PhoneState;
  clock!: VirtualClock;
  rng!: SeededRandom;
  /** Bumped on every possible change; frame, pixel, XML and thumbnail caches are keyed on it. */
  version = 0;
  closed = false;
  /**
   * Set when virtual time follows the wall clock (a phone served to an outside client): the
   * virtual clock never lags `virtual + (wall now − wall)`. Unset, time moves only when driven.
   */
  wallAnchor?: { virtual: number; wall: number; rate: number };
  private changePending = false;

  /** Why an app cannot run on this phone (its seed failed): its screens show this instead. */
  readonly appErrors = new Map<string, string>();

  constructor(readonly id: string, readonly width: number, readonly height: number, readonly density: number, apps: readonly AppManifest[]) {
    this.scale = density / 160;
    for (const app of apps) this.apps.set(app.package, app);
  }

  /** After close() the phone answers like a device that went away. */
  live(): void {
    if (this.closed) throw new DeviceError('disconnected', 'the mock phone was closed', this.id);
    if (this.wallAnchor) this.followWallClock();
  }

  /**
   * Brings virtual time up to the wall clock, firing the timers due meanwhile (a toast that
   * hides, an assistant reply that arrives), as an emulator's clock would have while nobody
   * looked. Called on every access, so what a client sees is what real time would show.
   */
  followWallClock(): void {
    const a = this.wallAnchor;
    if (!a || !this.clock) return;
    const target = Math.floor(a.virtual + (performance.now() - a.wall) * a.rate);
    const now = this.clock.now();
    if (target <= now) return;
    const fires = this.clock.state.timers.some((t) => t.at <= target);
    const minuteTicks = Math.floor(now / 60_000) !== Math.floor(target / 60_000); // the status bar clock
    this.clock.advance(target - now);
    if (fires) this.state.rng = this.rng.state;
    if (fires || minuteTicks) this.bump();
  }

  /** Restarts wall-clock following from the current virtual time (after reset or restore). */
  anchorWallClock(): void {
    if (this.wallAnchor) this.wallAnchor = { virtual: this.clock.now(), wall: performance.now(), rate: this.wallAnchor.rate };
  }

  /** Marks the screen as possibly changed; listeners hear one coalesced 'changed' per tick. */
  bump(): void {
    this.version++;
    if (this.changePending || this.listeners.size === 0) return;
    this.changePending = true;
    setImmediate(() => {
      this.changePending = false;
      if (this.closed) return;
      for (const l of [...this.listeners]) {
        try {
          l({ type: 'changed' });
        } catch {
          // a listener's failure is not the phone's
        }
      }
    });
  }

  /** Runs one input's effect; app bugs become a toast, and the PRNG position is saved. */
  act(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      if (e instanceof DeviceError) throw e;
      // An app handler bug must not escape the device; show it like Android's crash toast.
      this.showToast(`App error: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.state.rng = this.rng.state;
    this.bump();
  }

  get theme(): Theme {
    return this.settings.get('secure', 'ui_night_mode') === '2' ? DARK : LIGHT;
  }

  /** A system UI string in the phone's locale. */
  sys(key: string, params?: Record<string, string | number>): string {
    return translate(SYSTEM_STRINGS, this.state.locale, key, params);
  }

  /** Formatters are costly to build, so they are cached per locale and options. */
  formatter(opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    const key = `${this.state.locale}|${JSON.stringify(opts)}`;
    let f = FORMATTERS.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(this.state.locale, { timeZone: 'UTC', ...opts });
      FORMATTERS.set(key, f);
    }
    return f;
  }

  formatTime(ms: number): string {
    return this.formatter({ hour: 'numeric', minute: '2-digit' }).format(ms);
  }

  formatDate(ms: number): string {
    return this.formatter({ month: 'short', day: 'numeric' }).format(ms);
  }

  showToast(text: string): void {
    if (this.state.toast) this.clock.clearTimer(this.state.toast.timer);
    this.state.toast = { text, timer: this.clock.setTimer(2000, 'system.toast.hide') };
  }

  /** A heads-up banner that also stays in the shade's notification list. */
  showBanner(pkg: string, title: string, text: string, link?: { screen: string; params?: Record<string, unknown> }): void {
    if (this.state.banner) this.clock.clearTimer(this.state.banner.timer);
    this.state.banner = { title, text, pkg, timer: this.clock.setTimer(5000, 'system.banner.hide'), ...(link && this.apps.get(pkg)?.screens[link.screen] ? { screen: link.screen, params: link.params ?? {} } : {}) };
    const list = (this.state.notifications ??= []);
    const id = list.reduce((m, n) => Math.max(m, n.id), 0) + 1;
    list.unshift({ id, pkg, title, text, at: this.clock.now(), ...(this.state.banner.screen ? { screen: this.state.banner.screen, params: this.state.banner.params } : {}) });
  }

  get interferenceState(): InterferenceState {
    return (this.state.interference ??= emptyInterference());
  }

  /** What the interference engine may see and do on this phone. */
  interferenceHost(): InterferenceHost {
    return {
      seed: this.state.seed, locale: this.state.locale, theme: this.theme, launcherPackage: LAUNCHER_PACKAGE,
      now: () => this.clock.now(),
      setTimer: (delay, kind, payload) => this.clock.setTimer(delay, kind, payload),
      clearTimer: (id) => this.clock.clearTimer(id),
      appLabel: (pkg) => { const a = this.apps.get(pkg); return a ? localize(a.label, this.state.locale) : pkg; },
      notify: (from, title, text) => { if (this.apps.has(from)) this.showBanner(from, title, text); },
      toast: (text) => this.showToast(text),
    };
  }
}

let sharedMeasure: SKRSContext2D | undefined;
function measuringContext(): SKRSContext2D {
  return (sharedMeasure ??= createCanvas(1, 1).getContext('2d'));
}
