import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../../index';
import { find, findAll, tapNode } from '../../testing';

const PKG = 'com.phonebuddy.messages';

describe('Messages', () => {
  it('opens a thread, sends a message and stores it as sent (type 2)', async () => {
    const p = await createMockPhone({ seed: 1 });
    await p.openApp(PKG);
    const conv = await tapNode(p, { id: 'conversation' });
    const title = await find(p, { id: 'toolbar_title' });
    assert.equal(title.text, conv.desc);
    await tapNode(p, { id: 'compose_message_text' });
    await p.typeText('See you at 7');
    await tapNode(p, { id: 'send_message_button' });
    const rows = await p.queryApp(PKG, `SELECT m.body, m.type, t.name, t.snippet FROM messages m JOIN threads t ON t.id = m.thread_id
      ORDER BY m.id DESC LIMIT 1`);
    assert.deepEqual(rows, [{ body: 'See you at 7', type: 2, name: conv.desc, snippet: 'See you at 7' }]);
    assert.equal((await find(p, { id: 'compose_message_text' })).text, 'Text message');
    assert.ok((await findAll(p, { id: 'message_text', text: 'See you at 7' })).length === 1);
  });

  it('a question gets a reply after 30 s of virtual time, with a notification banner', async () => {
    const p = await createMockPhone({ seed: 1 });
    await p.openApp(PKG);
    await tapNode(p, { id: 'conversation' });
    await tapNode(p, { id: 'compose_message_text' });
    await p.typeText('Free tonight?\n');
    await p.pressKey('home');
    const count = async () => Number((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM messages WHERE type = 1'))[0].n);
    const before = await count();
    await p.wait(29_000);
    assert.equal(await count(), before);
    await p.wait(2_000);
    assert.equal(await count(), before + 1);
    const banner = await find(p, { id: 'notification' });
    assert.equal(banner.pkg, 'com.android.systemui');
    await tapNode(p, { id: 'notification' });
    assert.equal(await p.foregroundApp(), PKG);
  });

  it('starts a new chat with a contact picked from suggestions', async () => {
    const p = await createMockPhone({ seed: 4 });
    const [c] = await p.queryApp('com.phonebuddy.contacts', "SELECT display_name, phone FROM contacts ORDER BY display_name DESC LIMIT 1");
    await p.openApp(PKG);
    await tapNode(p, { id: 'start_chat' });
    assert.equal((await find(p, { id: 'recipient_text_view' })).focused, true);
    await p.typeText(String(c.display_name).slice(0, 4));
    await tapNode(p, { id: 'contact_suggestion', text: undefined });
    assert.equal((await find(p, { id: 'toolbar_title' })).text, c.display_name);
    await p.typeText('Hello there\n');
    const rows = await p.queryApp(PKG, "SELECT t.address, m.body, m.type FROM messages m JOIN threads t ON t.id = m.thread_id WHERE m.body = 'Hello there'");
    assert.deepEqual(rows, [{ address: c.phone, body: 'Hello there', type: 2 }]);
  });

  it('searches message bodies', async () => {
    const p = await createMockPhone({ seed: 1 });
    const [m] = await p.queryApp(PKG, 'SELECT body FROM messages ORDER BY id LIMIT 1');
    const word = String(m.body).split(' ')[1];
    await p.openApp(PKG);
    await tapNode(p, { id: 'search' });
    await p.typeText(word);
    const hits = await findAll(p, { id: 'search_result' });
    assert.ok(hits.length >= 1);
    const expected = await p.queryApp(PKG, "SELECT COUNT(*) AS n FROM messages m JOIN threads t ON t.id = m.thread_id WHERE m.body LIKE '%' || ? || '%' OR t.name LIKE '%' || ? || '%'", [word, word]);
    assert.equal(hits.length, Math.min(Number(expected[0].n), hits.length));
    await p.typeText('zzzqqq');
    assert.equal((await findAll(p, { id: 'search_result' })).length, 0);
  });

  it('deletes a conversation from its long-press menu after confirmation', async () => {
    const p = await createMockPhone({ seed: 1 });
    await p.openApp(PKG);
    const n0 = Number((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM threads'))[0].n);
    const conv = await find(p, { id: 'conversation' });
    await p.longPress({ x: 540, y: (conv.bounds[1] + conv.bounds[3]) / 2 });
    await tapNode(p, { id: 'delete' });
    await tapNode(p, { id: 'confirm_delete' });
    assert.equal(Number((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM threads'))[0].n), n0 - 1);
    assert.equal(Number((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM messages WHERE thread_id NOT IN (SELECT id FROM threads)'))[0].n), 0);
  });
});
