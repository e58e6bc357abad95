// `sqlite3 [-header] [-separator S] <db> [sql]` on a mock app's database, printing rows the
// way sqlite3's default list mode does: values joined by '|', NULL as an empty string.
import type { SqlValue } from '../../../../device/device';
import { CommandError, type ShellCommand } from '../env';
import { DeviceFiles } from '../../device-files';

function show(v: SqlValue): string | Buffer {
  if (v === null) return '';
  if (v instanceof Uint8Array) return Buffer.from(v);
  return String(v);
}

export const sqlite3: ShellCommand = (args, io, env) => {
  let header = false;
  let separator = '|';
  const rest: string[] = [];
  for (let k = 0; k < args.length; k++) {
    if (args[k] === '-header') header = true;
    else if (args[k] === '-noheader') header = false;
    else if (args[k] === '-separator') separator = args[++k] ?? '|';
    else if (args[k] === '-list' || args[k] === '-batch' || args[k] === '-bail') continue;
    else rest.push(args[k]);
  }
  const [db, ...sqlParts] = rest;
  if (!db) throw new CommandError('Usage: sqlite3 [OPTIONS] FILENAME [SQL]');
  const pkg = env.phone.databasePaths()[DeviceFiles.normalize(db)];
  if (!pkg) throw new CommandError(`Error: unable to open database "${db}": unable to open database file`);
  const sql = sqlParts.length ? sqlParts.join(' ') : io.stdin.toString('utf8');
  let results;
  try {
    results = env.phone.execSql(pkg, sql);
  } catch (err) {
    throw new CommandError(`Error: ${err instanceof Error ? err.message : String(err)}`);
  }
  for (const r of results) {
    if (header) io.out(r.columns.join(separator) + '\n');
    for (const row of r.values) {
      row.forEach((v, k) => {
        if (k > 0) io.out(separator);
        io.out(show(v));
      });
      io.out('\n');
    }
  }
  return 0;
};
