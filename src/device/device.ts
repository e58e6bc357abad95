// The `Device` seam: everything the agent loop, verifiers, the device panel and the recorder
// need from a phone. Implemented by the mock phone (src/mockphone/, in process), by ADB
// (src/device/adb/, adbkit through the adb server) and by a remote AndroidWorld server.
// Coordinates here are always device pixels; the 0–1000 model space lives in src/protocol/.

export type DeviceKind = 'mock' | 'adb' | 'androidworld';

export interface Point {
  x: number;
  y: number;
}

export interface ScreenInfo {
  /** Pixels in the current orientation. */
  width: number;
  height: number;
  /** Dots per inch, as `wm density` reports it (e.g. 440). */
  density: number;
}

export type ImageFormat = 'png' | 'jpeg';

export interface ScreenshotOptions {
  format?: ImageFormat; // default 'png'
  /** JPEG quality 1–100 (default 90, what PhoneBuddy is prompted with). */
  quality?: number;
}

export interface Screenshot {
  format: ImageFormat;
  data: Buffer;
  width: number;
  height: number;
}

/** Keys every device understands. Android keycodes are mapped by each implementation. */
export type KeyName = 'back' | 'home' | 'recents' | 'enter' | 'menu' | 'delete' | 'tab' | 'space'
  | 'dpad_up' | 'dpad_down' | 'dpad_left' | 'dpad_right' | 'escape';

export const KEY_NAMES: readonly KeyName[] = ['back', 'home', 'recents', 'enter', 'menu', 'delete', 'tab', 'space',
  'dpad_up', 'dpad_down', 'dpad_left', 'dpad_right', 'escape'];

/** How typed text reached the device — real phones need an IME for non-ASCII text. */
export type TextInputMethod = 'mock' | 'input-text' | 'adb-keyboard' | 'clipboard-paste' | 'remote';

export interface TypeResult {
  method: TextInputMethod;
  /** False when nothing had focus (a real phone silently drops the keystrokes). */
  delivered: boolean;
}

export interface OpenAppResult {
  ok: boolean;
  /** What the device said, e.g. Android's "No activities found to run, monkey aborted." */
  message?: string;
}

/** Rows from an app's SQLite database, as column→value objects. */
export type SqlValue = string | number | null | Uint8Array;
export type SqlRow = Record<string, SqlValue>;

export interface DeviceInfo {
  serial: string;
  model: string;
  sdk?: number;
  manufacturer?: string;
}

/** What a device announces; the panel streams on 'changed', the runner aborts on 'disconnected'. */
export type DeviceEvent =
  | { type: 'changed' }
  | { type: 'disconnected'; reason: string };

export type DeviceListener = (event: DeviceEvent) => void;

export interface Device {
  readonly id: string; // 'mock:1', 'adb:emulator-5554', 'androidworld:http://…'
  readonly kind: DeviceKind;

  info(): Promise<DeviceInfo>;
  screenInfo(): Promise<ScreenInfo>;
  screenshot(options?: ScreenshotOptions): Promise<Screenshot>;
  /** The UI tree in `uiautomator dump` XML. */
  uiTree(): Promise<string>;

  tap(p: Point): Promise<void>;
  doubleTap(p: Point, intervalMs?: number): Promise<void>;
  longPress(p: Point, durationMs?: number): Promise<void>;
  swipe(from: Point, to: Point, durationMs?: number): Promise<void>;
  drag(from: Point, to: Point, durationMs?: number): Promise<void>;
  typeText(text: string): Promise<TypeResult>;
  pressKey(key: KeyName): Promise<void>;
  openApp(packageName: string): Promise<OpenAppResult>;
  closeApp(packageName: string): Promise<void>;
  foregroundApp(): Promise<string | undefined>;
  /** Let time pass: the mock phone advances its virtual clock, a real phone sleeps. */
  wait(ms: number): Promise<void>;

  /**
   * Query an app's SQLite database (mock: directly; ADB: pulled over `adb pull`). With
   * `timeoutMs` (verifier queries: text a task author wrote) a query that runs longer is
   * stopped with an error instead of hanging the caller.
   */
  queryApp?(packageName: string, sql: string, params?: SqlValue[], options?: QueryOptions): Promise<SqlRow[]>;
  /** Run a shell command (real phones and the mock phone served over ADB). */
  shell?(command: string, timeoutMs?: number): Promise<{ stdout: string; exitCode: number }>;

  /** Subscribe to device events; returns the unsubscribe function. */
  onEvent(listener: DeviceListener): () => void;
  close(): Promise<void>;
}

/** Devices that can save and restore their whole state (the mock phone). */
export interface SnapshottableDevice<S = unknown> extends Device {
  snapshot(): Promise<S>;
  restore(snapshot: S): Promise<void>;
  reset(seed: number): Promise<void>;
}

export function isSnapshottable(d: Device): d is SnapshottableDevice {
  const s = d as Partial<SnapshottableDevice>;
  return typeof s.snapshot === 'function' && typeof s.restore === 'function' && typeof s.reset === 'function';
}

export interface QueryOptions {
  /** Stop the query after this long (a recursive CTE that never stops must not hang a check). */
  timeoutMs?: number;
}
