// Settings and app databases as the outside sees them (`settings get|put`, `sqlite3`, adb
// pull/push): argument checks, SQL errors as DeviceErrors, and a change bump on writes.
import type { QueryOptions, SqlRow, SqlValue } from '../../device/device';
import { boundedQuery } from '../../device/bounded-sql/bounded-sql';
import { DeviceError } from '../../device/errors';
import type { SqlResult } from '../mock-phone-api';
import type { AppDatabase } from '../runtime/database';
import { isNamespace, SETTINGS_DB_FILE, SETTINGS_PACKAGE } from '../system/settings-store';
import type { PhoneCore } from './phone-core';

export class AppData {
  constructor(private readonly core: PhoneCore) {}

  getSetting(namespace: string, key: string): string | null {
    this.core.live();
    if (!isNamespace(namespace)) throw new DeviceError('invalid-argument', `namespace must be system, secure or global, got ${JSON.stringify(namespace)}`, this.core.id);
    return this.core.settings.get(namespace, key);
  }

  putSetting(namespace: string, key: string, value: string): void {
    this.core.live();
    if (!isNamespace(namespace)) throw new DeviceError('invalid-argument', `namespace must be system, secure or global, got ${JSON.stringify(namespace)}`, this.core.id);
    if (typeof key !== 'string' || key === '') throw new DeviceError('invalid-argument', 'key must be a non-empty string', this.core.id);
    this.core.settings.put(namespace, key, String(value));
    this.core.bump();
  }

  private db(pkg: string): AppDatabase {
    if (typeof pkg !== 'string') throw new DeviceError('invalid-argument', `packageName must be a string, got ${JSON.stringify(pkg)}`, this.core.id);
    const db = this.core.dbs.get(pkg);
    if (!db) throw new DeviceError('invalid-argument', `packageName ${pkg} has no database (packages with one: ${[...this.core.dbs.keys()].join(', ')})`, this.core.id);
    return db;
  }

  execSql(packageName: string, sql: string, params: SqlValue[] = []): SqlResult[] {
    this.core.live();
    if (typeof sql !== 'string') throw new DeviceError('invalid-argument', 'sql must be a string', this.core.id);
    const db = this.db(packageName);
    try {
      const before = db.stateId;
      const out = db.exec(sql, params);
      if (db.stateId !== before) this.core.bump();
      return out;
    } catch (e) {
      if (e instanceof DeviceError) throw e;
      throw new DeviceError('command-failed', `SQL error in ${packageName}: ${e instanceof Error ? e.message : String(e)}`, this.core.id, { cause: e });
    }
  }

  async queryApp(packageName: string, sql: string, params: SqlValue[] = [], options: QueryOptions = {}): Promise<SqlRow[]> {
    this.core.live();
    if (!Array.isArray(params)) throw new DeviceError('invalid-argument', 'params must be an array', this.core.id);
    if (options.timeoutMs !== undefined) {
      // A bounded query (a verifier's, the debugger's) runs on the query thread, on a read-only
      // copy of the database, whatever its shape: only there can it be stopped (see bounded-sql.ts).
      const db = this.db(packageName);
      return boundedQuery({ key: `${this.core.id}|${packageName}`, stateId: db.stateId, bytes: () => db.bytes() }, sql, params, { timeoutMs: options.timeoutMs })
        .catch((e: unknown) => { throw new DeviceError('command-failed', `SQL error in ${packageName}: ${e instanceof Error ? e.message : String(e)}`, this.core.id, { cause: e }); });
    }
    const res = this.execSql(packageName, sql, params);
    const last = res[res.length - 1];
    if (!last) return [];
    return last.values.map((vals) => Object.fromEntries(last.columns.map((c, i) => [c, vals[i]])));
  }

  /** The file name of a package's database (apps without a declared one get app.db). */
  databaseFile(pkg: string): string {
    return pkg === SETTINGS_PACKAGE ? SETTINGS_DB_FILE : this.core.apps.get(pkg)?.database?.file ?? 'app.db';
  }

  databasePaths(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const pkg of this.core.dbs.keys()) out[`/data/data/${pkg}/databases/${this.databaseFile(pkg)}`] = pkg;
    return out;
  }

  databaseBytes(packageName: string): Uint8Array {
    this.core.live();
    return this.db(packageName).bytes();
  }

  replaceDatabase(packageName: string, bytes: Uint8Array): void {
    this.core.live();
    if (!(bytes instanceof Uint8Array)) throw new DeviceError('invalid-argument', 'bytes must be a Uint8Array', this.core.id);
    this.db(packageName).load(bytes.slice()); // our copy: the caller may reuse its buffer
    this.core.bump();
  }
}
