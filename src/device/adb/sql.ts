// sql.js for querying databases pulled from a phone. The wasm must exist before init:
// a missing file makes Emscripten abort the whole process.
import fs from 'node:fs';
import path from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { SqlRow, SqlValue } from '../device';
import { DeviceError } from '../errors';

let sqlJs: Promise<SqlJsStatic> | undefined;

function wasmPath(): string {
  const candidates = [
    path.join(__dirname, 'sql-wasm.wasm'),
    path.join(process.cwd(), 'dist', 'sql-wasm.wasm'),
    path.join(process.cwd(), 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm'),
  ];
  try {
    candidates.push(require.resolve('sql.js/dist/sql-wasm.wasm'));
  } catch { /* not resolvable from a bundle */ }
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new DeviceError('unsupported', `sql-wasm.wasm not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (async () => {
    const buf = fs.readFileSync(wasmPath());
    return initSqlJs({ wasmBinary: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer });
  })();
  sqlJs.catch(() => { sqlJs = undefined; }); // let a later call retry
  return sqlJs;
}

/** Runs `sql` on database bytes; returns the rows of the last statement that produced any. */
export async function queryDatabaseBytes(bytes: Uint8Array, sql: string, params: SqlValue[] = []): Promise<SqlRow[]> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(bytes);
  try {
    const results = db.exec(sql, params as never);
    const last = results[results.length - 1];
    if (!last) return [];
    return last.values.map((vals) => Object.fromEntries(last.columns.map((c, k) => [c, vals[k] as SqlValue])));
  } finally {
    db.close();
  }
}
