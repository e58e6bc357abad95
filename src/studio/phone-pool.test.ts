// A phone check reuses must be indistinguishable from a fresh one: same rows in every app,
// launcher in front — whatever the previous run did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MockPhonePool } from './phone-pool';
import { mockPhoneForTask } from './phones';
import type { MockPhone } from '../mockphone';

const NOTES = 'com.phonebuddy.notes';

async function state(p: MockPhone): Promise<string> {
  const rows: unknown[] = [];
  for (const pkg of [NOTES, 'com.phonebuddy.contacts', 'com.phonebuddy.messages']) rows.push(await p.queryApp(pkg, "SELECT * FROM sqlite_master WHERE type = 'table'"));
  rows.push(await p.queryApp(NOTES, 'SELECT * FROM notes ORDER BY id'));
  return JSON.stringify({ rows, tree: await p.uiTree() });
}

test('a pooled phone, handed back after writes, is reset to exactly a fresh phone of the next seed', async () => {
  const pool = new MockPhonePool();
  try {
    const first = await pool.take({ seed: 3 });
    first.execSql(NOTES, "INSERT INTO notes (title, body, created_at, updated_at) VALUES ('left over', 'from the last run', 1, 1)");
    await first.openApp(NOTES);
    await first.close();
    const again = await pool.take({ seed: 3 });
    assert.equal(again, first, 'the same phone object is reused');
    const fresh = await mockPhoneForTask({ seed: 3 });
    assert.equal(await state(again), await state(fresh));
    assert.equal((await again.queryApp(NOTES, "SELECT count(*) AS n FROM notes WHERE title = 'left over'"))[0].n, 0);
    await again.close();
    // Another seed: the seeded content of that seed, not the last one.
    const other = await pool.take({ seed: 4 });
    assert.equal(await state(other), await state(await mockPhoneForTask({ seed: 4 })));
    await other.close();
    await fresh.close();
  } finally {
    await pool.close();
  }
});

test('the pool keeps phones per locale, and close() really closes them', async () => {
  const pool = new MockPhonePool();
  const en = await pool.take({ seed: 0, locale: 'en-US' });
  await en.close();
  const zh = await pool.take({ seed: 0, locale: 'zh-CN' });
  assert.notEqual(zh, en);
  assert.equal(zh.props()['persist.sys.locale'], 'zh-CN');
  await zh.close();
  await pool.close();
  await assert.rejects(() => en.uiTree(), /closed/i);
});
