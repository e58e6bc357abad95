import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../../index';
import { find, findAll, tapNode } from '../../testing';

const PKG = 'com.phonebuddy.contacts';

describe('Contacts', () => {
  it('lists contacts alphabetically and opens a detail page', async () => {
    const p = await createMockPhone({ seed: 2 });
    await p.openApp(PKG);
    const names = (await p.queryApp(PKG, 'SELECT display_name FROM contacts WHERE starred = 0 ORDER BY display_name COLLATE NOCASE')).map((r) => r.display_name);
    const shown = (await findAll(p, { id: 'contact' })).map((n) => n.desc);
    const unstarredShown = shown.filter((n) => names.includes(n));
    assert.deepEqual(unstarredShown, names.slice(0, unstarredShown.length));
    const first = await tapNode(p, { id: 'contact' });
    assert.equal((await find(p, { id: 'name' })).text, first.desc);
  });

  it('creates a contact through the form and stores it', async () => {
    const p = await createMockPhone({ seed: 2 });
    await p.openApp(PKG);
    await tapNode(p, { id: 'create_contact' });
    await p.typeText('Zara');
    await tapNode(p, { id: 'last' });
    await p.typeText('Quill');
    await tapNode(p, { id: 'phone' });
    await p.typeText('+1 555 0100');
    await tapNode(p, { id: 'save' });
    const rows = await p.queryApp(PKG, "SELECT first_name, last_name, display_name, phone FROM contacts WHERE last_name = 'Quill'");
    assert.deepEqual(rows, [{ first_name: 'Zara', last_name: 'Quill', display_name: 'Zara Quill', phone: '+1 555 0100' }]);
    assert.equal((await find(p, { id: 'name' })).text, 'Zara Quill');
  });

  it('edits a phone number (select all replaces) and stars a contact', async () => {
    const p = await createMockPhone({ seed: 2 });
    await p.openApp(PKG);
    const c = await tapNode(p, { id: 'contact' });
    const [{ starred }] = await p.queryApp(PKG, 'SELECT starred FROM contacts WHERE display_name = ?', [c.desc]);
    await tapNode(p, { id: 'edit' });
    const phone = await find(p, { id: 'phone' });
    await p.longPress({ x: (phone.bounds[0] + phone.bounds[2]) / 2, y: (phone.bounds[1] + phone.bounds[3]) / 2 });
    await tapNode(p, { id: 'select_all' });
    await p.typeText('+1 (212) 555-0199');
    await tapNode(p, { id: 'save' });
    await tapNode(p, { id: 'star' });
    const rows = await p.queryApp(PKG, 'SELECT phone, starred FROM contacts WHERE display_name = ?', [c.desc]);
    assert.deepEqual(rows, [{ phone: '+1 (212) 555-0199', starred: 1 - Number(starred) }]);
  });

  it('searches by name and deletes a contact with confirmation', async () => {
    const p = await createMockPhone({ seed: 2 });
    const [victim] = await p.queryApp(PKG, 'SELECT display_name FROM contacts ORDER BY id DESC LIMIT 1');
    await p.openApp(PKG);
    await tapNode(p, { id: 'search_bar' });
    await p.typeText(String(victim.display_name));
    const hits = await findAll(p, { id: 'contact' });
    assert.deepEqual(hits.map((h) => h.desc), [victim.display_name]);
    await tapNode(p, { id: 'contact' });
    await tapNode(p, { id: 'more' });
    await tapNode(p, { id: 'delete' });
    await tapNode(p, { id: 'confirm_delete' });
    assert.deepEqual(await p.queryApp(PKG, 'SELECT id FROM contacts WHERE display_name = ?', [victim.display_name]), []);
  });

  it('texts a contact from the detail page in Messages', async () => {
    const p = await createMockPhone({ seed: 2 });
    await p.openApp(PKG);
    const c = await tapNode(p, { id: 'contact' });
    await tapNode(p, { id: 'text' });
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.messages');
    assert.equal((await find(p, { id: 'toolbar_title' })).text, c.desc);
  });
});
