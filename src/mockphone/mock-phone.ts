// The mock phone: an Android-like device in process. Its whole state is JSON (PhoneState) plus
// one SQLite database per app, so snapshot/restore/reset are cheap and runs are reproducible:
// the same seed and the same actions give byte-identical screenshots and databases.
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import {
  KEY_NAMES, type DeviceInfo, type DeviceListener, type KeyName, type OpenAppResult, type Point,
  type ScreenInfo, type Screenshot, type ScreenshotOptions, type SqlRow, type SqlValue, type TypeResult,
} from '../device/device';
import { checkDuration, checkPoint, DeviceError } from '../device/errors';
import type { MockPhoneApi, MockPhoneOptions, SqlResult } from './mock-phone-api';
import { localize, translate, type ScreenInit, type AppContext, type AppDb, type AppManifest, type Locale, type ScreenOutput, type ScreenState } from './apps/app';
import { APPS, LAUNCHER_PACKAGE } from './apps/registry';
import { VirtualClock, type ClockState } from './runtime/clock';
import { AppDatabase, loadSql } from './runtime/database';
import { SeededRandom } from './runtime/random';
import { navBarView, NAV_BAR_DP, statusBarView, STATUS_BAR_DP } from './system/bars';
import { keyboardView, KEYBOARD_HEIGHT_DP, type KeyboardState } from './system/keyboard';
import { bannerView, modalView, recentsView, textMenuView, toastView } from './system/overlays';
import { shadeView } from './system/shade';
import { emptyInterference, InterferenceEngine, type InterferenceHost, type InterferenceState } from './interference/engine';
import type { PerturbationSpec } from './interference/perturbations';
import { isNamespace, SettingsStore, SETTINGS_DB_FILE, SETTINGS_PACKAGE } from './system/settings-store';
import { SYSTEM_STRINGS } from './system/strings';
import { contentRect, drawBox, fieldGeometry, measure } from './ui/draw';
import { indexAt } from './ui/text-cursor';
import { registerFonts } from './ui/fonts';
import { Layout, pathAt, type Box, type FieldState } from './ui/layout';
import { DARK, LIGHT, type Theme } from './ui/theme';
import { dumpXml } from './ui/uiautomator';
import type { View } from './ui/view';
import type { SqlJsStatic } from 'sql.js';

/** 2026-03-02 09:30 on the phone (the phone's time zone is UTC). */
export const DEFAULT_START_TIME = Date.UTC(2026, 2, 2, 9, 30, 0);
export const MONKEY_NOT_FOUND = 'No activities found to run, monkey aborted.';

type TextTarget = { kind: 'field'; key: string } | { kind: 'text'; text: string };

/** Everything about the phone that is not in a database. JSON only. */
export interface PhoneState {
  seed: number;
  locale: Locale;
  rng: number;
  clock: ClockState;
  foreground: string;
  tasks: Record<string, ScreenState[]>;
  /** Most recent first; the launcher is not listed. */
  recents: string[];
  keyboard: KeyboardState;
  clipboard: string;
  toast: { text: string; timer: number } | null;
  banner: { title: string; text: string; pkg: string; timer: number; screen?: string; params?: Record<string, unknown> } | null;
  textMenu: { x: number; y: number; target: TextTarget } | null;
  systemDialog: { title: string; message: string; buttons: { label: string; openPackage?: string }[] } | null;
  recentsOpen: boolean;
  /** Which recents card is centred (0 = the most recent app). */
  recentsIndex?: number;
  /** The notification shade is pulled down. */
  shadeOpen?: boolean;
  /** Posted notifications, newest first (the shade lists them until opened or cleared). */
  notifications?: { id: number; pkg: string; title: string; text: string; at: number; screen?: string; params?: Record<string, unknown> }[];
  /** Switched-on perturbations and what they show (src/mockphone/interference/). */
  interference?: InterferenceState;
}

export interface MockPhoneSnapshot {
  state: PhoneState;
  databases: Record<string, { bytes: Uint8Array; stateId: string }>;
}

interface Layer {
  box: Box;
  pkg: string;
  dump: boolean;
  interactive: boolean;
}

interface Frame {
  version: number;
  layers: Layer[];
  fields: Map<string, View>;
}

const GESTURE_MS = { tap: 60, doubleTapInterval: 100, longPress: 800, swipe: 300 };
const LONG_PRESS_TIMEOUT = 400;

let nextPhoneNumber = 1;
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
/** Seeded database bytes by `package|seed|locale|startTime` (insertion-ordered, capped). */
const SEEDED_DBS = new Map<string, Uint8Array>();

export class MockPhone implements MockPhoneApi {
  readonly kind = 'mock' as const;
  readonly id: string;
  readonly serial: string;
  readonly width: number;
  readonly height: number;
  readonly density: number;
  readonly scale: number;
  private readonly apps = new Map<string, AppManifest>();
  private readonly dbs = new Map<string, AppDatabase>();
  private readonly settings = new SettingsStore(() => this.dbs.get(SETTINGS_PACKAGE)!);
  private state!: PhoneState;
  private clock!: VirtualClock;
  private rng!: SeededRandom;
  private version = 0;
  private frameCache?: Frame;
  private pixels?: { version: number; data: Buffer };
  private encoded = new Map<string, { version: number; shot: Screenshot }>();
  private readonly canvas: Canvas;
  private readonly ctx2d: SKRSContext2D;
  private listeners = new Set<DeviceListener>();
  private changePending = false;
  private closed = false;

  constructor(private readonly sql: SqlJsStatic, private readonly options: MockPhoneOptions = {}) {
    registerFonts();
    this.width = options.width ?? 1080;
    this.height = options.height ?? 2400;
    this.density = options.density ?? 440;
    this.scale = this.density / 160;
    const n = nextPhoneNumber++;
    this.serial = options.serial ?? `mock-${n}`;
    this.id = `mock:${n}`;
    this.canvas = createCanvas(this.width, this.height);
    this.ctx2d = this.canvas.getContext('2d');
    for (const app of APPS) this.apps.set(app.package, app);
  }

  // ---------------------------------------------------------------- lifecycle

  async init(seed: number): Promise<void> {
    this.resetSync(seed);
  }

  private resetSync(seed: number): void {
    const locale = this.options.locale ?? 'en-US';
    const now = this.options.startTime ?? DEFAULT_START_TIME;
    this.state = {
      seed, locale, rng: new SeededRandom(seed).fork('phone').state,
      clock: { now, nextTimerId: 1, timers: [] },
      foreground: LAUNCHER_PACKAGE,
      tasks: { [LAUNCHER_PACKAGE]: [this.newScreen(this.apps.get(LAUNCHER_PACKAGE)!.home)] },
      recents: [], keyboard: { shift: false, symbols: false }, clipboard: '',
      toast: null, banner: null, textMenu: null, systemDialog: null, recentsOpen: false, interference: emptyInterference(),
    };
    this.attachRuntime();
    for (const db of this.dbs.values()) db.close();
    this.dbs.clear();
    // Seeding is a pure function of (package, seed, locale, start time), so seeded databases
    // are cached per process: a reset then only reopens bytes.
    const seeded = (pkg: string, file: string, build: (db: AppDatabase) => void): AppDatabase => {
      const key = `${pkg}|${seed}|${locale}|${now}`;
      // The cache keeps its own copy: snapshots share a database's bytes and may be transferred.
      const cached = SEEDED_DBS.get(key);
      if (cached) return new AppDatabase(this.sql, pkg, file, cached.slice());
      const db = new AppDatabase(this.sql, pkg, file);
      build(db);
      if (SEEDED_DBS.size >= 256) SEEDED_DBS.delete(SEEDED_DBS.keys().next().value!);
      SEEDED_DBS.set(key, db.bytes().slice());
      return db;
    };
    this.dbs.set(SETTINGS_PACKAGE, seeded(SETTINGS_PACKAGE, SETTINGS_DB_FILE, (db) => { this.dbs.set(SETTINGS_PACKAGE, db); this.settings.seed(); }));
    const root = new SeededRandom(seed);
    for (const app of this.apps.values()) {
      const spec = app.database;
      if (!spec) continue;
      this.dbs.set(app.package, seeded(app.package, spec.file, (db) => {
        db.script(spec.schema);
        spec.seed?.(db, {
          seed, rng: root.fork(app.package), locale, now,
          t: (key, params) => translate(app.strings, locale, key, params),
        });
      }));
    }
    this.bump();
  }

  /** Re-creates the clock and PRNG objects over the current state and registers timer kinds. */
  private attachRuntime(): void {
    this.clock = new VirtualClock(this.state.clock, (e) => this.showToast(`App error: ${e instanceof Error ? e.message : String(e)}`));
    this.rng = new SeededRandom(this.state.rng);
    this.clock.on('system.toast.hide', () => { this.state.toast = null; });
    this.clock.on('system.banner.hide', () => { this.state.banner = null; });
    for (const [kind, handler] of Object.entries(this.interferenceEngine.timerHandlers(() => ({ state: this.interferenceState, host: this.interferenceHost() })))) this.clock.on(kind, handler);
    for (const app of this.apps.values()) {
      for (const [kind, handler] of Object.entries(app.timers ?? {})) {
        this.clock.on(`app:${app.package}:${kind}`, (payload) => handler(this.context(app, this.topScreen(app.package)), payload));
      }
    }
  }

  async reset(seed: number): Promise<void> {
    this.live();
    if (!Number.isInteger(seed)) throw new DeviceError('invalid-argument', `seed must be an integer, got ${JSON.stringify(seed)}`, this.id);
    this.resetSync(seed);
  }

  async snapshot(): Promise<MockPhoneSnapshot> {
    this.live();
    this.state.rng = this.rng.state;
    const databases: MockPhoneSnapshot['databases'] = {};
    for (const [pkg, db] of this.dbs) databases[pkg] = { bytes: db.bytes(), stateId: db.stateId };
    return { state: structuredClone(this.state), databases };
  }

  async restore(snapshot: unknown): Promise<void> {
    this.live();
    const snap = snapshot as MockPhoneSnapshot;
    if (!snap || typeof snap !== 'object' || !snap.state || !snap.databases || typeof snap.state.foreground !== 'string') {
      throw new DeviceError('invalid-argument', 'snapshot must be a value returned by snapshot() of a mock phone', this.id);
    }
    for (const [pkg, d] of Object.entries(snap.databases)) {
      if (!d || !(d.bytes instanceof Uint8Array)) throw new DeviceError('invalid-argument', `snapshot.databases['${pkg}'].bytes must be a Uint8Array (the snapshot was not produced by snapshot(), or lost its binary data in serialisation)`, this.id);
    }
    this.state = structuredClone(snap.state);
    this.attachRuntime();
    for (const [pkg, { bytes, stateId }] of Object.entries(snap.databases)) {
      const db = this.dbs.get(pkg);
      if (db) db.load(bytes, stateId);
      else this.dbs.set(pkg, new AppDatabase(this.sql, pkg, this.databaseFile(pkg), bytes));
    }
    this.bump();
  }

  /** After close() the phone answers like a device that went away. */
  private live(): void {
    if (this.closed) throw new DeviceError('disconnected', 'the mock phone was closed', this.id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const db of this.dbs.values()) db.close();
    this.dbs.clear();
    this.listeners.clear();
  }

  // ---------------------------------------------------------------- info

  async info(): Promise<DeviceInfo> {
    return { serial: this.serial, model: 'PhoneBuddy Mock', sdk: 34, manufacturer: 'PhoneBuddy' };
  }

  async screenInfo(): Promise<ScreenInfo> {
    return { width: this.width, height: this.height, density: this.density };
  }

  props(): Record<string, string> {
    return {
      'ro.product.model': 'PhoneBuddy Mock',
      'ro.product.manufacturer': 'PhoneBuddy',
      'ro.product.brand': 'phonebuddy',
      'ro.product.name': 'phonebuddy_mock',
      'ro.product.device': 'mock',
      'ro.build.version.sdk': '34',
      'ro.build.version.release': '14',
      'ro.build.type': 'user',
      'ro.serialno': this.serial,
      'ro.sf.lcd_density': String(this.density),
      'persist.sys.locale': this.state.locale,
      'persist.sys.timezone': 'UTC',
    };
  }

  listPackages(): string[] {
    return [...this.apps.keys(), SETTINGS_PACKAGE].sort();
  }

  now(): number {
    return this.clock.now();
  }

  onEvent(listener: DeviceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks the screen as possibly changed; listeners hear one coalesced 'changed' per tick. */
  private bump(): void {
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

  // ---------------------------------------------------------------- settings and SQL

  getSetting(namespace: string, key: string): string | null {
    this.live();
    if (!isNamespace(namespace)) throw new DeviceError('invalid-argument', `namespace must be system, secure or global, got ${JSON.stringify(namespace)}`, this.id);
    return this.settings.get(namespace, key);
  }

  putSetting(namespace: string, key: string, value: string): void {
    this.live();
    if (!isNamespace(namespace)) throw new DeviceError('invalid-argument', `namespace must be system, secure or global, got ${JSON.stringify(namespace)}`, this.id);
    if (typeof key !== 'string' || key === '') throw new DeviceError('invalid-argument', 'key must be a non-empty string', this.id);
    this.settings.put(namespace, key, String(value));
    this.bump();
  }

  private db(pkg: string): AppDatabase {
    if (typeof pkg !== 'string') throw new DeviceError('invalid-argument', `packageName must be a string, got ${JSON.stringify(pkg)}`, this.id);
    const db = this.dbs.get(pkg);
    if (!db) throw new DeviceError('invalid-argument', `packageName ${pkg} has no database (packages with one: ${[...this.dbs.keys()].join(', ')})`, this.id);
    return db;
  }

  execSql(packageName: string, sql: string, params: SqlValue[] = []): SqlResult[] {
    this.live();
    if (typeof sql !== 'string') throw new DeviceError('invalid-argument', 'sql must be a string', this.id);
    const db = this.db(packageName);
    try {
      const before = db.stateId;
      const out = db.exec(sql, params);
      if (db.stateId !== before) this.bump();
      return out;
    } catch (e) {
      if (e instanceof DeviceError) throw e;
      throw new DeviceError('command-failed', `SQL error in ${packageName}: ${e instanceof Error ? e.message : String(e)}`, this.id, { cause: e });
    }
  }

  async queryApp(packageName: string, sql: string, params: SqlValue[] = []): Promise<SqlRow[]> {
    this.live();
    if (!Array.isArray(params)) throw new DeviceError('invalid-argument', 'params must be an array', this.id);
    const res = this.execSql(packageName, sql, params);
    const last = res[res.length - 1];
    if (!last) return [];
    return last.values.map((vals) => Object.fromEntries(last.columns.map((c, i) => [c, vals[i]])));
  }

  private databaseFile(pkg: string): string {
    return pkg === SETTINGS_PACKAGE ? SETTINGS_DB_FILE : this.apps.get(pkg)?.database?.file ?? 'app.db';
  }

  databasePaths(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const pkg of this.dbs.keys()) out[`/data/data/${pkg}/databases/${this.databaseFile(pkg)}`] = pkg;
    return out;
  }

  databaseBytes(packageName: string): Uint8Array {
    this.live();
    return this.db(packageName).bytes();
  }

  replaceDatabase(packageName: string, bytes: Uint8Array): void {
    this.live();
    if (!(bytes instanceof Uint8Array)) throw new DeviceError('invalid-argument', 'bytes must be a Uint8Array', this.id);
    this.db(packageName).load(bytes.slice()); // our copy: the caller may reuse its buffer
    this.bump();
  }

  // ---------------------------------------------------------------- app plumbing

  private newScreen(name: string, params: Record<string, unknown> = {}): ScreenState {
    return { name, params, fields: {}, scroll: {}, ui: {} };
  }

  private topScreen(pkg: string): ScreenState {
    let stack = this.state.tasks[pkg];
    if (!stack || stack.length === 0) {
      stack = this.state.tasks[pkg] = [this.newScreen(this.apps.get(pkg)!.home)];
    }
    return stack[stack.length - 1];
  }

  private get theme(): Theme {
    return this.settings.get('secure', 'ui_night_mode') === '2' ? DARK : LIGHT;
  }

  private sys(key: string, params?: Record<string, string | number>): string {
    return translate(SYSTEM_STRINGS, this.state.locale, key, params);
  }

  /** Formatters are costly to build, so they are cached per locale and options. */
  private formatter(opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
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

  /** The API an app's screens and handlers see, bound to one screen of the stack. */
  private context(app: AppManifest, screen: ScreenState): AppContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context's closures outlive this call
    const phone = this;
    const db = this.dbs.get(app.package);
    const appDb: AppDb = db ?? {
      query: () => { throw new Error(`${app.package} has no database`); },
      run: () => { throw new Error(`${app.package} has no database`); },
      script: () => { throw new Error(`${app.package} has no database`); },
    };
    return {
      pkg: app.package,
      locale: this.state.locale,
      theme: this.theme,
      db: appDb,
      rng: this.rng,
      screen,
      now: () => phone.clock.now(),
      t: (key, params) => translate(app.strings, phone.state.locale, key, params),
      push: (name, params, init) => phone.navigate(app.package, 'push', name, params, init),
      pop: () => phone.popScreen(app.package),
      replace: (name, params, init) => phone.navigate(app.package, 'replace', name, params, init),
      finish: () => phone.finishApp(app.package),
      openApp: (pkg, name, params, init) => phone.launch(pkg, name, params, init),
      queryApp: (pkg, sql, params) => phone.dbs.get(pkg)?.query(sql, params) ?? [],
      field: (key) => screen.fields[key] ?? '',
      setField: (key, value) => { screen.fields[key] = value; },
      focus: (key) => { screen.focus = key; screen.selectAll = false; screen.cursor = undefined; },
      toast: (text) => phone.showToast(text),
      notify: (title, text, link) => phone.showBanner(app.package, title, text, link),
      subLaunch: (key, label) => phone.interferenceEngine.onLaunch(phone.interferenceState, phone.interferenceHost(), app.package, true, { key, label }),
      clipboard: () => phone.state.clipboard,
      setClipboard: (text) => { phone.state.clipboard = text; },
      getSetting: (ns, key) => phone.getSetting(ns, key),
      putSetting: (ns, key, value) => phone.putSetting(ns, key, value),
      setTimer: (delay, kind, payload) => phone.clock.setTimer(delay, `app:${app.package}:${kind}`, payload ?? null),
      formatTime: (ms) => phone.formatTime(ms),
      formatDate: (ms) => phone.formatDate(ms),
    };
  }

  private navigate(pkg: string, how: 'push' | 'replace', name: string, params: Record<string, unknown> = {}, init: ScreenInit = {}): void {
    const app = this.apps.get(pkg)!;
    if (!app.screens[name]) throw new Error(`${pkg} has no screen ${name}`);
    const stack = this.state.tasks[pkg] ?? (this.state.tasks[pkg] = []);
    if (how === 'replace') stack.pop();
    const screen = this.newScreen(name, structuredClone(params));
    if (init.fields) screen.fields = { ...init.fields };
    if (init.ui) screen.ui = structuredClone(init.ui);
    if (init.scroll) screen.scroll = { ...init.scroll };
    screen.focus = init.focus;
    stack.push(screen);
    this.state.textMenu = null;
  }

  private popScreen(pkg: string): void {
    const stack = this.state.tasks[pkg];
    this.state.textMenu = null;
    if (stack && stack.length > 1) stack.pop();
    else this.goHome();
  }

  private finishApp(pkg: string): void {
    delete this.state.tasks[pkg];
    this.state.recents = this.state.recents.filter((p) => p !== pkg);
    if (this.state.foreground === pkg) this.goHome();
  }

  private goHome(): void {
    this.state.foreground = LAUNCHER_PACKAGE;
    this.state.tasks[LAUNCHER_PACKAGE] = [this.newScreen(this.apps.get(LAUNCHER_PACKAGE)!.home)];
    this.state.textMenu = null;
    this.state.recentsOpen = false;
    this.state.shadeOpen = false;
  }

  /** Brings an app to the front (resuming its task), optionally on a given screen. */
  private launch(pkg: string, screen?: string, params?: Record<string, unknown>, init?: ScreenInit): boolean {
    const app = this.apps.get(pkg);
    if (!app) return false;
    if (pkg === LAUNCHER_PACKAGE) {
      this.goHome();
      return true;
    }
    const cold = !this.state.tasks[pkg]?.length;
    if (cold) this.state.tasks[pkg] = [this.newScreen(app.home)];
    if (screen) this.navigate(pkg, 'push', screen, params, init);
    this.state.foreground = pkg;
    this.state.recents = [pkg, ...this.state.recents.filter((p) => p !== pkg)];
    this.state.textMenu = null;
    this.state.recentsOpen = false;
    this.state.shadeOpen = false;
    this.interferenceEngine.onLaunch(this.interferenceState, this.interferenceHost(), pkg, cold);
    return true;
  }

  private showToast(text: string): void {
    if (this.state.toast) this.clock.clearTimer(this.state.toast.timer);
    this.state.toast = { text, timer: this.clock.setTimer(2000, 'system.toast.hide') };
  }

  private showBanner(pkg: string, title: string, text: string, link?: { screen: string; params?: Record<string, unknown> }): void {
    if (this.state.banner) this.clock.clearTimer(this.state.banner.timer);
    this.state.banner = { title, text, pkg, timer: this.clock.setTimer(5000, 'system.banner.hide'), ...(link && this.apps.get(pkg)?.screens[link.screen] ? { screen: link.screen, params: link.params ?? {} } : {}) };
    const list = (this.state.notifications ??= []);
    const id = list.reduce((m, n) => Math.max(m, n.id), 0) + 1;
    list.unshift({ id, pkg, title, text, at: this.clock.now(), ...(this.state.banner.screen ? { screen: this.state.banner.screen, params: this.state.banner.params } : {}) });
  }

  /** Opens a notification from the shade: its app (on the linked screen), and it goes away. */
  private openNotification(id: number): void {
    const n = this.state.notifications?.find((x) => x.id === id);
    if (!n) return;
    this.state.notifications = this.state.notifications!.filter((x) => x.id !== id);
    this.state.shadeOpen = false;
    this.launch(n.pkg, n.screen, n.params);
  }

  private shadeLayerView(theme: Theme): View {
    const flag = (ns: 'global' | 'secure', k: string) => this.settings.flag(ns, k);
    const on = this.sys('on');
    const off = this.sys('off');
    const airplane = flag('global', 'airplane_mode_on');
    return shadeView(theme, {
      time: this.formatTime(this.clock.now()),
      date: this.formatter({ weekday: 'short', month: 'short', day: 'numeric' }).format(this.clock.now()),
      tiles: [
        { id: 'tile_internet', icon: 'wifi', label: this.sys('internet'), state: flag('global', 'wifi_on') ? 'HomeNet' : off, on: flag('global', 'wifi_on'),
          onClick: () => this.settings.put('global', 'wifi_on', flag('global', 'wifi_on') ? '0' : '1') },
        { id: 'tile_bluetooth', icon: 'bluetooth', label: 'Bluetooth', state: flag('global', 'bluetooth_on') ? on : off, on: flag('global', 'bluetooth_on'),
          onClick: () => this.settings.put('global', 'bluetooth_on', flag('global', 'bluetooth_on') ? '0' : '1') },
        { id: 'tile_airplane', icon: 'airplane', label: this.sys('airplane'), state: airplane ? on : off, on: airplane,
          onClick: () => {
            // as the Settings app does: airplane mode turns the radios off; leaving it turns Wi-Fi back on
            this.settings.put('global', 'airplane_mode_on', airplane ? '0' : '1');
            this.settings.put('global', 'wifi_on', airplane ? '1' : '0');
            if (!airplane) this.settings.put('global', 'bluetooth_on', '0');
          } },
        { id: 'tile_dark', icon: 'dark_mode', label: this.sys('darkTheme'), state: theme.dark ? on : off, on: theme.dark,
          onClick: () => this.settings.put('secure', 'ui_night_mode', theme.dark ? '1' : '2') },
      ],
      brightness: Number(this.settings.get('system', 'screen_brightness') ?? '128') / 255,
      onBrightness: (f) => this.settings.put('system', 'screen_brightness', String(Math.round(f * 255))),
      notifications: (this.state.notifications ?? []).filter((n) => this.apps.has(n.pkg)).map((n) => {
        const a = this.apps.get(n.pkg)!;
        return { id: n.id, pkg: n.pkg, appLabel: localize(a.label, this.state.locale), icon: a.icon.glyph, iconBg: a.icon.bg, title: n.title, text: n.text, time: this.formatTime(n.at) };
      }),
      onOpen: (id) => this.openNotification(id),
      onClearAll: () => { this.state.notifications = []; this.state.shadeOpen = false; },
      onOutside: () => { this.state.shadeOpen = false; },
      labels: { clearAll: this.sys('clearAll'), noNotifications: this.sys('noNotifications'), brightness: this.sys('brightness') },
    });
  }

  // ---------------------------------------------------------------- interference

  private readonly interferenceEngine = new InterferenceEngine();

  private get interferenceState(): InterferenceState {
    return (this.state.interference ??= emptyInterference());
  }

  private interferenceHost(): InterferenceHost {
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

  /**
   * Switches perturbations on for this run (see docs/mock-phone.md, "Interference"): each is
   * { name, probability?, params?, apps?, maxShows? }; an empty list switches all off. reset()
   * clears them, so call this after reset (a task's setup.perturbations does). Throws
   * DeviceError('invalid-argument') naming the bad field.
   */
  setInterference(specs: PerturbationSpec[]): void {
    try {
      this.interferenceEngine.configure(this.interferenceState, specs);
    } catch (e) {
      throw new DeviceError('invalid-argument', e instanceof Error ? e.message : String(e), this.id);
    }
    this.bump();
  }

  /** A copy of the interference state: switched-on specs, what is showing, and the event log. */
  interference(): InterferenceState {
    return structuredClone(this.interferenceState);
  }

  /** Shows a system dialog over everything (used for interference pop-ups). */
  showSystemDialog(dialog: NonNullable<PhoneState['systemDialog']>): void {
    this.state.systemDialog = structuredClone(dialog);
    this.bump();
  }

  // ---------------------------------------------------------------- frame

  private fieldState = (key: string): FieldState => this.fieldStateIn(this.topScreen(this.state.foreground), key);

  private fieldStateIn(screen: ScreenState, key: string): FieldState {
    const value = screen.fields[key] ?? '';
    const focused = screen.focus === key;
    const cursor = focused && screen.cursor !== undefined ? Math.max(0, Math.min(value.length, screen.cursor)) : value.length;
    return { value, focused, allSelected: !!screen.selectAll && focused, cursor };
  }

  private thumbnails = new Map<string, { version: number; canvas: Canvas }>();

  /** The app's current screen drawn on its own canvas (recents cards show it scaled down). */
  private thumbnail(pkg: string): Canvas | undefined {
    const app = this.apps.get(pkg);
    if (!app) return undefined;
    const hit = this.thumbnails.get(pkg);
    if (hit?.version === this.version) return hit.canvas;
    const screen = this.topScreen(pkg);
    const theme = this.theme;
    const out = this.renderScreen(app, screen);
    const field = (key: string) => this.fieldStateIn(screen, key);
    const layout = new Layout({
      scale: this.scale, fontScale: Number(this.settings.get('system', 'font_scale') ?? '1') || 1,
      measureText: (text, px, weight) => measure(this.ctx2d, text, px, weight),
      scrollOffset: (key) => screen.scroll[key] ?? 0, field,
    });
    const h = this.height - Math.round(STATUS_BAR_DP * this.scale) - Math.round(NAV_BAR_DP * this.scale);
    const box = layout.place({ dir: 'column', bg: theme.surface, children: [out.view] }, 0, 0, this.width, h, { x: 0, y: 0, w: this.width, h });
    const canvas = hit?.canvas ?? createCanvas(this.width, h);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = theme.surface;
    ctx.fillRect(0, 0, this.width, h);
    drawBox(ctx, box, { scale: this.scale, theme, field });
    this.thumbnails.set(pkg, { version: this.version, canvas });
    return canvas;
  }

  private renderScreen(app: AppManifest, screen: ScreenState): ScreenOutput {
    const render = app.screens[screen.name] ?? app.screens[app.home];
    try {
      return render(this.context(app, screen));
    } catch (e) {
      // An app bug shows up like a crash dialog would, instead of taking the device down.
      const t = this.theme;
      return { view: { dir: 'column', flex: 1, bg: t.surface, padding: 24, children: [{ text: `${localize(app.label, this.state.locale)} has stopped\n${e instanceof Error ? e.message : String(e)}`, color: t.error }] } };
    }
  }

  private frame(): Frame {
    if (this.frameCache?.version === this.version) return this.frameCache;
    const s = this.scale;
    const W = this.width;
    const H = this.height;
    const theme = this.theme;
    const fontScale = Number(this.settings.get('system', 'font_scale') ?? '1') || 1;
    const app = this.apps.get(this.state.foreground)!;
    const screen = this.topScreen(app.package);
    const out = this.renderScreen(app, screen);
    const layout = new Layout({
      scale: s, fontScale,
      measureText: (text, px, weight) => measure(this.ctx2d, text, px, weight),
      scrollOffset: (key) => screen.scroll[key] ?? 0,
      field: this.fieldState,
    });
    const fullClip = { x: 0, y: 0, w: W, h: H };
    const statusH = Math.round(STATUS_BAR_DP * s);
    const navH = Math.round(NAV_BAR_DP * s);
    const kbVisible = screen.focus !== undefined && !this.state.recentsOpen;
    const kbH = kbVisible ? Math.round(KEYBOARD_HEIGHT_DP * s) : 0;
    const edge = app.package === LAUNCHER_PACKAGE && screen.name === 'home'; // the wallpaper runs under the bars
    const appTop = edge ? 0 : statusH;
    const appBottom = edge ? H : H - navH - (this.interferenceEngine.keyboardCovers(this.interferenceState, app.package) ? 0 : kbH);
    const layers: Layer[] = [];
    const appRoot: View = { dir: 'column', bg: theme.surface, cls: 'android.widget.FrameLayout', children: [out.view] };
    layers.push({ box: layout.place(appRoot, 0, appTop, W, appBottom - appTop, fullClip), pkg: app.package, dump: !this.state.recentsOpen && !this.state.shadeOpen, interactive: true });
    const barBg = this.state.recentsOpen ? (theme.dark ? '#1B1B1F' : '#D9D6DE') : edge ? 'rgba(0,0,0,0)' : theme.surface;
    const navBg = this.state.shadeOpen ? (theme.dark ? '#1B1B1F' : '#EFEDF4') : edge ? 'rgba(0,0,0,0)' : theme.dark ? theme.surface : theme.surfaceContainer;
    layers.push({
      box: layout.place(statusBarView(theme, barBg, {
        time: this.formatter({ hour: 'numeric', minute: '2-digit', hour12: this.state.locale === 'en-US' }).format(this.clock.now()).replace(/\s?[AP]M$/, ''),
        wifi: this.settings.flag('global', 'wifi_on'), airplane: this.settings.flag('global', 'airplane_mode_on'),
        bluetooth: this.settings.flag('global', 'bluetooth_on'), battery: 85,
        notificationIcons: [...new Set((this.state.notifications ?? []).map((n) => this.apps.get(n.pkg)?.icon.glyph).filter((g) => g !== undefined))].slice(0, 3),
        labels: { wifi: this.sys('wifi'), noWifi: this.sys('noWifi'), airplane: this.sys('airplane'), signal: this.sys('signal'), battery: this.sys('battery', { pct: 85 }) },
      }, edge && !this.state.recentsOpen ? '#FFFFFF' : undefined), 0, 0, W, statusH, fullClip),
      pkg: 'com.android.systemui', dump: false, interactive: true,
    });
    if (kbVisible) {
      const kb = keyboardView(theme, this.state.keyboard, {
        type: (text) => this.insertText(text),
        backspace: () => this.backspace(),
        enter: () => this.enterKey(),
        toggleShift: () => { this.state.keyboard.shift = !this.state.keyboard.shift; },
        toggleSymbols: () => { this.state.keyboard.symbols = !this.state.keyboard.symbols; },
      });
      layers.push({ box: layout.place(kb, 0, H - navH - kbH, W, kbH, fullClip), pkg: 'com.phonebuddy.keyboard', dump: false, interactive: true });
    }
    const overlayH = H - navH;
    if (out.dialog && !this.state.recentsOpen) {
      layers.push({ box: layout.place(modalView(theme, out.dialog.view, out.dialog.onDismiss), 0, 0, W, appBottom, fullClip), pkg: app.package, dump: true, interactive: true });
    }
    if (this.state.textMenu && !this.state.recentsOpen) {
      const items = this.textMenuItems(this.state.textMenu.target);
      const approxW = items.reduce((sum, it) => sum + measure(this.ctx2d, it.label, Math.round(14 * s), 500) / s + 28, 8);
      const left = Math.max(8, Math.min(W / s - approxW - 8, this.state.textMenu.x / s - approxW / 2));
      const top = Math.max(STATUS_BAR_DP + 4, this.state.textMenu.y / s - 72);
      layers.push({ box: layout.place(textMenuView(theme, left, top, items, () => { this.state.textMenu = null; }), 0, 0, W, overlayH, fullClip), pkg: app.package, dump: true, interactive: true });
    }
    if (this.state.recentsOpen) {
      const recent = this.state.recents.filter((p) => this.apps.has(p));
      const selected = Math.max(0, Math.min(recent.length - 1, this.state.recentsIndex ?? 0));
      const cards = recent.map((p, i) => {
        const a = this.apps.get(p)!;
        return {
          label: localize(a.label, this.state.locale),
          icon: { icon: a.icon.glyph, circle: true, bg: a.icon.bg, color: a.icon.fg ?? '#FFFFFF', iconSize: 20 } as View,
          thumbnail: Math.abs(i - selected) <= 1 ? this.thumbnail(p) : undefined,
          onOpen: () => { this.launch(p); },
          onClose: () => { this.finishApp(p); },
        };
      });
      const aspect = (H - statusH - navH) / W;
      layers.push({
        box: layout.place(recentsView(theme, cards, selected, aspect, Math.round(W / s), { clearAll: this.sys('clearAll'), empty: this.sys('noRecents') },
          () => { for (const p of [...this.state.recents]) this.finishApp(p); this.goHome(); },
          () => { this.goHome(); }), 0, statusH, W, overlayH - statusH, fullClip),
        pkg: LAUNCHER_PACKAGE, dump: true, interactive: true,
      });
    }
    const perturbation = this.state.recentsOpen ? undefined : this.interferenceEngine.layer(this.interferenceState, this.interferenceHost(), app.package);
    if (perturbation) {
      const top = perturbation.area === 'app' ? appTop : 0;
      layers.push({ box: layout.place(perturbation.view, 0, top, W, (perturbation.area === 'app' ? H - navH : overlayH) - top, fullClip), pkg: perturbation.pkg, dump: true, interactive: true });
    }
    if (this.state.systemDialog) {
      const d = this.state.systemDialog;
      const card: View = {
        dir: 'column', width: 312, padding: [24, 24, 20, 24], gap: 16, bg: theme.surfaceContainerHigh, radius: 28, id: 'system_dialog',
        children: [
          { text: d.title, type: 'headlineSmall', color: theme.onSurface, id: 'alertTitle' },
          { text: d.message, type: 'bodyMedium', color: theme.onSurfaceVariant, id: 'message' },
          { dir: 'row', justify: 'end', gap: 8, children: d.buttons.map((b, i) => ({
            text: b.label, type: 'labelLarge', color: theme.primary, height: 40, padding: [0, 12], radius: 20, id: `button${i + 1}`, cls: 'android.widget.Button',
            onClick: () => { this.state.systemDialog = null; if (b.openPackage) this.launch(b.openPackage); },
          } satisfies View)) },
        ],
      };
      layers.push({ box: layout.place(modalView(theme, card, undefined), 0, 0, W, overlayH, fullClip), pkg: 'android', dump: true, interactive: true });
    }
    if (this.state.banner) {
      const b = this.state.banner;
      const a = this.apps.get(b.pkg);
      if (a) {
        const v = bannerView(theme, {
          title: b.title, text: b.text, appLabel: localize(a.label, this.state.locale), iconBg: a.icon.bg,
          icon: { icon: a.icon.glyph, color: a.icon.fg ?? '#FFFFFF', iconSize: 20 },
          onClick: () => { this.clock.clearTimer(b.timer); this.state.banner = null; this.launch(b.pkg, b.screen, b.params); },
        });
        layers.push({ box: layout.place(v, 0, 0, W, H, fullClip), pkg: 'com.android.systemui', dump: true, interactive: true });
      }
    }
    if (this.state.shadeOpen) {
      layers.push({ box: layout.place(this.shadeLayerView(theme), 0, 0, W, H - navH, fullClip), pkg: 'com.android.systemui', dump: true, interactive: true });
    }
    if (this.state.toast) {
      layers.push({ box: layout.place(toastView(theme, this.state.toast.text, 48 + (kbVisible ? KEYBOARD_HEIGHT_DP : 0)), 0, 0, W, overlayH, fullClip), pkg: 'com.android.systemui', dump: false, interactive: false });
    }
    layers.push({
      box: layout.place(navBarView(theme, navBg, { back: () => this.doKey('back'), home: () => this.doKey('home'), recents: () => this.doKey('recents') },
        { back: this.sys('back'), home: this.sys('home'), overview: this.sys('overview') }, edge && !this.state.recentsOpen && !this.state.shadeOpen ? '#FFFFFF' : undefined), 0, H - navH, W, navH, fullClip),
      pkg: 'com.android.systemui', dump: false, interactive: true,
    });
    const fields = new Map<string, View>();
    const collect = (b: Box) => {
      if (b.view.field) fields.set(b.view.field.key, b.view);
      b.children.forEach(collect);
    };
    collect(layers[0].box);
    this.frameCache = { version: this.version, layers, fields };
    this.currentOutput = out;
    return this.frameCache;
  }

  private currentOutput?: ScreenOutput;

  private textMenuItems(target: TextTarget): { label: string; onClick: () => void; id: string }[] {
    const items: { label: string; onClick: () => void; id: string }[] = [];
    const close = () => { this.state.textMenu = null; };
    if (target.kind === 'text') {
      items.push({ label: this.sys('copy'), id: 'copy', onClick: () => { this.state.clipboard = target.text; close(); this.showToast(this.sys('copied')); } });
      return items;
    }
    const screen = this.topScreen(this.state.foreground);
    const value = screen.fields[target.key] ?? '';
    if (value !== '' && screen.selectAll) {
      items.push({ label: this.sys('cut'), id: 'cut', onClick: () => { this.state.clipboard = value; this.setFieldValue(target.key, ''); close(); } });
      items.push({ label: this.sys('copy'), id: 'copy', onClick: () => { this.state.clipboard = value; screen.selectAll = false; close(); this.showToast(this.sys('copied')); } });
    }
    if (this.state.clipboard !== '') {
      items.push({ label: this.sys('paste'), id: 'paste', onClick: () => { close(); this.insertText(this.state.clipboard); } });
    }
    if (value !== '' && !screen.selectAll) {
      items.push({ label: this.sys('selectAll'), id: 'select_all', onClick: () => { screen.selectAll = true; } });
    }
    return items;
  }

  // ---------------------------------------------------------------- text input

  private setFieldValue(key: string, value: string): void {
    const screen = this.topScreen(this.state.foreground);
    screen.fields[key] = value;
    screen.selectAll = false;
    const view = this.frame().fields.get(key);
    view?.field?.onChange?.(value);
  }

  /** Inserts at the end of the focused field (or replaces an all-selection). False without focus. */
  private insertText(text: string): boolean {
    const screen = this.topScreen(this.state.foreground);
    const key = screen.focus;
    // recents and the shade are other windows: keystrokes do not reach the app's field
    if (key === undefined || this.state.recentsOpen || this.state.shadeOpen) return false;
    this.state.textMenu = null; // typing dismisses the selection toolbar, as on Android
    const view = this.frame().fields.get(key);
    // Inserts at the cursor (replacing an all-selection) and moves the cursor after the text.
    const insert = (chunk: string) => {
      const st = this.fieldState(key);
      const value = st.allSelected ? '' : st.value;
      const at = st.allSelected ? 0 : st.cursor;
      this.setFieldValue(key, value.slice(0, at) + chunk + value.slice(at));
      screen.cursor = at + chunk.length;
    };
    let pending = text;
    while (pending.length > 0) {
      const nl = pending.indexOf('\n');
      const chunk = nl < 0 ? pending : pending.slice(0, nl);
      if (chunk) insert(chunk);
      if (nl < 0) break;
      pending = pending.slice(nl + 1);
      if (view?.field?.multiline) insert('\n');
      else this.enterKey();
    }
    if (this.state.keyboard.shift) this.state.keyboard.shift = false;
    return true;
  }

  private backspace(): void {
    const screen = this.topScreen(this.state.foreground);
    if (screen.focus === undefined || this.state.recentsOpen || this.state.shadeOpen) return;
    this.state.textMenu = null;
    const key = screen.focus;
    const st = this.fieldState(key);
    if (st.allSelected) {
      this.setFieldValue(key, '');
      screen.cursor = 0;
      return;
    }
    if (st.cursor === 0) return;
    const cut = st.cursor >= 2 && /[\udc00-\udfff]/.test(st.value[st.cursor - 1]) && /[\ud800-\udbff]/.test(st.value[st.cursor - 2]) ? 2 : 1;
    this.setFieldValue(key, st.value.slice(0, st.cursor - cut) + st.value.slice(st.cursor));
    screen.cursor = st.cursor - cut;
  }

  private enterKey(): void {
    const screen = this.topScreen(this.state.foreground);
    if (screen.focus === undefined) return;
    const key = screen.focus;
    const view = this.frame().fields.get(key);
    if (view?.field?.multiline) this.setFieldValue(key, (screen.fields[key] ?? '') + '\n');
    else view?.field?.onSubmit?.(screen.fields[key] ?? '');
  }

  // ---------------------------------------------------------------- gestures

  private inScreen(p: Point): boolean {
    return p.x >= 0 && p.y >= 0 && p.x < this.width && p.y < this.height;
  }

  /** The deepest box under the point on the topmost interactive layer that has something there. */
  private hit(p: Point): Box[] {
    const layers = this.frame().layers;
    for (let i = layers.length - 1; i >= 0; i--) {
      if (!layers[i].interactive) continue;
      const path = pathAt(layers[i].box, Math.floor(p.x), Math.floor(p.y));
      if (path.length > 0) return path;
    }
    return [];
  }

  private act(fn: () => void): void {
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

  private clickAt(p: Point): void {
    const path = this.hit(p);
    for (let i = path.length - 1; i >= 0; i--) {
      const b = path[i];
      const v = b.view;
      if (v.enabled === false) return;
      if (v.field) {
        const screen = this.topScreen(this.state.foreground);
        const before = this.fieldState(v.field.key);
        screen.focus = v.field.key;
        screen.selectAll = false;
        // the cursor goes where the finger lands (password fields: at the end)
        const r = contentRect(b, this.scale);
        screen.cursor = before.value === '' || v.field.password ? undefined
          : indexAt(fieldGeometry(b, this.ctx2d, this.scale, before.value, r.x, r.y, r.w, r.h), p.x, p.y, before.cursor);
        this.state.textMenu = null;
        v.onClick?.();
        return;
      }
      if (v.onClickAt) {
        v.onClickAt(Math.min(1, Math.max(0, (p.x - b.x) / Math.max(1, b.w))), Math.min(1, Math.max(0, (p.y - b.y) / Math.max(1, b.h))));
        return;
      }
      if (v.onClick) {
        v.onClick();
        return;
      }
      if (v.absorb) return;
    }
  }

  async tap(p: Point): Promise<void> {
    this.live();
    checkPoint('p', p);
    this.clock.advance(GESTURE_MS.tap);
    if (!this.inScreen(p)) return this.bump();
    this.act(() => this.clickAt(p));
  }

  async doubleTap(p: Point, intervalMs = GESTURE_MS.doubleTapInterval): Promise<void> {
    this.live();
    checkPoint('p', p);
    checkDuration('intervalMs', intervalMs);
    await this.tap(p);
    this.clock.advance(intervalMs);
    await this.tap(p);
  }

  async longPress(p: Point, durationMs = GESTURE_MS.longPress): Promise<void> {
    this.live();
    checkPoint('p', p);
    checkDuration('durationMs', durationMs);
    if (durationMs < LONG_PRESS_TIMEOUT) {
      this.clock.advance(durationMs);
      if (this.inScreen(p)) this.act(() => this.clickAt(p));
      return this.bump();
    }
    this.clock.advance(durationMs);
    if (!this.inScreen(p)) return this.bump();
    this.act(() => {
      const path = this.hit(p);
      for (let i = path.length - 1; i >= 0; i--) {
        const v = path[i].view;
        if (v.enabled === false) return;
        if (v.onLongClick) {
          v.onLongClick();
          return;
        }
        if (v.field) {
          const screen = this.topScreen(this.state.foreground);
          // Like a long-press after the end of the text: cursor at the end, toolbar with Paste / Select all.
          screen.focus = v.field.key;
          screen.selectAll = false;
          screen.cursor = undefined;
          const target: TextTarget = { kind: 'field', key: v.field.key };
          if (this.textMenuItems(target).length > 0) this.state.textMenu = { x: p.x, y: p.y, target };
          return;
        }
        if (v.selectable && v.text) {
          this.state.textMenu = { x: p.x, y: p.y, target: { kind: 'text', text: v.text } };
          return;
        }
        if (v.onClick || v.absorb) return;
      }
    });
  }

  /** A sideways gesture that starts on a slider moves its thumb to where the finger ends. */
  private dragControl(from: Point, to: Point): boolean {
    if (Math.abs(to.x - from.x) <= Math.abs(to.y - from.y)) return false;
    const path = this.hit(from);
    const b = path[path.length - 1];
    if (!b?.view.onClickAt || b.view.enabled === false) return false;
    b.view.onClickAt(Math.min(1, Math.max(0, (to.x - b.x) / Math.max(1, b.w))), Math.min(1, Math.max(0, (from.y - b.y) / Math.max(1, b.h))));
    return true;
  }

  private scrollBy(from: Point, dy: number): void {
    const path = this.hit(from);
    for (let i = path.length - 1; i >= 0; i--) {
      const sc = path[i].scroll;
      if (sc && sc.max > 0) {
        const screen = this.state.recentsOpen ? undefined : this.topScreen(this.state.foreground);
        if (!screen) return;
        screen.scroll[sc.key] = Math.round(Math.min(sc.max, Math.max(0, sc.offset + dy)));
        this.state.textMenu = null;
        return;
      }
    }
  }

  /**
   * A swipe scrolls the scroll container under its start point by the finger's vertical
   * distance; a quick swipe flings further: below 400 ms the distance is multiplied by
   * 400 / duration (at most 4×).
   */
  async swipe(from: Point, to: Point, durationMs = GESTURE_MS.swipe): Promise<void> {
    this.live();
    checkPoint('from', from);
    checkPoint('to', to);
    checkDuration('durationMs', durationMs);
    this.clock.advance(durationMs);
    if (!this.inScreen(from)) return this.bump();
    const fling = durationMs >= 400 ? 1 : Math.min(4, 400 / Math.max(1, durationMs));
    this.act(() => {
      // Pulling down from the status bar opens the notification shade; swiping up closes it.
      const statusH = Math.round(STATUS_BAR_DP * this.scale);
      if (!this.state.shadeOpen && from.y < statusH && to.y - from.y > 3 * statusH) {
        this.state.shadeOpen = true;
        this.state.textMenu = null;
        return;
      }
      if (this.state.shadeOpen && from.y - to.y > 3 * statusH && !this.hit(from).some((b) => b.scroll && b.scroll.max > 0)) {
        this.state.shadeOpen = false;
        return;
      }
      if (this.dragControl(from, to)) return;
      // In recents, a sideways swipe moves between cards: right goes to older apps, as on Android.
      if (this.state.recentsOpen && Math.abs(to.x - from.x) > Math.max(100, Math.abs(to.y - from.y))) {
        const n = this.state.recents.filter((p) => this.apps.has(p)).length;
        this.state.recentsIndex = Math.max(0, Math.min(n - 1, (this.state.recentsIndex ?? 0) + (to.x > from.x ? 1 : -1)));
        return;
      }
      // Swiping a heads-up notification upwards dismisses it, as on Android.
      if (this.state.banner && to.y < from.y && this.hit(from).some((b) => b.view.id === 'notification')) {
        this.clock.clearTimer(this.state.banner.timer);
        this.state.banner = null;
        return;
      }
      this.scrollBy(from, (from.y - to.y) * fling);
    });
  }

  /** Like a slow swipe: content follows the finger exactly, no fling. */
  async drag(from: Point, to: Point, durationMs = 1000): Promise<void> {
    this.live();
    checkPoint('from', from);
    checkPoint('to', to);
    checkDuration('durationMs', durationMs);
    this.clock.advance(durationMs);
    if (!this.inScreen(from)) return this.bump();
    this.act(() => {
      if (!this.dragControl(from, to)) this.scrollBy(from, from.y - to.y);
    });
  }

  async typeText(text: string): Promise<TypeResult> {
    this.live();
    if (typeof text !== 'string') throw new DeviceError('invalid-argument', `text must be a string, got ${JSON.stringify(text)}`, this.id);
    this.clock.advance(20 * [...text].length);
    let delivered = false;
    this.act(() => { delivered = this.insertText(text); });
    return { method: 'mock', delivered };
  }

  private doKey(key: KeyName): void {
    const screen = this.topScreen(this.state.foreground);
    switch (key) {
      case 'back':
      case 'escape': {
        if (this.state.textMenu) this.state.textMenu = null;
        else if (this.state.shadeOpen) this.state.shadeOpen = false;
        else if (this.state.systemDialog) this.state.systemDialog = null;
        else if (!this.state.recentsOpen && this.interferenceEngine.back(this.interferenceState, this.interferenceHost(), this.state.foreground)) { /* the perturbation took it */ }
        else if (this.state.recentsOpen) this.state.recentsOpen = false;
        else if (screen.focus !== undefined) { screen.focus = undefined; screen.selectAll = false; }
        else {
          this.frame();
          const out = this.currentOutput;
          if (out?.dialog) out.dialog.onDismiss?.();
          else if (!out?.onBack?.()) {
            if (this.state.foreground !== LAUNCHER_PACKAGE) this.popScreen(this.state.foreground);
          }
        }
        return;
      }
      case 'home':
        this.state.systemDialog = null;
        this.state.shadeOpen = false;
        if (screen.focus !== undefined) { screen.focus = undefined; screen.selectAll = false; }
        this.goHome();
        return;
      case 'recents':
        this.state.textMenu = null;
        this.state.shadeOpen = false;
        this.state.recentsOpen = !this.state.recentsOpen;
        this.state.recentsIndex = 0;
        return;
      case 'enter':
        this.enterKey();
        return;
      case 'delete':
        this.backspace();
        return;
      case 'space':
        this.insertText(' ');
        return;
      case 'tab':
        this.insertText('\t');
        return;
      default:
        return; // menu and d-pad keys: nothing on this phone, as on most modern apps
    }
  }

  async pressKey(key: KeyName): Promise<void> {
    this.live();
    if (typeof key !== 'string') throw new DeviceError('invalid-argument', `key must be a string (one of ${KEY_NAMES.join(', ')}), got ${JSON.stringify(key)}`, this.id);
    this.clock.advance(GESTURE_MS.tap);
    if (!KEY_NAMES.includes(key)) return this.bump(); // an unknown key code does nothing on a phone
    this.act(() => this.doKey(key));
  }

  async openApp(packageName: string): Promise<OpenAppResult> {
    this.live();
    if (typeof packageName !== 'string' || packageName.trim() === '') {
      throw new DeviceError('invalid-argument', `packageName must be a non-empty string, got ${JSON.stringify(packageName)}`, this.id);
    }
    this.clock.advance(GESTURE_MS.tap);
    if (!this.apps.has(packageName)) return { ok: false, message: MONKEY_NOT_FOUND };
    this.act(() => {
      this.state.systemDialog = null;
      this.launch(packageName);
    });
    return { ok: true, message: 'Events injected: 1' };
  }

  async closeApp(packageName: string): Promise<void> {
    this.live();
    if (typeof packageName !== 'string' || packageName.trim() === '') {
      throw new DeviceError('invalid-argument', `packageName must be a non-empty string, got ${JSON.stringify(packageName)}`, this.id);
    }
    if (!this.apps.has(packageName) || packageName === LAUNCHER_PACKAGE) return;
    this.act(() => this.finishApp(packageName));
  }

  async foregroundApp(): Promise<string | undefined> {
    this.live();
    return this.state.foreground;
  }

  async wait(ms: number): Promise<void> {
    this.live();
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 86_400_000) {
      throw new DeviceError('invalid-argument', `ms must be a number of milliseconds between 0 and 86400000, got ${JSON.stringify(ms)}`, this.id);
    }
    this.act(() => this.clock.advance(ms));
  }

  // ---------------------------------------------------------------- output

  private xmlCache?: { version: number; xml: string };

  async uiTree(): Promise<string> {
    this.live();
    const f = this.frame();
    if (this.xmlCache?.version !== f.version) {
      this.xmlCache = { version: f.version, xml: dumpXml(f.layers.filter((l) => l.dump).map((l) => ({ box: l.box, pkg: l.pkg })), { field: this.fieldState }) };
    }
    return this.xmlCache.xml;
  }

  /** Raw RGBA pixels of the current frame (alpha is 255 everywhere: the screen is opaque). */
  rawPixels(): Buffer {
    const f = this.frame();
    if (this.pixels?.version === f.version) return this.pixels.data;
    const ctx = this.ctx2d;
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, this.width, this.height);
    const env = { scale: this.scale, theme: this.theme, field: this.fieldState };
    for (const layer of f.layers) drawBox(ctx, layer.box, env);
    this.pixels = { version: f.version, data: this.canvas.data() };
    return this.pixels.data;
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    this.live();
    const format = options.format ?? 'png';
    if (format !== 'png' && format !== 'jpeg') throw new DeviceError('invalid-argument', `format must be 'png' or 'jpeg', got ${JSON.stringify(format)}`, this.id);
    const quality = options.quality ?? 90;
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new DeviceError('invalid-argument', `quality must be an integer 1–100, got ${JSON.stringify(quality)}`, this.id);
    const raw = this.rawPixels();
    const version = this.version;
    const cacheKey = `${format}:${quality}`;
    const hit = this.encoded.get(cacheKey);
    if (hit?.version === version) return hit.shot;
    const img = sharp(raw, { raw: { width: this.width, height: this.height, channels: 4 } }).removeAlpha();
    const data = format === 'png'
      ? await img.png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer()
      : await img.jpeg({ quality, chromaSubsampling: '4:2:0', mozjpeg: false, optimiseCoding: false }).toBuffer();
    const shot: Screenshot = { format, data, width: this.width, height: this.height };
    this.encoded.set(cacheKey, { version, shot });
    return shot;
  }
}

export async function createMockPhoneInstance(options: MockPhoneOptions = {}): Promise<MockPhone> {
  const seed = options.seed ?? 0;
  if (!Number.isInteger(seed)) throw new DeviceError('invalid-argument', `options.seed must be an integer, got ${JSON.stringify(seed)}`);
  for (const k of ['width', 'height', 'density'] as const) {
    const v = options[k];
    if (v !== undefined && (!Number.isInteger(v) || v < 100 || v > 8000)) throw new DeviceError('invalid-argument', `options.${k} must be an integer between 100 and 8000, got ${JSON.stringify(v)}`);
  }
  if (options.locale !== undefined && options.locale !== 'en-US' && options.locale !== 'zh-CN') {
    throw new DeviceError('invalid-argument', `options.locale must be 'en-US' or 'zh-CN', got ${JSON.stringify(options.locale)}`);
  }
  const sql = await loadSql();
  const phone = new MockPhone(sql, options);
  await phone.init(seed);
  return phone;
}
