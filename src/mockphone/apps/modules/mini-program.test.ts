// Declared mini-programs mounted in Chat: their statements rewritten to prefixed tables (and
// nothing else), two with the same table name kept apart in chat.db, listed in Chat's
// mini-program list, opened there under the capsule bar, closed by the capsule, and reached
// by interference aimed at "<host>/<key>".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../../index';
import { Driver } from '../catalog-shared/testing';
import { chatApp } from '../chat/manifest';
import { APPS } from '../registry';
import { compileAppSpec } from './compile';
import { miniProgramOf, mountMiniPrograms } from './mini-program';
import type { AppSpec } from './spec';
import { createdNames, prefixTables } from './table-prefix';

test('a mini-program\'s statements name its tables prefixed, and only its tables', () => {
  const names = createdNames('CREATE TABLE items (id INTEGER PRIMARY KEY, item TEXT);\nCREATE INDEX IF NOT EXISTS by_item ON items(item);\nCREATE VIEW "cheap" AS SELECT * FROM items;');
  assert.deepEqual([...names].sort(), ['by_item', 'cheap', 'items']);
  const sql = `SELECT i.id, x.items, 'items' AS label, count(*) AS items FROM items i JOIN "Cheap" c ON c.id = i.id WHERE i.item = :items -- items\nAND [items].id > 0`;
  assert.equal(prefixTables(sql, names, 'mp_k_'),
    `SELECT i.id, x.items, 'items' AS label, count(*) AS items FROM mp_k_items i JOIN "mp_k_Cheap" c ON c.id = i.id WHERE i.item = :items -- items\nAND [mp_k_items].id > 0`);
});

function mini(key: string, name: string, row: string): AppSpec {
  return {
    file: `${key}.app.yaml`, package: `com.example.${key}`, label: name, accent: '#1E88E5', miniProgram: { host: 'com.phonebuddy.chat', key },
    database: { schema: 'CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);', seed: { rows: { 'en-US': { items: [{ name: row }] } } } },
    strings: { 'en-US': { title: `${name} home`, added: 'Added' } },
    home: 'list',
    screens: {
      list: { module: 'list', title: '@title', query: { sql: 'SELECT id, name FROM items ORDER BY id' }, item: { style: 'row', id: 'item', title: 'row.name', tap: [{ insert: { table: 'items', values: { name: "'more'" } } }, { toast: '@added' }] } },
    },
  };
}

test('two mini-programs with one table name live apart in chat.db, are listed in Chat, open under the capsule bar and take interference', async () => {
  const specs = [mini('alpha', 'Alpha', 'from alpha'), mini('beta', 'Beta', 'from beta')];
  const chat = mountMiniPrograms(chatApp, specs.map((s) => miniProgramOf(s, compileAppSpec(s))));
  const phone = await createMockPhone({ seed: 2, locale: 'en-US', width: 540, height: 1200, density: 220, apps: APPS.map((a) => (a.package === chatApp.package ? chat : a)) });
  try {
    const sql = (q: string) => phone.queryApp('com.phonebuddy.chat', q, []);
    assert.deepEqual(await sql('SELECT name FROM mp_alpha_items'), [{ name: 'from alpha' }]);
    assert.deepEqual(await sql('SELECT name FROM mp_beta_items'), [{ name: 'from beta' }]);
    assert.deepEqual(await sql("SELECT key, name, available, color FROM mini_programs WHERE key IN ('alpha', 'beta') ORDER BY key"),
      [{ key: 'alpha', name: 'Alpha', available: 1, color: '#1E88E5' }, { key: 'beta', name: 'Beta', available: 1, color: '#1E88E5' }]);
    phone.setInterference([{ name: 'promo_popup', apps: ['com.phonebuddy.chat/beta'] }]);
    const d = new Driver(phone);
    await phone.openApp('com.phonebuddy.chat');
    await d.tap({ id: 'tab_discover' });
    await d.tap({ id: 'mini_programs' });
    await d.tap({ id: 'mini_program', desc: 'Alpha' });
    const top = async () => (await phone.snapshot()).state.tasks['com.phonebuddy.chat']!.at(-1)!.name;
    assert.equal(await top(), 'mp_alpha_home');
    assert.ok(await d.has({ id: 'capsule_close' }), 'the capsule bar');
    assert.ok(await d.has({ id: 'title', text: 'Alpha home' }), 'the page\'s own title (its own strings) in the bar');
    await d.tap({ id: 'item' });
    assert.deepEqual(await sql('SELECT count(*) AS n FROM mp_alpha_items'), [{ n: 2 }], 'its insert wrote its own table');
    assert.deepEqual(await sql('SELECT count(*) AS n FROM mp_beta_items'), [{ n: 1 }], 'not the other\'s');
    assert.deepEqual(phone.interference().log, [], 'interference aimed at beta leaves alpha alone');
    await d.tap({ id: 'capsule_close' });
    assert.equal(await top(), 'miniPrograms', 'the capsule closes the mini-program');
    await d.tap({ id: 'mini_program', desc: 'Beta' });
    assert.deepEqual(phone.interference().log.filter((e) => e.event === 'shown').map((e) => `${e.pkg} ${e.name}`), ['com.phonebuddy.chat/beta promo_popup']);
  } finally {
    await phone.close();
  }
});
