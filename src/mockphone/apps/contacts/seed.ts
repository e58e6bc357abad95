import type { AppDb, SeedContext } from '../app';
import { displayName, peopleFor } from '../shared/people';

export function seedContacts(db: AppDb, s: SeedContext): void {
  const people = peopleFor(s.seed, s.locale);
  people.forEach((p, i) => {
    const t = s.now - (people.length - i) * 86_400_000;
    db.run(`INSERT INTO contacts (first_name, last_name, display_name, phone, email, company, starred, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [p.first, p.last, displayName(p.first, p.last, s.locale), p.phone, i % 3 === 0 ? p.email : '', p.company, s.rng.next() < 0.2 ? 1 : 0, t, t]);
  });
}
