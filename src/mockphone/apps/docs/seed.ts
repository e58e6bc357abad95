import type { AppDb, SeedContext } from '../app';
import { SEED_DOCS } from './strings';

export function seedDocs(db: AppDb, s: SeedContext): void {
  const pool = SEED_DOCS[s.locale] ?? SEED_DOCS['en-US'];
  const count = s.rng.int(4, pool.length);
  let t = s.now - 20 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const [title, body] = pool[(i + s.seed) % pool.length];
    t = Math.min(s.now - (count - i) * 3_600_000, t + s.rng.int(6, 72) * 3_600_000);
    db.run('INSERT INTO documents (title, body, source, created_at, updated_at) VALUES (?, ?, \'seed\', ?, ?)', [title, body, t - 86_400_000, t]);
  }
}
