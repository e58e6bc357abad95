import type { AppDb, SeedContext } from '../app';
import { displayName, peopleFor } from '../shared/people';
import { seedTravel } from '../travel/seed';
import { CHAT_LINES, CHAT_STRINGS, MINI_PROGRAMS } from './strings';

export function seedChat(db: AppDb, s: SeedContext): void {
  const zh = s.locale === 'zh-CN';
  const people = peopleFor(s.seed, s.locale, 14);
  const regions = zh ? ['上海 浦东', '北京 朝阳', '浙江 杭州', '广东 广州', '四川 成都'] : ['Shanghai', 'Beijing', 'Hangzhou', 'Guangzhou', 'Chengdu'];
  const ids = people.map((p, i) => db.run('INSERT INTO contacts (name, wxid, region) VALUES (?, ?, ?)',
    [displayName(p.first, p.last, s.locale), `wxid_${(s.seed * 7919 + i * 104729).toString(36).slice(-6)}${i}`, regions[i % regions.length]]));
  const lines = CHAT_LINES[s.locale] ?? CHAT_LINES['en-US'];
  let t = s.now - 3 * 86_400_000;
  const count = s.rng.int(4, lines.length);
  for (let i = 0; i < count; i++) {
    const ci = (i * 2 + s.seed) % people.length;
    t += s.rng.int(2, 14) * 3_600_000;
    const chat = db.run('INSERT INTO chats (contact_id, title, updated_at, unread) VALUES (?, ?, ?, 0)', [ids[ci], displayName(people[ci].first, people[ci].last, s.locale), t]);
    let mt = t;
    lines[(i + s.seed) % lines.length].forEach((body, j) => {
      mt += s.rng.int(1, 20) * 60_000;
      db.run('INSERT INTO messages (chat_id, from_me, body, created_at) VALUES (?, ?, ?, ?)', [chat, j % 2, body, mt]);
    });
    db.run('UPDATE chats SET updated_at = ?, unread = ? WHERE id = ?', [mt, i === count - 1 ? 1 : 0, chat]);
    t = Math.min(mt, s.now - 60_000 * (count - i));
  }
  const ft = CHAT_STRINGS[s.locale]?.fileTransfer ?? 'File Transfer';
  db.run('INSERT INTO chats (contact_id, title, updated_at) VALUES (NULL, ?, ?)', [ft, s.now - 5 * 86_400_000]);
  for (const m of MINI_PROGRAMS) db.run('INSERT INTO mini_programs (key, name, available) VALUES (?, ?, ?)', [m.key, zh ? m.zh : m.en, m.available]);
  seedTravel(db, s);
}
