import type { AppDb, SeedContext } from '../app';
import { SEED_EVENTS } from './strings';

const COLORS = ['#1A73E8', '#0B8043', '#D50000', '#F4511E', '#8E24AA', '#039BE5'];

export function seedCalendar(db: AppDb, s: SeedContext): void {
  const pool = SEED_EVENTS[s.locale] ?? SEED_EVENTS['en-US'];
  const today = Math.floor(s.now / 86_400_000) * 86_400_000;
  const count = s.rng.int(8, 14);
  for (let i = 0; i < count; i++) {
    const [title, location] = pool[(i + s.seed) % pool.length];
    const day = today + s.rng.int(-10, 20) * 86_400_000;
    const start = day + s.rng.int(8, 19) * 3_600_000 + s.rng.pick([0, 30]) * 60_000;
    const end = start + s.rng.pick([30, 60, 90, 120]) * 60_000;
    db.run('INSERT INTO events (title, start_at, end_at, location, reminder_minutes, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [title, start, end, location, s.rng.pick([null, 10, 30]), COLORS[i % COLORS.length], s.now - 30 * 86_400_000, s.now - 30 * 86_400_000]);
  }
}
