// The seed's `person` generator: each row is its own person, in Contacts' order — names that do
// not repeat and the very numbers Contacts has (a dialer's contacts and call log agree with it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppDb, SeedContext } from '../app';
import { SeededRandom } from '../../runtime/random';
import { displayName, peopleFor } from '../shared/people';
import { seedFromSpec } from './seed';

function seeded(locale: 'en-US' | 'zh-CN', seed: number, n: number): unknown[][] {
  const rows: unknown[][] = [];
  const db: AppDb = { query: () => [], script: () => {}, run: (_sql, params) => { rows.push(params ?? []); return rows.length; } };
  const s: SeedContext = { seed, rng: new SeededRandom(seed), locale, now: 0, t: (k) => k };
  seedFromSpec({ generate: [{ table: 'people', count: [n, n], values: { name: { person: 'full' }, phone: { person: 'phone' }, first: { person: 'first' } } }] }, 'x.app.yaml')(db, s);
  return rows;
}

test('person: row n is the seed\'s n-th person (Contacts\' n-th), distinct, wrapping after the list', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const people = peopleFor(3, locale);
    const rows = seeded(locale, 3, people.length + 1);
    assert.deepEqual(rows.slice(0, people.length), people.map((p) => [displayName(p.first, p.last, locale), p.phone, p.first]));
    assert.equal(new Set(rows.slice(0, people.length).map((r) => r[0])).size, people.length);
    assert.deepEqual(rows[people.length], rows[0]);
  }
  assert.notDeepEqual(seeded('en-US', 3, 4), seeded('en-US', 4, 4));
});
