// A small in-memory Device for the task language's own tests: app databases in sql.js, a
// settable UI tree, a scripted shell. Not a mock phone — just enough to exercise verifiers.
import type { Device, SqlRow, SqlValue } from '../../device/device';
import { loadSql } from '../../mockphone/runtime/database';
import type { Database } from 'sql.js';

export interface FakeDevice extends Device {
  dbs: Map<string, Database>;
  xml: string;
  shellOutputs: Map<string, { stdout: string; exitCode: number }>;
  shellLog: string[];
  execSql(pkg: string, sql: string, params?: SqlValue[]): void;
}

export async function createFakeDevice(schemas: Record<string, string>, xml = '<hierarchy rotation="0"/>'): Promise<FakeDevice> {
  const SQL = await loadSql();
  const dbs = new Map<string, Database>();
  for (const [pkg, schema] of Object.entries(schemas)) {
    const db = new SQL.Database();
    db.exec(schema);
    dbs.set(pkg, db);
  }
  const notSupported = async () => { throw new Error('not supported by the fake device'); };
  const dev: FakeDevice = {
    id: 'fake:1', kind: 'mock', dbs, xml, shellOutputs: new Map(), shellLog: [],
    info: async () => ({ serial: 'fake', model: 'Fake' }),
    screenInfo: async () => ({ width: 1080, height: 2400, density: 440 }),
    screenshot: notSupported,
    uiTree: async () => dev.xml,
    tap: async () => {}, doubleTap: async () => {}, longPress: async () => {}, swipe: async () => {}, drag: async () => {},
    typeText: async () => ({ method: 'mock', delivered: true }),
    pressKey: async () => {},
    openApp: async () => ({ ok: true }), closeApp: async () => {},
    foregroundApp: async () => undefined,
    wait: async () => {},
    async queryApp(pkg, sql, params = []) {
      const db = dbs.get(pkg);
      if (!db) throw new Error(`no app ${pkg}`);
      const stmt = db.prepare(sql);
      stmt.bind(params as never);
      const rows: SqlRow[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as SqlRow);
      stmt.free();
      return rows;
    },
    execSql(pkg, sql, params = []) {
      dbs.get(pkg)!.run(sql, params as never);
    },
    async shell(command) {
      dev.shellLog.push(command);
      return dev.shellOutputs.get(command) ?? { stdout: '', exitCode: 127 };
    },
    onEvent: () => () => {},
    close: async () => {},
  };
  return dev;
}

export const MESSAGES_SCHEMA = `
CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE messages (id INTEGER PRIMARY KEY, address TEXT NOT NULL, body TEXT NOT NULL, type TEXT NOT NULL DEFAULT 'sent', ts INTEGER);
`;
