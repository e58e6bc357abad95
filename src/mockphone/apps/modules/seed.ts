// An app's seed as data: fixed rows per locale, then generated rows drawn with the phone's
// seeded generator (names from the seed's people, so they match Contacts — drawn, or each row its
// own person in Contacts' order; prices; times before the phone's start), so each seed gives a
// different but deterministic database. Bounded: a
// seed writes at most MAX_SEED_ROWS rows, and a failing row names its file and line.
import type { AppDb, SeedContext } from '../app';
import { displayName, peopleFor } from '../shared/people';
import { ident, located, sqlValue } from './bindings';
import { MAX_SEED_ROWS, type SeedSpec, type SeedValue } from './spec';

function insert(db: AppDb, table: string, row: Record<string, unknown>): void {
  const cols = Object.keys(row);
  db.run(`INSERT INTO ${ident(table)} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, cols.map((c) => sqlValue(row[c])));
}

function generated(v: SeedValue, s: SeedContext, index: number, people: () => ReturnType<typeof peopleFor>): unknown {
  if (v === null || typeof v !== 'object') return v;
  if ('pick' in v) {
    const pool = Array.isArray(v.pick) ? v.pick : v.pick[s.locale] ?? v.pick['en-US'] ?? Object.values(v.pick)[0] ?? [];
    return s.rng.pick(pool);
  }
  if ('int' in v) return s.rng.int(Math.ceil(v.int[0]), Math.floor(v.int[1]));
  if ('price' in v) return s.rng.int(Math.round(v.price[0] * 100), Math.round(v.price[1] * 100)) / 100;
  if ('minutesAgo' in v) return s.now - s.rng.int(Math.round(v.minutesAgo[0]), Math.round(v.minutesAgo[1])) * 60_000;
  if ('index' in v) return v.index + index;
  if ('person' in v) {
    // The row's own person, not a draw: a table's people are distinct and are Contacts' people
    // in Contacts' order, with the same numbers and addresses.
    const all = people();
    const q = all[index % all.length]!;
    return v.person === 'phone' ? q.phone : v.person === 'email' ? q.email : v.person === 'first' ? q.first : v.person === 'last' ? q.last : displayName(q.first, q.last, s.locale);
  }
  const p = s.rng.pick(people());
  return v.name === 'first' ? p.first : v.name === 'last' ? p.last : displayName(p.first, p.last, s.locale);
}

/** The seed function of a declared app. */
export function seedFromSpec(spec: SeedSpec, file: string): (db: AppDb, s: SeedContext) => void {
  return (db, s) => {
    let written = 0;
    const count = (at: string | undefined) => {
      if (++written > MAX_SEED_ROWS) throw located(at ?? file, new Error(`the seed writes more than ${MAX_SEED_ROWS} rows`));
    };
    const rows = spec.rows?.[s.locale] ?? spec.rows?.['en-US'];
    const rowsAt = spec.rows?.[s.locale] ? spec.rowsAt?.[s.locale] : spec.rowsAt?.['en-US'];
    for (const [table, list] of Object.entries(rows ?? {})) {
      for (const [i, r] of list.entries()) {
        const at = rowsAt?.[table]?.[i] ?? file;
        count(at);
        try {
          insert(db, table, r);
        } catch (e) {
          throw located(at, new Error(`seed row ${i + 1} of ${table}: ${e instanceof Error ? e.message : String(e)}`));
        }
      }
    }
    let people: ReturnType<typeof peopleFor> | undefined;
    const folks = () => (people ??= peopleFor(s.seed, s.locale));
    for (const g of spec.generate ?? []) {
      const n = s.rng.int(Math.min(g.count[0], g.count[1]), Math.max(g.count[0], g.count[1]));
      for (let i = 0; i < n; i++) {
        count(g.at);
        const row = Object.fromEntries(Object.entries(g.values).map(([k, v]) => [k, generated(v, s, i, folks)]));
        try {
          insert(db, g.table, row);
        } catch (e) {
          throw located(g.at ?? file, new Error(`generated row ${i + 1} of ${g.table}: ${e instanceof Error ? e.message : String(e)}`));
        }
      }
    }
  };
}
