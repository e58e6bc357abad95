// What the task checker knows about apps: their packages and their databases' tables and
// columns, read from the mock phone's app registry (each app's own schema), never from a copy.
// SQL is checked by SQLite itself: statements are prepared on an in-memory database that has
// the app's schema loaded, so syntax and unknown table/column errors are SQLite's own.
import type { Database, SqlJsStatic } from 'sql.js';

export interface AppSchemaSource {
  packageName: string;
  label?: string;
  /** CREATE TABLE … statements of the app's database. */
  schemaSql: string;
}

export interface ColumnInfo {
  name: string;
  type: string;
  notNull: boolean;
  primaryKey: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
}

export interface StatementCheck {
  /** SQLite's error message, when the statement does not compile. */
  error?: string;
  statements: number;
  readOnly: boolean;
  /** Result column names of the (last) statement, for checking `row.<column>` in CEL. */
  columns?: string[];
}

/** A named perturbation the device can switch on, with its parameters' docs. */
export interface PerturbationInfo {
  name: string;
  params: Record<string, string>;
}

export interface AppCatalog {
  packages(): string[];
  /** Perturbations the mock phone knows (setup.perturbations). */
  perturbations?(): PerturbationInfo[];
  label(pkg: string): string | undefined;
  has(pkg: string): boolean;
  tables(pkg: string): TableInfo[];
  checkSql(pkg: string, sql: string): StatementCheck;
}

export function createAppCatalog(SQL: SqlJsStatic, sources: readonly AppSchemaSource[], perturbations: PerturbationInfo[] = []): AppCatalog {
  const dbs = new Map<string, Database>();
  const tableCache = new Map<string, TableInfo[]>();
  const labels = new Map(sources.map((s) => [s.packageName, s.label]));
  const schemas = new Map(sources.map((s) => [s.packageName, s.schemaSql]));

  function db(pkg: string): Database | undefined {
    let d = dbs.get(pkg);
    if (!d && schemas.has(pkg)) {
      d = new SQL.Database();
      d.exec(schemas.get(pkg)!);
      dbs.set(pkg, d);
    }
    return d;
  }

  return {
    packages: () => [...schemas.keys()].sort(),
    perturbations: () => perturbations,
    label: (pkg) => labels.get(pkg),
    has: (pkg) => schemas.has(pkg),
    tables(pkg) {
      const hit = tableCache.get(pkg);
      if (hit) return hit;
      const d = db(pkg);
      if (!d) return [];
      const names = d.exec("SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY name")[0]?.values.map((r) => String(r[0])) ?? [];
      const tables = names.map((name) => ({
        name,
        columns: (d.exec(`PRAGMA table_info("${name.replace(/"/g, '""')}")`)[0]?.values ?? []).map((r) => ({
          name: String(r[1]), type: String(r[2]), notNull: r[3] === 1, primaryKey: Number(r[5]) > 0,
        })),
      }));
      tableCache.set(pkg, tables);
      return tables;
    },
    checkSql(pkg, sql) {
      const d = db(pkg);
      if (!d) return { error: `unknown app ${pkg}`, statements: 0, readOnly: false };
      let statements = 0;
      let columns: string[] | undefined;
      try {
        for (const stmt of d.iterateStatements(sql)) {
          statements++;
          columns = stmt.getColumnNames();
          stmt.free();
        }
      } catch (e) {
        return { error: e instanceof Error ? e.message : String(e), statements, readOnly: false };
      }
      return { statements, readOnly: /^\s*(select|with)\b/i.test(sql), ...(columns ? { columns } : {}) };
    },
  };
}

export function emptyCatalog(): AppCatalog {
  return {
    packages: () => [],
    label: () => undefined,
    has: () => false,
    tables: () => [],
    checkSql: () => ({ statements: 1, readOnly: true }),
  };
}
