// Seed helper: many rows in a few multi-row INSERTs (reset() re-seeds every app, so seeding
// hundreds of rows one statement at a time would show up in every episode's setup).
import type { AppDb } from '../app';

export type Row = (string | number | null)[];

/** `target` is "table (col, …)"; rows go in chunks of 50 with bound parameters. */
export function insertRows(db: AppDb, target: string, rows: Row[]): void {
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50);
    const one = `(${chunk[0].map(() => '?').join(', ')})`;
    db.run(`INSERT INTO ${target} VALUES ${chunk.map(() => one).join(', ')}`, chunk.flat());
  }
}
