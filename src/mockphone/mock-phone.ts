// The mock phone: an Android-like device in process. Its whole state is JSON (PhoneState) plus
// one SQLite database per app, so snapshot/restore/reset are cheap and runs are reproducible:
// the same seed and the same actions give byte-identical screenshots and databases.
//
// This class only wires the parts in ./phone/ together and answers the Device / MockPhoneApi
// contract; each part does one job over the shared PhoneCore.
import type {
  DeviceInfo, DeviceListener, KeyName, OpenAppResult, Point, ScreenInfo, Screenshot, ScreenshotOptions, QueryOptions, SqlRow, SqlValue, TypeResult,
} from '../device/device';
import { DeviceError } from '../device/errors';
import type { ClockMode, MockPhoneApi, MockPhoneOptions, SqlResult } from './mock-phone-api';
import type { AppManifest } from './apps/app';
import { APPS, LAUNCHER_PACKAGE } from './apps/registry';
import type { InterferenceState } from './interference/engine';
import type { PerturbationSpec } from './interference/perturbations';
import { loadSql } from './runtime/database';
import { SETTINGS_PACKAGE } from './system/settings-store';
import { registerFonts } from './ui/fonts';
import { AppContexts } from './phone/app-context';
import { AppData } from './phone/app-data';
import { FrameBuilder } from './phone/frame';
import { Gestures } from './phone/gestures';
import { Keys } from './phone/keys';
import { PhoneLifecycle } from './phone/lifecycle';
import { Navigator } from './phone/navigation';
import { PhoneCore } from './phone/phone-core';
import { GESTURE_MS, MONKEY_NOT_FOUND, type MockPhoneSnapshot, type PhoneState } from './phone/phone-state';
import { ScreenCapture } from './phone/screen-capture';
import { PanelView } from './phone/panel-view';
import type { PanelCapture, PanelFrameOptions, PanelFrameSource } from '../device/panel-frames';
import type { PaintResult } from './ui/frame-raster';
import { TextInput } from './phone/text-input';
import { processPhoneNumbers } from './phone-numbers';
import type { SqlJsStatic } from 'sql.js';

export { DEFAULT_START_TIME, MONKEY_NOT_FOUND, type MockPhoneSnapshot, type PhoneState } from './phone/phone-state';

export class MockPhone implements MockPhoneApi, PanelFrameSource {
  readonly kind = 'mock' as const;
  readonly id: string;
  readonly serial: string;
  readonly width: number;
  readonly height: number;
  readonly density: number;
  readonly scale: number;
  private readonly core: PhoneCore;
  private readonly nav: Navigator;
  private readonly data: AppData;
  private readonly lifecycle: PhoneLifecycle;
  private readonly frames: FrameBuilder;
  private readonly text: TextInput;
  private readonly keys: Keys;
  private readonly gestures: Gestures;
  private readonly capture: ScreenCapture;
  private readonly panel: PanelView;

  constructor(sql: SqlJsStatic, options: MockPhoneOptions = {}) {
    registerFonts();
    this.width = options.width ?? 1080;
    this.height = options.height ?? 2400;
    this.density = options.density ?? 440;
    this.scale = this.density / 160;
    const n = (options.numbers ?? processPhoneNumbers).next();
    this.serial = options.serial ?? `mock-${n}`;
    this.id = `mock:${n}`;
    const core = (this.core = new PhoneCore(this.id, this.width, this.height, this.density, options.apps ?? APPS));
    this.nav = new Navigator(core);
    this.data = new AppData(core);
    const contexts = new AppContexts(core, this.nav, this.data);
    this.lifecycle = new PhoneLifecycle(core, this.nav, contexts, this.data, sql, options);
    // The frame's system UI (keyboard, toolbar, nav bar) calls into text input and keys, which
    // in turn read the frame; the callbacks are bound late to break that cycle.
    this.frames = new FrameBuilder(core, this.nav, contexts, {
      insertText: (text) => this.text.insertText(text),
      backspace: () => this.text.backspace(),
      enterKey: () => this.text.enterKey(),
      key: (key) => this.keys.key(key),
      textMenuItems: (target) => this.text.textMenuItems(target),
    });
    this.text = new TextInput(core, this.nav, this.frames);
    this.keys = new Keys(core, this.nav, this.frames, this.text);
    this.gestures = new Gestures(core, this.nav, this.frames, this.text);
    this.capture = new ScreenCapture(core, this.frames);
    this.panel = new PanelView(core, this.frames);
  }

  // ---------------------------------------------------------------- lifecycle

  async init(seed: number, clock: ClockMode = 'virtual'): Promise<void> {
    this.lifecycle.reset(seed);
    this.setClockMode(clock);
  }

  /**
   * See MockPhoneOptions.clock. Switching to 'wall' starts following from the current time.
   * `rate` > 1 makes phone time run that many times faster than wall time: a test can pause
   * 150 ms where a harness pauses 3 s and the phone still sees 3 s pass.
   */
  setClockMode(mode: ClockMode, rate = 1): void {
    if (mode !== 'virtual' && mode !== 'wall') throw new DeviceError('invalid-argument', `clock must be 'virtual' or 'wall', got ${JSON.stringify(mode)}`, this.id);
    if (!Number.isFinite(rate) || rate <= 0 || rate > 1000) throw new DeviceError('invalid-argument', `rate must be a number in (0, 1000], got ${JSON.stringify(rate)}`, this.id);
    this.core.wallAnchor = mode === 'wall' ? { virtual: this.core.clock.now(), wall: performance.now(), rate } : undefined;
  }

  clockMode(): ClockMode {
    return this.core.wallAnchor ? 'wall' : 'virtual';
  }

  /** Phone milliseconds per wall millisecond in wall mode (1 unless a test sped it up). */
  wallClockRate(): number {
    return this.core.wallAnchor?.rate ?? 1;
  }

  async reset(seed: number): Promise<void> {
    this.core.live();
    if (!Number.isInteger(seed)) throw new DeviceError('invalid-argument', `seed must be an integer, got ${JSON.stringify(seed)}`, this.id);
    this.lifecycle.reset(seed);
  }

  /**
   * Switches the phone's locale. A phone's seeded content (people, messages, notes) is written
   * in its locale, so this resets the phone to its current seed in the new locale — as the
   * setup of a task that declares a locale expects (runSetup calls it right after reset).
   * The same locale again does nothing. Later resets keep the new locale.
   */
  async setLocale(locale: string): Promise<void> {
    this.core.live();
    if (locale !== 'en-US' && locale !== 'zh-CN') throw new DeviceError('invalid-argument', `locale must be 'en-US' or 'zh-CN', got ${JSON.stringify(locale)}`, this.id);
    if (locale === this.core.state.locale && locale === this.lifecycle.locale) return;
    this.lifecycle.locale = locale;
    this.lifecycle.reset(this.core.state.seed);
  }

  /**
   * Installs a new catalogue on the running phone (an app file was saved and reloaded): see
   * PhoneLifecycle.replaceApps — the current screen stays where it still exists, unchanged
   * databases keep their rows. A catalogue the phone cannot run is refused and changes nothing.
   */
  setApps(apps: readonly AppManifest[]): void {
    this.core.live();
    checkApps(apps);
    this.lifecycle.replaceApps(apps);
  }

  /**
   * `listener` hears each render of an app screen that throws (the phone shows the app's crash
   * screen instead): its package and the message. Returns the unsubscribe.
   */
  onAppFault(listener: (pkg: string, message: string) => void): () => void {
    this.core.faultListeners.add(listener);
    return () => { this.core.faultListeners.delete(listener); };
  }

  async snapshot(): Promise<MockPhoneSnapshot> {
    this.core.live();
    return this.lifecycle.snapshot();
  }

  async restore(snapshot: unknown): Promise<void> {
    this.core.live();
    this.lifecycle.restore(snapshot);
  }

  async close(): Promise<void> {
    const { core } = this;
    if (core.closed) return;
    core.closed = true;
    for (const db of core.dbs.values()) db.close();
    core.dbs.clear();
    core.listeners.clear();
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
      'persist.sys.locale': this.core.state.locale,
      'persist.sys.timezone': 'UTC',
    };
  }

  listPackages(): string[] {
    return [...this.core.apps.keys(), SETTINGS_PACKAGE].sort();
  }

  now(): number {
    if (!this.core.closed) this.core.followWallClock();
    return this.core.clock.now();
  }

  formatTime(ms: number): string {
    return this.core.formatTime(ms);
  }

  formatDate(ms: number): string {
    return this.core.formatDate(ms);
  }

  onEvent(listener: DeviceListener): () => void {
    this.core.listeners.add(listener);
    return () => this.core.listeners.delete(listener);
  }

  // ---------------------------------------------------------------- settings and SQL

  getSetting(namespace: string, key: string): string | null {
    return this.data.getSetting(namespace, key);
  }

  putSetting(namespace: string, key: string, value: string): void {
    this.data.putSetting(namespace, key, value);
  }

  execSql(packageName: string, sql: string, params: SqlValue[] = []): SqlResult[] {
    return this.data.execSql(packageName, sql, params);
  }

  queryApp(packageName: string, sql: string, params: SqlValue[] = [], options?: QueryOptions): Promise<SqlRow[]> {
    return this.data.queryApp(packageName, sql, params, options);
  }

  databasePaths(): Record<string, string> {
    return this.data.databasePaths();
  }

  databaseBytes(packageName: string): Uint8Array {
    return this.data.databaseBytes(packageName);
  }

  replaceDatabase(packageName: string, bytes: Uint8Array): void {
    this.data.replaceDatabase(packageName, bytes);
  }

  // ---------------------------------------------------------------- interference

  /**
   * Switches perturbations on for this run (see docs/mock-phone.md, "Interference"): each is
   * { name, probability?, params?, apps?, maxShows? }; an empty list switches all off. reset()
   * clears them, so call this after reset (a task's setup.perturbations does). Throws
   * DeviceError('invalid-argument') naming the bad field.
   */
  setInterference(specs: PerturbationSpec[]): void {
    try {
      this.core.interferenceEngine.configure(this.core.interferenceState, specs);
    } catch (e) {
      throw new DeviceError('invalid-argument', e instanceof Error ? e.message : String(e), this.id);
    }
    this.core.bump();
  }

  /** A copy of the interference state: switched-on specs, what is showing, and the event log. */
  permissions(): Record<string, 'allowed' | 'denied'> {
    return { ...this.core.interferenceState.permissions };
  }

  interference(): InterferenceState {
    return structuredClone(this.core.interferenceState);
  }

  /** Shows a system dialog over everything (used for interference pop-ups). */
  showSystemDialog(dialog: NonNullable<PhoneState['systemDialog']>): void {
    this.core.state.systemDialog = structuredClone(dialog);
    this.core.bump();
  }

  // ---------------------------------------------------------------- input

  tap(p: Point): Promise<void> {
    return this.gestures.tap(p);
  }

  doubleTap(p: Point, intervalMs = GESTURE_MS.doubleTapInterval): Promise<void> {
    return this.gestures.doubleTap(p, intervalMs);
  }

  longPress(p: Point, durationMs = GESTURE_MS.longPress): Promise<void> {
    return this.gestures.longPress(p, durationMs);
  }

  swipe(from: Point, to: Point, durationMs = GESTURE_MS.swipe): Promise<void> {
    return this.gestures.swipe(from, to, durationMs);
  }

  drag(from: Point, to: Point, durationMs = 1000): Promise<void> {
    return this.gestures.drag(from, to, durationMs);
  }

  typeText(text: string): Promise<TypeResult> {
    return this.text.typeText(text);
  }

  /** Selects all text of the focused field (Ctrl+A); false when nothing has focus. */
  async selectAllText(): Promise<boolean> {
    return this.text.selectAll();
  }

  pressKey(key: KeyName): Promise<void> {
    return this.keys.pressKey(key);
  }

  // ---------------------------------------------------------------- apps and time

  async openApp(packageName: string): Promise<OpenAppResult> {
    this.core.live();
    if (typeof packageName !== 'string' || packageName.trim() === '') {
      throw new DeviceError('invalid-argument', `packageName must be a non-empty string, got ${JSON.stringify(packageName)}`, this.id);
    }
    this.core.clock.advance(GESTURE_MS.tap);
    if (!this.core.apps.has(packageName)) return { ok: false, message: MONKEY_NOT_FOUND };
    this.core.act(() => {
      this.core.state.systemDialog = null;
      this.nav.launch(packageName);
    });
    return { ok: true, message: 'Events injected: 1' };
  }

  async closeApp(packageName: string): Promise<void> {
    this.core.live();
    if (typeof packageName !== 'string' || packageName.trim() === '') {
      throw new DeviceError('invalid-argument', `packageName must be a non-empty string, got ${JSON.stringify(packageName)}`, this.id);
    }
    if (!this.core.apps.has(packageName) || packageName === LAUNCHER_PACKAGE) return;
    this.core.act(() => this.nav.finishApp(packageName));
  }

  async foregroundApp(): Promise<string | undefined> {
    this.core.live();
    return this.core.state.foreground;
  }

  async wait(ms: number): Promise<void> {
    this.core.live();
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 86_400_000) {
      throw new DeviceError('invalid-argument', `ms must be a number of milliseconds between 0 and 86400000, got ${JSON.stringify(ms)}`, this.id);
    }
    this.core.act(() => this.core.clock.advance(ms));
    // Following the wall clock, a wait is a jump ahead that wall time then continues from.
    if (this.core.wallAnchor) this.core.wallAnchor.virtual += ms;
  }

  // ---------------------------------------------------------------- output

  uiTree(): Promise<string> {
    return this.capture.uiTree();
  }

  /**
   * Raw RGBA pixels of the current frame (alpha is 255 everywhere: the screen is opaque). The
   * buffer is the phone's retained frame, valid until it draws the next one: copy it to keep it.
   */
  rawPixels(): Buffer {
    return this.capture.rawPixels();
  }

  /**
   * Brings the retained frame up to date and says what changed: the repainted rectangles
   * (device pixels; none when the screen looks the same) and a generation that moves only when
   * pixels changed. `full` repaints every pixel (the reference for damaged-rectangle painting);
   * `rects` repaints exactly those device rectangles (what a repaint costs by area, for the bench).
   */
  paintFrame(options: { full?: boolean; rects?: { x: number; y: number; w: number; h: number }[] } = {}): PaintResult {
    this.core.live();
    return this.capture.paint(options.rects ?? options.full ?? false);
  }

  screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    return this.capture.screenshot(options);
  }

  /**
   * The screen drawn straight at a viewer's pixel width (the device panel): a full JPEG, or the
   * PNG tiles that turn the viewer's generation `since` into the current frame, or 'same'.
   */
  panelFrame(options: PanelFrameOptions): Promise<PanelCapture> {
    return this.panel.capture(options);
  }

  /** The panel view, for tests that compose tiles against a full repaint. */
  get panelView(): PanelView {
    return this.panel;
  }
}

export async function createMockPhoneInstance(options: MockPhoneOptions = {}): Promise<MockPhone> {
  const seed = options.seed ?? 0;
  if (!Number.isInteger(seed)) throw new DeviceError('invalid-argument', `options.seed must be an integer, got ${JSON.stringify(seed)}`);
  for (const k of ['width', 'height', 'density'] as const) {
    const v = options[k];
    if (v !== undefined && (!Number.isInteger(v) || v < 100 || v > 8000)) throw new DeviceError('invalid-argument', `options.${k} must be an integer between 100 and 8000, got ${JSON.stringify(v)}`);
  }
  if (options.clock !== undefined && options.clock !== 'virtual' && options.clock !== 'wall') {
    throw new DeviceError('invalid-argument', `options.clock must be 'virtual' or 'wall', got ${JSON.stringify(options.clock)}`);
  }
  if (options.locale !== undefined && options.locale !== 'en-US' && options.locale !== 'zh-CN') {
    throw new DeviceError('invalid-argument', `options.locale must be 'en-US' or 'zh-CN', got ${JSON.stringify(options.locale)}`);
  }
  if (options.apps !== undefined) checkApps(options.apps);
  const sql = await loadSql();
  const phone = new MockPhone(sql, options);
  await phone.init(seed, options.clock);
  return phone;
}

/** A catalogue the phone can run: the launcher in it, no package twice. */
function checkApps(apps: readonly AppManifest[]): void {
  const seen = new Set<string>();
  for (const a of apps) {
    if (seen.has(a.package)) throw new DeviceError('invalid-argument', `options.apps holds ${a.package} twice`);
    if (a.package === SETTINGS_PACKAGE) throw new DeviceError('invalid-argument', `options.apps: ${SETTINGS_PACKAGE} is the system's settings provider, not an app`);
    seen.add(a.package);
  }
  if (!seen.has(LAUNCHER_PACKAGE)) throw new DeviceError('invalid-argument', `options.apps has no launcher (${LAUNCHER_PACKAGE})`);
}
