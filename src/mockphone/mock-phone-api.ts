// What the mock phone offers beyond the `Device` seam: the hooks its ADB endpoint
// (src/mockphone/adb/) and the task language need to answer like a real phone's shell.
import type { SnapshottableDevice, SqlValue } from '../device/device';
import type { AppManifest } from './apps/app';
import type { PerturbationSpec } from './interference/perturbations';
import type { PhoneNumbers } from './phone-numbers';

export interface MockPhoneOptions {
  seed?: number; // default 0
  width?: number; // default 1080
  height?: number; // default 2400
  density?: number; // default 440
  locale?: 'en-US' | 'zh-CN'; // default 'en-US'
  /** Virtual clock start, ms since epoch (default 2026-03-02T09:30:00 local). */
  startTime?: number;
  serial?: string;
  /** Where the phone's number (its id `mock:N`) comes from; default the process's (phone-numbers.ts). */
  numbers?: PhoneNumbers;
  /**
   * 'virtual' (default): time moves only when the phone is driven (gestures take their
   * duration, wait(ms) advances it), so in-process runs are reproducible. 'wall': virtual time
   * also follows the wall clock, as an emulator's does — for phones served to outside clients
   * (AndroidWorld harnesses, adb) that pause in real time between steps.
   */
  clock?: ClockMode;
  /**
   * The installed apps, in launcher order: the catalogue the phone is given (default the
   * built-ins, APPS). The composition root adds a workspace's apps (src/studio/workspace-apps.ts).
   * It must hold the launcher and no package twice.
   */
  apps?: readonly AppManifest[];
}

export type ClockMode = 'virtual' | 'wall';

export interface SqlResult {
  columns: string[];
  values: SqlValue[][];
}

export interface MockPhoneApi extends SnapshottableDevice {
  /** Installed packages, like `pm list packages`. */
  listPackages(): string[];
  /** `getprop` values (ro.product.model, ro.build.version.sdk, …). */
  props(): Record<string, string>;
  /** `settings get|put <namespace> <key>`; namespaces system, secure, global. */
  getSetting(namespace: string, key: string): string | null;
  putSetting(namespace: string, key: string, value: string): void;
  /** Run SQL against an app's database (for `sqlite3` over ADB); throws on SQL errors. */
  execSql(packageName: string, sql: string, params?: SqlValue[]): SqlResult[];
  /** Device path of an app's database, e.g. /data/data/<pkg>/databases/<name>.db. */
  databasePaths(): Record<string, string>; // path → package
  /** Current bytes of an app's database file (for `adb pull`). */
  databaseBytes(packageName: string): Uint8Array;
  /** Replace an app's database with pushed bytes (for `adb push`). */
  replaceDatabase(packageName: string, bytes: Uint8Array): void;
  /** Virtual time, ms since epoch. */
  now(): number;
  /** Whether virtual time also follows the wall clock (see MockPhoneOptions.clock). */
  clockMode?(): ClockMode;
  /**
   * Switches seeded perturbations on (permission dialogs, pop-ups, ads, network errors, slow
   * loading, update prompts, banners, keyboard cover); see docs/mock-phone.md, "Interference".
   * reset() clears them; an empty list switches all off.
   */
  setInterference?(specs: PerturbationSpec[]): void;
  /**
   * Runtime permissions answered on permission dialogs, as "pkg|permission" → allowed/denied
   * (for `dumpsys package <pkg>`, where a verifier reads what was granted).
   */
  permissions?(): Record<string, 'allowed' | 'denied'>;
}
