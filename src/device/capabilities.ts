// What some devices can do beyond `Device` (most of it only the mock phone): each capability is
// an optional method named here once, with its signature, and callers ask `can(device, name)`
// before using it instead of casting the device to a shape of their own. Snapshots keep their
// own guard (isSnapshottable in device.ts): they come as a set of three.
import type { Device, SqlValue } from './device';

/** One interference (perturbation) as the task's setup names it. */
export interface InterferenceSpec {
  name: string;
  probability?: number;
  params?: Record<string, unknown>;
  apps?: string[];
  maxShows?: number;
}

export interface DeviceCapabilities {
  /** Each app database's file path → its package. */
  databasePaths(): Record<string, string>;
  /** An app database's file, as bytes (for fingerprints of the state). */
  databaseBytes(packageName: string): Uint8Array;
  /** Run SQL that writes (setup fixtures, check's constructed rows). */
  execSql(packageName: string, sql: string, params?: SqlValue[]): unknown;
  setLocale(locale: string): void | Promise<void>;
  /** System properties (`getprop`), e.g. persist.sys.locale. */
  props(): Record<string, string>;
  /** The current frame as RGBA bytes, without encoding it. */
  rawPixels(): Buffer;
  setTime(msSinceEpoch: number): void | Promise<void>;
  now(): number;
  setClipboard(text: string): void | Promise<void>;
  /** The mock phone's interference engine: rolls each perturbation's probability itself. */
  setInterference(specs: InterferenceSpec[]): void;
  install(apkPath: string): Promise<void>;
  push(localPath: string, remotePath: string): Promise<void>;
  /** Select all text of the focused field; false when nothing is focused. */
  selectAllText(): Promise<boolean>;
  clockMode(): 'virtual' | 'wall';
  wallClockRate(): number;
}

export type Capability = keyof DeviceCapabilities;

/** Whether the device has that capability (the method exists); narrows it for the call. */
export function can<K extends Capability>(device: Device | undefined, name: K): device is Device & Pick<DeviceCapabilities, K> {
  return typeof (device as Partial<DeviceCapabilities> | undefined)?.[name] === 'function';
}
