// Android's settings provider (`settings get|put system|secure|global`), kept in a SQLite
// database shaped like the platform's settings.db, so verifiers read it with SQL like any app.
import type { AppDatabase } from '../runtime/database';

export const SETTINGS_PACKAGE = 'com.android.providers.settings';
export const SETTINGS_DB_FILE = 'settings.db';
export const SETTINGS_NAMESPACES = ['system', 'secure', 'global'] as const;
export type SettingsNamespace = (typeof SETTINGS_NAMESPACES)[number];

export const SETTINGS_SCHEMA = SETTINGS_NAMESPACES.map((ns) =>
  `CREATE TABLE ${ns} (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE ON CONFLICT REPLACE, value TEXT);`).join('\n');

/** Defaults of a fresh phone. */
export const SETTINGS_DEFAULTS: Record<SettingsNamespace, Record<string, string>> = {
  system: { screen_brightness: '128', screen_brightness_mode: '0', font_scale: '1.0', screen_off_timeout: '60000', time_12_24: '12' },
  secure: { ui_night_mode: '1', android_id: 'a1b2c3d4e5f60718', default_input_method: 'com.phonebuddy.keyboard/.Ime' },
  global: { wifi_on: '1', bluetooth_on: '0', airplane_mode_on: '0', mobile_data: '1', device_name: 'PhoneBuddy Mock', auto_time: '1' },
};

export function isNamespace(ns: string): ns is SettingsNamespace {
  return (SETTINGS_NAMESPACES as readonly string[]).includes(ns);
}

export class SettingsStore {
  private cache?: { stateId: string; values: Map<string, string> };

  constructor(private db: () => AppDatabase) {}

  seed(): void {
    const db = this.db();
    db.script(SETTINGS_SCHEMA);
    for (const ns of SETTINGS_NAMESPACES) {
      for (const [k, v] of Object.entries(SETTINGS_DEFAULTS[ns])) db.run(`INSERT INTO ${ns} (name, value) VALUES (?, ?)`, [k, v]);
    }
  }

  private values(): Map<string, string> {
    const db = this.db();
    if (this.cache?.stateId !== db.stateId) {
      const values = new Map<string, string>();
      for (const ns of SETTINGS_NAMESPACES) {
        try {
          for (const r of db.query(`SELECT name, value FROM ${ns}`)) values.set(`${ns}/${String(r.name)}`, r.value === null ? '' : String(r.value));
        } catch {
          // a pushed database without this table: the namespace reads as empty
        }
      }
      this.cache = { stateId: db.stateId, values };
    }
    return this.cache.values;
  }

  get(ns: SettingsNamespace, key: string): string | null {
    return this.values().get(`${ns}/${key}`) ?? null;
  }

  put(ns: SettingsNamespace, key: string, value: string): void {
    this.db().run(`INSERT INTO ${ns} (name, value) VALUES (?, ?)`, [key, value]);
  }

  flag(ns: SettingsNamespace, key: string): boolean {
    const v = this.get(ns, key);
    return v !== null && v !== '0' && v !== 'false';
  }
}
