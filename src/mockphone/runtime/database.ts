// One SQLite database per app, in WASM (sql.js) so it loads in any Node and in VS Code's
// extension host. Each database carries a `stateId` that changes on every write, so a
// snapshot exports only databases that changed and a restore reopens only databases whose
// contents differ — that keeps snapshot + restore within a few milliseconds.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import initSqlJs, { type Database, type SqlJsStatic, type Statement } from 'sql.js';
import type { SqlRow, SqlValue } from '../../device/device';
import type { SqlResult } from '../mock-phone-api';
import { packageRoot } from './package-root';

let sqlPromise: Promise<SqlJsStatic> | undefined;
// State ids are unique across threads and processes (a snapshot may cross to a worker), so a
// restore never mistakes another phone's database for the one it holds.
const ID_PREFIX = randomUUID().slice(0, 8);
let counter = 1;
const nextStateId = (): string => `${ID_PREFIX}:${counter++}`;

/** Where sql-wasm.wasm is: beside the bundle (dist/) or in node_modules when running from source. */
export function locateSqlWasm(): string {
  const root = packageRoot();
  const candidates = [
    path.join(__dirname, 'sql-wasm.wasm'),
    path.join(root, 'dist', 'sql-wasm.wasm'),
    path.join(root, 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm'),
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  // Emscripten aborts the whole process on a missing wasm, so check before initialising.
  if (!found) throw new Error(`sql-wasm.wasm not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function loadSql(): Promise<SqlJsStatic> {
  if (!sqlPromise) {
    const wasmBinary = fs.readFileSync(locateSqlWasm());
    const buf = wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) as ArrayBuffer;
    sqlPromise = initSqlJs({ wasmBinary: buf });
  }
  return sqlPromise;
}

/** Prepared statements kept per database (a screen's few queries; a bound on text built per call). */
const MAX_STATEMENTS = 64;

/**
 * What every connection is opened with. foreign_keys: the apps' schemas rely on it.
 * locking_mode = EXCLUSIVE: each database is one connection in sql.js's in-memory file system
 * and every other reader works on exported bytes (snapshots, `adb pull`, bounded queries, the
 * check's copies), so no other connection ever shares the file; in the normal mode SQLite takes
 * and drops its lock around every statement and looks at the file again (a hot-journal check,
 * a JS file-system lookup) each time — about half of a screen's short query. Exclusive, it
 * locks once and keeps the lock.
 */
const OPEN_PRAGMAS = 'PRAGMA foreign_keys = ON; PRAGMA locking_mode = EXCLUSIVE;';

const READ_ONLY = /^\s*(select|explain|pragma\s+\w+\s*;?\s*$|with\b[\s\S]*\bselect\b(?![\s\S]*\b(insert|update|delete|replace)\b))/i;

export class AppDatabase {
  private opened?: Database;
  /** Bytes the database opens from on first use (see `unopened`); this database's own copy. */
  private pending?: Uint8Array;
  private exported?: { stateId: string; bytes: Uint8Array };
  stateId = nextStateId();

  /** `stateId`: the id of the content `bytes` hold, when it has one (seeded bytes do). */
  constructor(private sql: SqlJsStatic, readonly packageName: string, readonly fileName: string, bytes?: Uint8Array, stateId?: string, onFirstUse = false) {
    if (stateId !== undefined) this.stateId = stateId;
    if (onFirstUse && bytes) {
      this.pending = bytes;
      return;
    }
    this.opened = new sql.Database(bytes);
    this.opened.exec(OPEN_PRAGMAS);
    if (bytes) this.exported = { stateId: this.stateId, bytes };
  }

  /**
   * A database opened from `bytes` when it is first used. A reset gives every app its seeded
   * database, but an episode touches two or three of the phone's thirty-odd apps: opening all of
   * them (a copy into SQLite's memory file system each) was most of a new phone's time in `check`.
   * `bytes` must be this database's own copy: nobody else may change or transfer them.
   */
  static unopened(sql: SqlJsStatic, packageName: string, fileName: string, bytes: Uint8Array, stateId: string): AppDatabase {
    return new AppDatabase(sql, packageName, fileName, bytes, stateId, true);
  }

  private get db(): Database {
    if (!this.opened) {
      this.opened = new this.sql.Database(this.pending);
      this.opened.exec(OPEN_PRAGMAS);
      this.pending = undefined;
    }
    return this.opened;
  }

  /**
   * Prepared read statements by their text, reused (reset, bound again) by the next query of
   * the same text: compiling the SQL was a third to a half of a screen's query, and a screen
   * runs the same few texts on every render. Oldest first out past MAX_STATEMENTS; all freed
   * when the database is replaced or closed.
   */
  private readonly statements = new Map<string, Statement>();

  /** Read rows (the statement must not write: use run() for writes). */
  query(sqlText: string, params: SqlValue[] = []): SqlRow[] {
    const stmt = this.prepared(sqlText);
    try {
      stmt.bind(params as never);
      // getAsObject() would read every column's name out of SQLite again for every row (a
      // third of a short list screen's query): names once, then each row's values.
      const rows: SqlRow[] = [];
      let names: string[] | undefined;
      while (stmt.step()) {
        const values = stmt.get();
        names ??= stmt.getColumnNames();
        const row: SqlRow = {};
        for (let i = 0; i < names.length; i++) {
          // A column named __proto__ is a field, as getAsObject made it, not the row's prototype.
          if (names[i] === '__proto__') Object.defineProperty(row, '__proto__', { value: values[i], enumerable: true, writable: true, configurable: true });
          else row[names[i]] = values[i] as SqlValue;
        }
        rows.push(row);
      }
      return rows;
    } finally {
      // Reset at once, not at the next bind: a statement left mid-way (a throw) would hold its read open.
      stmt.reset();
    }
  }

  /** The statement of `sqlText`, prepared on its first query. */
  private prepared(sqlText: string): Statement {
    const hit = this.statements.get(sqlText);
    if (hit) return hit;
    const stmt = this.db.prepare(sqlText);
    if (this.statements.size >= MAX_STATEMENTS) {
      const [oldest, old] = this.statements.entries().next().value!;
      this.statements.delete(oldest);
      old.free();
    }
    this.statements.set(sqlText, stmt);
    return stmt;
  }

  private forgetStatements(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
  }

  /** Run one writing statement; returns the last insert rowid. */
  run(sqlText: string, params: SqlValue[] = []): number {
    this.touch();
    this.db.run(sqlText, params as never);
    const r = this.db.exec('SELECT last_insert_rowid()');
    return Number(r[0]?.values[0]?.[0] ?? 0);
  }

  /** Run a script (schema, seed). */
  script(sqlText: string): void {
    this.touch();
    this.db.exec(sqlText);
  }

  /** Any SQL, as `sqlite3` would run it; writes are detected conservatively. */
  exec(sqlText: string, params: SqlValue[] = []): SqlResult[] {
    if (!READ_ONLY.test(sqlText)) this.touch();
    return this.db.exec(sqlText, params as never).map((r) => ({ columns: r.columns, values: r.values as SqlValue[][] }));
  }

  touch(): void {
    this.stateId = nextStateId();
  }

  /** The database file's bytes; cached until the next write. */
  bytes(): Uint8Array {
    // Snapshots share these bytes; a caller that transferred them to a worker detached them
    // (byteLength 0), so export again then.
    if (this.exported?.stateId !== this.stateId || this.exported.bytes.byteLength === 0) {
      if (this.pending) {
        // Not opened yet: its bytes are the content, copied (a caller may transfer them).
        this.exported = { stateId: this.stateId, bytes: this.pending.slice() };
        return this.exported.bytes;
      }
      const bytes = this.db.export();
      this.db.exec(OPEN_PRAGMAS); // sql.js before 1.17 reopened the database in export(), resetting pragmas
      this.exported = { stateId: this.stateId, bytes };
    }
    return this.exported.bytes;
  }

  /** Replaces the contents with `bytes`; skipped when they are already what we hold. */
  load(bytes: Uint8Array, stateId?: string): void {
    if (stateId !== undefined && stateId === this.stateId) return;
    this.forgetStatements();
    this.opened?.close();
    this.pending = undefined;
    this.opened = new this.sql.Database(bytes);
    this.opened.exec(OPEN_PRAGMAS);
    this.stateId = stateId ?? nextStateId();
    this.exported = { stateId: this.stateId, bytes };
  }

  close(): void {
    this.forgetStatements();
    this.opened?.close();
    this.pending = undefined;
  }
}
