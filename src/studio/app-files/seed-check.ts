// Whether an app's seed is deterministic: the same seed must give the same database bytes, as
// the phone seeds it (src/mockphone/phone/lifecycle.ts: schema, then the seed with the seed's
// rng forked by package, the locale and the start time). Each seed is run twice in each locale;
// a seed that throws, or two runs that differ, is a problem naming the table and row that
// differ and the line that declares the table — a YAML seed draws only from the seed, so a
// difference comes from SQL that reads the clock or random() (a column default, a trigger).
import fs from 'node:fs';
import type { SqlJsStatic } from 'sql.js';
import { LOCALES, translate, type AppManifest, type Locale } from '../../mockphone/apps/app';
import { AppDatabase } from '../../mockphone/runtime/database';
import { SeededRandom } from '../../mockphone/runtime/random';
import { DEFAULT_START_TIME } from '../../mockphone/phone/phone-state';
import type { Diagnostic } from '../../task/diagnostic';

export interface SeedProblem {
  message: string;
  /** The table whose rows differ (a nondeterministic seed). */
  table?: string;
}

/** One seeding of the app's database, as the phone does it: its bytes (throws what the seed throws). */
export function seedBytes(sql: SqlJsStatic, app: AppManifest, seed: number, locale: Locale): Uint8Array {
  const spec = app.database!;
  const db = new AppDatabase(sql, app.package, spec.file);
  try {
    db.script(spec.schema);
    spec.seed?.(db, { seed, rng: new SeededRandom(seed).fork(app.package), locale, now: DEFAULT_START_TIME, t: (key, params) => translate(app.strings, locale, key, params) });
    return db.bytes().slice();
  } finally {
    db.close();
  }
}

/** Seeds each of `seeds` twice in every locale; the first problem, if any. */
export function seedProblem(sql: SqlJsStatic, app: AppManifest, seeds: readonly number[] = [0]): SeedProblem | undefined {
  if (!app.database?.seed) return undefined;
  for (const seed of seeds) {
    for (const locale of LOCALES) {
      const runs: Uint8Array[] = [];
      for (let run = 0; run < 2; run++) {
        try {
          runs.push(seedBytes(sql, app, seed, locale));
        } catch (e) {
          return { message: `the seed fails (${locale}${seed === 0 ? '' : `, seed ${seed}`}): ${e instanceof Error ? e.message : String(e)}` };
        }
      }
      if (!Buffer.from(runs[0]).equals(Buffer.from(runs[1]))) {
        const diff = firstDifference(sql, runs[0], runs[1]);
        const where = diff ? `: ${diff.table} differs at row ${diff.row}${diff.column ? `, column ${diff.column} (${diff.a} vs ${diff.b})` : ''} — SQL that reads the clock or random() (a column default, a trigger)?` : '';
        return { message: `the seed is not deterministic (${locale}, seed ${seed}): two seedings gave different databases${where}`, ...(diff ? { table: diff.table } : {}) };
      }
    }
  }
  return undefined;
}

interface Difference {
  table: string;
  row: number;
  column?: string;
  a?: string;
  b?: string;
}

/** The first table, row and column where two databases' contents differ (undefined: only the file layout does). */
function firstDifference(sql: SqlJsStatic, a: Uint8Array, b: Uint8Array): Difference | undefined {
  const [da, db] = [new sql.Database(a), new sql.Database(b)];
  try {
    const tables = da.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")[0]?.values.map((v) => String(v[0])) ?? [];
    for (const table of tables) {
      const q = `SELECT * FROM "${table.replace(/"/g, '""')}" ORDER BY rowid`;
      const [ra, rb] = [da.exec(q)[0], db.exec(q)[0]];
      const rows = Math.max(ra?.values.length ?? 0, rb?.values.length ?? 0);
      for (let r = 0; r < rows; r++) {
        const [xa, xb] = [ra?.values[r], rb?.values[r]];
        if (!xa || !xb) return { table, row: r + 1 };
        const c = xa.findIndex((v, i) => String(v) !== String(xb[i]));
        if (c >= 0) return { table, row: r + 1, column: ra.columns[c], a: String(xa[c]), b: String(xb[c]) };
      }
    }
    return undefined;
  } finally {
    da.close();
    db.close();
  }
}

/**
 * The problem as a diagnostic of the app file, at the line it names ("file:line: …", as the
 * seed runtime names a row or generator that fails), else at the CREATE TABLE of the table that
 * differs, else at `seed:`.
 */
export function seedDiagnostic(file: string, problem: SeedProblem): Diagnostic {
  const m = /(?:^|\(|: )([^():]+?\.app\.(?:yaml|ts)):(\d+): /.exec(problem.message);
  let at = { file, line: 1 };
  if (m) at = { file: m[1], line: Number(m[2]) };
  else {
    let lines: string[] = [];
    try {
      lines = fs.readFileSync(file, 'utf8').split('\n');
    } catch { /* the file went away since it was loaded: line 1 */ }
    const escaped = (problem.table ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const create = problem.table ? lines.findIndex((l) => new RegExp(`CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?["\`[]?${escaped}\\b`, 'i').test(l)) : -1;
    const seed = lines.findIndex((l) => /^\s+seed\s*:/.test(l));
    at.line = (create >= 0 ? create : seed) + 1 || 1;
  }
  return { file: at.file, line: at.line, column: 1, endLine: at.line, endColumn: 1, severity: 'error', message: problem.message };
}
