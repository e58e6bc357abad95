// The YAML-only pantry app on a phone, driven like an agent would: its seed (rows per locale,
// generated rows: different per seed, the same for the same seed), search, a form whose
// validation keeps a bad row out, detail with the share sheet, settings toggles kept in the
// app's own table, the long-press menu's delete. And the launcher lists it among the built-ins.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { center, find, findAll, tapNode } from '../../mockphone/testing';
import { mockPhoneForTask } from '../phones';
import { PANTRY_PACKAGE as PKG, pantryWorkspace } from './testing/pantry-app';

const ws = pantryWorkspace();
after(() => ws.cleanup());

const phone = (seed: number, locale?: string) => mockPhoneForTask({ seed, ...(locale ? { locale } : {}) }, { appsDir: ws.appsDir });
const names = async (p: Awaited<ReturnType<typeof phone>>) => (await p.queryApp(PKG, 'SELECT name, qty, price, added_at FROM items ORDER BY id')).map((r) => JSON.stringify(r));

test('the seed: fixed rows per locale, then generated ones — per seed, deterministic', async () => {
  const [a, a2, b, zh] = await Promise.all([phone(1), phone(1), phone(2), phone(1, 'zh-CN')]);
  assert.deepEqual(await names(a), await names(a2));
  assert.notDeepEqual(await names(a), await names(b));
  const rows = await a.queryApp(PKG, 'SELECT name FROM items ORDER BY id');
  assert.deepEqual(rows.slice(0, 2).map((r) => r.name), ['Rice', 'Olive oil']);
  assert.ok(rows.length >= 4 && rows.length <= 6, `${rows.length} rows`);
  assert.equal((await zh.queryApp(PKG, 'SELECT name FROM items ORDER BY id LIMIT 1'))[0].name, '大米');
  assert.equal(Buffer.from(a.databaseBytes(PKG)).equals(Buffer.from(a2.databaseBytes(PKG))), true, 'same seed, same database bytes');
});

test('the launcher shows the app after the built-ins, and it opens', async () => {
  const p = await phone(0);
  const icons = await findAll(p, { id: 'app_icon' });
  assert.equal(icons.at(-1)?.desc, 'Pantry');
  await tapNode(p, { desc: 'Pantry' });
  assert.equal(await p.foregroundApp(), PKG);
  assert.equal((await find(p, { id: 'toolbar_title' })).text, 'Pantry');
});

test('search filters the list; back clears the search before leaving', async () => {
  const p = await phone(1);
  await p.openApp(PKG);
  await tapNode(p, { id: 'search_bar' });
  await p.typeText('Ric');
  assert.deepEqual((await findAll(p, { id: 'headline' })).map((n) => n.text), ['Rice']);
  await p.pressKey('back'); // the keyboard
  await p.pressKey('back'); // the search
  assert.ok((await findAll(p, { id: 'item' })).length >= 4);
  assert.equal(await p.foregroundApp(), PKG);
});

test('the form validates: a blank name and a non-number quantity are refused with their messages, then saved', async () => {
  const p = await phone(1);
  const before = (await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM items'))[0].n as number;
  await p.openApp(PKG);
  await tapNode(p, { id: 'add_item' });
  assert.equal((await find(p, { id: 'name' })).focused, true);
  await tapNode(p, { id: 'qty' });
  await p.typeText('two');
  await tapNode(p, { id: 'save' });
  assert.equal((await find(p, { id: 'name_error' })).text, 'Give the item a name');
  assert.equal((await find(p, { id: 'qty_error' })).text, 'A whole number');
  assert.equal((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM items'))[0].n, before);
  await tapNode(p, { id: 'name' });
  await p.typeText('Honey');
  await p.longPress(center(await find(p, { id: 'qty' })));
  await tapNode(p, { id: 'select_all' });
  await p.typeText('3');
  await tapNode(p, { id: 'save' });
  const rows = await p.queryApp(PKG, "SELECT qty, added_at FROM items WHERE name = 'Honey'");
  assert.equal(rows.length, 1);
  assert.equal(Number(rows[0].qty), 3);
  assert.ok(Number(rows[0].added_at) > 0 && Number(rows[0].added_at) <= p.now(), 'stamped with the virtual time');
  assert.equal((await findAll(p, { id: 'item', desc: 'Honey' })).length, 1, 'back on the list, with the new row');
});

test('detail shows the row; Share opens the share sheet; settings toggles persist in the app table', async () => {
  const p = await phone(1);
  await p.openApp(PKG);
  await tapNode(p, { desc: 'Rice' });
  assert.equal((await find(p, { id: 'toolbar_title' })).text, 'Rice');
  assert.deepEqual((await findAll(p, { id: 'value' })).map((n) => n.text), ['Rice', '2']);
  await tapNode(p, { id: 'share' });
  assert.equal((await find(p, { id: 'content_preview_text' })).text, 'Rice');
  await tapNode(p, { id: 'share_copy' });
  await tapNode(p, { id: 'open_prefs' });
  assert.equal((await find(p, { id: 'switch_widget', desc: 'Warn when low' })).checked, false);
  await tapNode(p, { id: 'low_stock' });
  assert.equal((await find(p, { id: 'switch_widget', desc: 'Warn when low' })).checked, true);
  assert.deepEqual(await p.queryApp(PKG, 'SELECT key, value FROM prefs'), [{ key: 'low_stock', value: 1 }]);
});

test('the long-press menu deletes a row, and shares one through the share sheet', async () => {
  const p = await phone(1);
  await p.openApp(PKG);
  await p.longPress(center(await find(p, { desc: 'Rice' })));
  await tapNode(p, { id: 'share_item' });
  assert.equal((await find(p, { id: 'content_preview_text' })).text, 'I have 2 × Rice');
  await tapNode(p, { id: 'share_copy' });
  assert.equal((await findAll(p, { id: 'chooser_sheet' })).length, 0);
  assert.equal((await p.snapshot()).state.clipboard, 'I have 2 × Rice');
  await p.longPress(center(await find(p, { desc: 'Olive oil' })));
  await tapNode(p, { id: 'delete' });
  assert.deepEqual(await p.queryApp(PKG, "SELECT id FROM items WHERE name = 'Olive oil'"), []);
  assert.equal((await findAll(p, { desc: 'Olive oil' })).length, 0);
});
