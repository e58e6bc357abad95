import type { AppDb, SeedContext } from '../app';
import { displayName, peopleFor } from '../shared/people';
import { SEED_LINES } from './strings';

export function seedMessages(db: AppDb, s: SeedContext): void {
  const people = peopleFor(s.seed, s.locale);
  const convs = SEED_LINES[s.locale] ?? SEED_LINES['en-US'];
  const count = s.rng.int(5, convs.length);
  let t = s.now - 6 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const p = people[i % people.length];
    const lines = convs[(i + s.seed) % convs.length];
    t = Math.min(s.now - 60_000 * (count - i) * 7, t + s.rng.int(2, 20) * 3_600_000);
    const threadId = db.run('INSERT INTO threads (address, name, snippet, date, unread) VALUES (?, ?, ?, ?, 0)', [p.phone, displayName(p.first, p.last, s.locale), '', t]);
    let mt = t;
    const unread = i >= count - 2 && lines[lines.length - 1][0] === 1;
    for (const [type, body] of lines) {
      mt += s.rng.int(1, 25) * 60_000;
      db.run('INSERT INTO messages (thread_id, address, body, date, type, read) VALUES (?, ?, ?, ?, ?, ?)', [threadId, p.phone, body, mt, type, unread && type === 1 ? 0 : 1]);
    }
    db.run('UPDATE threads SET snippet = ?, date = ?, unread = ? WHERE id = ?', [lines[lines.length - 1][1], mt, unread ? 1 : 0, threadId]);
    t = mt;
  }
}
