// A tiny stand-in for MockPhoneApi, ONLY for unit tests of the wire layer (codec, shell,
// services): the shared test device (src/device/testing/) plus the mock phone's extras.
// End-to-end tests use the real mock phone from src/mockphone/index.ts.
import type { DeviceInfo, OpenAppResult, Screenshot, ScreenshotOptions, SqlValue, TypeResult } from '../../../device/device';
import { RecordingDevice } from '../../../device/testing/recording-device';
import type { MockPhoneApi, SqlResult } from '../../mock-phone-api';

export type FakeCall = [string, ...unknown[]];

// A valid 1×1 PNG, so clients that check the signature are satisfied.
export const FAKE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export class FakePhone extends RecordingDevice implements MockPhoneApi {
  typed = '';
  foreground: string | undefined;
  settings = new Map<string, string>();
  db = new Map<string, Uint8Array>([['com.example.notes', Buffer.from('SQLite format 3\0fake-notes-db')]]);

  constructor() {
    super('mock:fake', 'Fake');
    this.uiXml = '<?xml version=\'1.0\' encoding=\'UTF-8\' standalone=\'yes\' ?><hierarchy rotation="0"></hierarchy>';
  }

  /** The recorded calls as [op, ...args] (trailing unset arguments left out). */
  get ops(): FakeCall[] {
    return this.calls.map(({ op, args }) => {
      const a = [...args];
      while (a.length && a[a.length - 1] === undefined) a.pop();
      return [op, ...a];
    });
  }

  override async info(): Promise<DeviceInfo> { return { serial: 'fake', model: this.model }; }
  override async screenshot(_o?: ScreenshotOptions): Promise<Screenshot> { this.record('screenshot'); return { format: 'png', data: FAKE_PNG, width: 1, height: 1 }; }
  override async typeText(text: string): Promise<TypeResult> { this.typed += text; return super.typeText(text); }
  override async openApp(pkg: string): Promise<OpenAppResult> { this.foreground = pkg; return super.openApp(pkg); }
  override async closeApp(pkg: string): Promise<void> { this.foreground = undefined; return super.closeApp(pkg); }
  override async foregroundApp(): Promise<string | undefined> { return this.foreground; }
  override async close(): Promise<void> {}
  async snapshot(): Promise<unknown> { return {}; }
  async restore(): Promise<void> {}
  async reset(): Promise<void> {}
  listPackages(): string[] { return ['com.android.settings', 'com.example.notes']; }
  props(): Record<string, string> {
    return { 'ro.product.model': 'PhoneBuddy Mock', 'ro.product.name': 'phonebuddy_mock', 'ro.product.device': 'mock', 'ro.build.version.sdk': '34', 'ro.product.manufacturer': 'PhoneBuddy' };
  }
  getSetting(ns: string, key: string): string | null { return this.settings.get(`${ns}/${key}`) ?? null; }
  putSetting(ns: string, key: string, value: string): void { this.settings.set(`${ns}/${key}`, value); }
  execSql(pkg: string, sql: string, _params?: SqlValue[]): SqlResult[] {
    if (!this.db.has(pkg)) throw new Error(`no database for ${pkg}`);
    if (/no_such/.test(sql)) throw new Error('no such table: no_such');
    return [{ columns: ['id', 'title', 'done'], values: [[1, 'Buy milk', null], [2, 'a|b', 1]] }];
  }
  databasePaths(): Record<string, string> { return { '/data/data/com.example.notes/databases/notes.db': 'com.example.notes' }; }
  databaseBytes(pkg: string): Uint8Array { return this.db.get(pkg) ?? new Uint8Array(); }
  replaceDatabase(pkg: string, bytes: Uint8Array): void { this.db.set(pkg, bytes); }
  now(): number { return Date.UTC(2026, 2, 2, 9, 30); }
}
