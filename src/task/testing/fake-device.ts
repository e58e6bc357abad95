// A small in-memory Device for the task language's own tests: the shared test device
// (src/device/testing/) plus app databases in sql.js, a settable UI tree and a scripted shell.
// Not a mock phone — just enough to exercise verifiers.
import type { Screenshot, SqlRow, SqlValue } from '../../device/device';
import { RecordingDevice } from '../../device/testing/recording-device';
import { loadSql } from '../../mockphone/runtime/database';
import type { Database } from 'sql.js';

export class FakeDevice extends RecordingDevice {
  readonly shellOutputs = new Map<string, { stdout: string; exitCode: number }>();
  readonly shellLog: string[] = [];

  constructor(readonly dbs: Map<string, Database>, xml: string) {
    super('fake:1', 'Fake');
    this.uiXml = xml;
  }

  /** The UI tree the device answers with (tests replace it between steps). */
  get xml(): string { return this.uiXml; }
  set xml(v: string) { this.uiXml = v; }

  override async screenshot(): Promise<Screenshot> {
    throw new Error('not supported by the fake device');
  }

  async queryApp(pkg: string, sql: string, params: SqlValue[] = []): Promise<SqlRow[]> {
    const db = this.dbs.get(pkg);
    if (!db) throw new Error(`no app ${pkg}`);
    const stmt = db.prepare(sql);
    stmt.bind(params as never);
    const rows: SqlRow[] = [];
    while (stmt.step()) rows.push(stmt.getAsObject() as SqlRow);
    stmt.free();
    return rows;
  }

  execSql(pkg: string, sql: string, params: SqlValue[] = []): void {
    this.dbs.get(pkg)!.run(sql, params as never);
  }

  async shell(command: string): Promise<{ stdout: string; exitCode: number }> {
    this.shellLog.push(command);
    return this.shellOutputs.get(command) ?? { stdout: '', exitCode: 127 };
  }

  // Verifier tests reuse one device after a run closes it: closing keeps it usable.
  override async close(): Promise<void> {}
}

export async function createFakeDevice(schemas: Record<string, string>, xml = '<hierarchy rotation="0"/>'): Promise<FakeDevice> {
  const SQL = await loadSql();
  const dbs = new Map<string, Database>();
  for (const [pkg, schema] of Object.entries(schemas)) {
    const db = new SQL.Database();
    db.exec(schema);
    dbs.set(pkg, db);
  }
  return new FakeDevice(dbs, xml);
}

export const MESSAGES_SCHEMA = `
CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE messages (id INTEGER PRIMARY KEY, address TEXT NOT NULL, body TEXT NOT NULL, type TEXT NOT NULL DEFAULT 'sent', ts INTEGER);
`;
