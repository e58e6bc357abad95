// A few older conversations (a week or two back), so the history and the clipboard-era texts
// exist before a task starts.
import type { AppDb, SeedContext } from '../app';
import { SEED_PROMPTS } from './strings';
import { generate } from './templates';

export function seedAssistant(db: AppDb, s: SeedContext): void {
  const prompts = SEED_PROMPTS[s.locale] ?? SEED_PROMPTS['en-US'];
  const count = s.rng.int(2, prompts.length);
  for (let i = 0; i < count; i++) {
    const at = s.now - (count - i) * s.rng.int(2, 5) * 86_400_000 - s.rng.int(0, 36_000_000);
    const prompt = prompts[(i + s.seed) % prompts.length];
    const g = generate(prompt, s.locale, at);
    const conv = db.run('INSERT INTO conversations (title, created_at, updated_at) VALUES (?, ?, ?)', [[...prompt].slice(0, 24).join(''), at, at + 5000]);
    db.run('INSERT INTO generations (conversation_id, prompt, kind, text, status, created_at) VALUES (?, ?, ?, ?, \'done\', ?)', [conv, prompt, g.kind, g.text, at + 2000]);
  }
}
