// What an app is: a manifest (package, label, icon, strings, database schema + seed) and
// screens — functions from app state to a view tree. Everything an app keeps between frames is
// JSON in its screen stack or rows in its SQLite database, so the phone can snapshot it.
import type { SqlRow, SqlValue } from '../../device/device';
import type { SeededRandom } from '../runtime/random';
import type { IconName } from '../ui/icons';
import type { Theme } from '../ui/theme';
import type { View } from '../ui/view';

export type Locale = 'en-US' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['en-US', 'zh-CN'];
export type Localized = string | Partial<Record<Locale, string>>;
export type Strings = Partial<Record<Locale, Record<string, string>>>;

/** One entry of an app's back stack. All JSON. */
export interface ScreenState {
  name: string;
  params: Record<string, unknown>;
  /** Text field values by field key. */
  fields: Record<string, string>;
  /** Scroll offsets (px) by scroll key. */
  scroll: Record<string, number>;
  /** App-defined UI state: open dialog, selected tab, menu… */
  ui: Record<string, unknown>;
  /** Focused text field key (the keyboard shows while a field has focus). */
  focus?: string;
  /** The focused field's text is all selected (typing replaces it). */
  selectAll?: boolean;
  /** Cursor index in the focused field's value; absent = at the end. */
  cursor?: number;
}

/** Initial text field values and focus of a screen being opened. */
export interface ScreenInit {
  fields?: Record<string, string>;
  focus?: string;
  ui?: Record<string, unknown>;
  /** Initial scroll offsets; a huge value means "scrolled to the end". */
  scroll?: Record<string, number>;
}

/** The database API apps and seeds use. */
export interface AppDb {
  query(sql: string, params?: SqlValue[]): SqlRow[];
  /** One writing statement; returns last_insert_rowid(). */
  run(sql: string, params?: SqlValue[]): number;
  script(sql: string): void;
}

export interface SeedContext {
  seed: number;
  rng: SeededRandom;
  locale: Locale;
  /** Virtual time at reset, ms since epoch. */
  now: number;
  t(key: string, params?: Record<string, string | number>): string;
}

export interface DialogButton {
  label: string;
  onClick: () => void;
}

export interface AppContext {
  readonly pkg: string;
  readonly locale: Locale;
  readonly theme: Theme;
  readonly db: AppDb;
  readonly rng: SeededRandom;
  /** The screen being rendered or handled (mutate its fields/ui freely inside handlers). */
  readonly screen: ScreenState;
  now(): number;
  t(key: string, params?: Record<string, string | number>): string;
  /** Navigation within the app. */
  push(name: string, params?: Record<string, unknown>, init?: ScreenInit): void;
  pop(): void;
  replace(name: string, params?: Record<string, unknown>, init?: ScreenInit): void;
  /** Leaves the app (like finishing the last activity). */
  finish(): void;
  openApp(pkg: string, screen?: string, params?: Record<string, unknown>, init?: ScreenInit): boolean;
  /** The phone's installed apps, in launcher order (the catalogue it was given). */
  installedApps(): readonly AppInfo[];
  /** Read another app's database (like a content provider). Empty when it has none. */
  queryApp(pkg: string, sql: string, params?: SqlValue[]): SqlRow[];
  field(key: string): string;
  setField(key: string, value: string): void;
  focus(key: string | undefined): void;
  toast(text: string): void;
  /** A heads-up notification banner (tap opens the app, on `link.screen` when given: a deep link). */
  notify(title: string, text: string, link?: { screen: string; params?: Record<string, unknown> }): void;
  /** A mini-program opened inside this app: an interference launch of "<package>/<key>". */
  subLaunch?(key: string, label: string): void;
  clipboard(): string;
  setClipboard(text: string): void;
  getSetting(namespace: string, key: string): string | null;
  putSetting(namespace: string, key: string, value: string): void;
  /** Calls the app's timer handler `kind` after `delayMs` of virtual time. */
  setTimer(delayMs: number, kind: string, payload?: unknown): number;
  formatTime(ms: number): string;
  formatDate(ms: number): string;
}

export interface ScreenOutput {
  view: View;
  /** A modal drawn over the app with a scrim; onDismiss runs on back or on a tap outside. */
  dialog?: { view: View; onDismiss?: () => void };
  /** Return true when back was handled (e.g. closed a search); otherwise the stack pops. */
  onBack?: () => boolean;
}

export type Screen = (ctx: AppContext) => ScreenOutput;

export interface AppManifest {
  package: string;
  label: Localized;
  icon: { glyph: IconName; bg: string; fg?: string };
  /** One SQLite database at /data/data/<package>/databases/<file>. */
  database?: {
    file: string;
    schema: string;
    seed?: (db: AppDb, seed: SeedContext) => void;
  };
  strings?: Strings;
  /** First screen. */
  home: string;
  screens: Record<string, Screen>;
  timers?: Record<string, (ctx: AppContext, payload: unknown) => void>;
  /** Not listed on the launcher (the launcher itself, system packages). */
  hidden?: boolean;
}

/**
 * An app without its screens, seed or timers: what may be known about it without loading its
 * UI code (each app's info.ts; the task layer sees it through src/studio's catalogue).
 */
export type AppInfo = Pick<AppManifest, 'package' | 'label' | 'icon' | 'strings' | 'hidden'> & {
  database?: { file: string; schema: string };
};

export function localize(text: Localized, locale: Locale): string {
  if (typeof text === 'string') return text;
  return text[locale] ?? text['en-US'] ?? Object.values(text)[0] ?? '';
}

export function translate(strings: Strings | undefined, locale: Locale, key: string, params?: Record<string, string | number>): string {
  const raw = strings?.[locale]?.[key] ?? strings?.['en-US']?.[key] ?? key;
  return params ? raw.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : raw;
}
