// Other values a param could take, for param mutants: the rest of its domain, and — when its
// value names an entity in the seeded data (a contact, a hotel) — other rows of that column.
import type { Device } from '../../device/device';
import type { AppCatalog } from '../app-catalog';
import type { TaskInstance } from '../runnable';

const MAX_ALTERNATIVES = 3;

const ident = (s: string): string => `"${s.replace(/"/g, '""')}"`;

export interface Siblings {
  /** Other values per param. */
  alternatives: Record<string, unknown[]>;
  /** String params whose value appears in some app's data (an entity: a contact, a hotel). */
  found: Set<string>;
}

export async function siblingValues(device: Device, catalog: AppCatalog, instance: TaskInstance): Promise<Siblings> {
  const out: Record<string, unknown[]> = {};
  const found = new Set<string>();
  for (const [name, value] of Object.entries(instance.params)) {
    const values = new Set<unknown>((instance.paramDomains?.[name] ?? []).filter((v) => v !== value));
    if (typeof value === 'string' && value.trim() && device.queryApp) {
      for (const pkg of catalog.packages()) {
        for (const t of catalog.tables(pkg)) {
          for (const c of t.columns) {
            if (values.size >= MAX_ALTERNATIVES + 2) break;
            if (!/TEXT|CHAR|CLOB|^$/i.test(c.type)) continue;
            try {
              const hit = await device.queryApp(pkg, `SELECT 1 AS x FROM ${ident(t.name)} WHERE ${ident(c.name)} = ? LIMIT 1`, [value]);
              if (hit.length === 0) continue;
              found.add(name);
              const rows = await device.queryApp(pkg, `SELECT DISTINCT ${ident(c.name)} AS v FROM ${ident(t.name)} WHERE ${ident(c.name)} <> ? AND length(${ident(c.name)}) > 0 LIMIT 2`, [value]);
              for (const r of rows) if (typeof r.v === 'string') values.add(r.v);
            } catch {
              // A table this device does not have: no siblings from it.
            }
          }
        }
      }
    }
    if (values.size) out[name] = [...values].slice(0, MAX_ALTERNATIVES);
  }
  return { alternatives: out, found };
}

/**
 * Typed text that is a value in the phone's data (the company read from a contact): the
 * column it is in and up to two other values of that column, for near-miss mutants.
 */
export async function dataValue(device: Device, catalog: AppCatalog, value: string): Promise<{ column: string; others: string[] } | undefined> {
  if (!device.queryApp || [...value.trim()].length < 3) return undefined;
  for (const pkg of catalog.packages()) {
    for (const t of catalog.tables(pkg)) {
      for (const c of t.columns) {
        if (!/TEXT|CHAR|CLOB|^$/i.test(c.type)) continue;
        try {
          const hit = await device.queryApp(pkg, `SELECT 1 AS x FROM ${ident(t.name)} WHERE ${ident(c.name)} = ? LIMIT 1`, [value.trim()]);
          if (hit.length === 0) continue;
          const rows = await device.queryApp(pkg, `SELECT DISTINCT ${ident(c.name)} AS v FROM ${ident(t.name)} WHERE ${ident(c.name)} <> ? AND length(${ident(c.name)}) > 0 LIMIT 2`, [value.trim()]);
          return { column: `${t.name}.${c.name}`, others: rows.map((r) => r.v).filter((v): v is string => typeof v === 'string') };
        } catch {
          // A table this device does not have.
        }
      }
    }
  }
  return undefined;
}
