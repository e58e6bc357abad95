import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testPhone } from '../catalog-shared/phone';
import { CHAT_PACKAGE } from '../catalog-shared/share';

for (const locale of ['en-US', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  describe(`chat app (${locale})`, () => {
    it('opens a chat, sends a message, messages a contact, and switches tabs', async () => {
      const { phone, d } = await testPhone(locale);
      await phone.openApp(CHAT_PACKAGE);
      assert.match((await d.find({ id: 'title' })).text, zh ? /^微信/ : /^Chat/);
      const first = await d.find({ id: 'chat_item' });
      await d.tap({ id: 'chat_item' });
      await d.tap({ id: 'compose_input' });
      assert.equal(await d.has({ id: 'send_button' }), false, 'Send shows only with text');
      await d.type(zh ? '晚上见' : 'See you tonight');
      await d.tap({ id: 'send_button' });
      const [m] = await d.sql(CHAT_PACKAGE, 'SELECT c.title, m.body FROM messages m JOIN chats c ON c.id = m.chat_id ORDER BY m.id DESC LIMIT 1');
      assert.deepEqual(m, { title: first.contentDesc, body: zh ? '晚上见' : 'See you tonight' });
      assert.equal((await d.nodes({ id: 'message_text' })).at(-1)?.text, zh ? '晚上见' : 'See you tonight');
      await d.key('back');
      await d.key('back');
      await d.tap({ id: 'tab_contacts' });
      const contact = await d.find({ id: 'contact_item' }, 3);
      await d.tap({ id: 'contact_item' }, 3);
      assert.equal((await d.find({ id: 'contact_name' })).text, contact.contentDesc);
      await d.tap({ id: 'send_message' });
      await d.tap({ id: 'compose_input' });
      await d.type('hi');
      await d.key('enter');
      const [m2] = await d.sql(CHAT_PACKAGE, 'SELECT c.title FROM messages m JOIN chats c ON c.id = m.chat_id ORDER BY m.id DESC LIMIT 1');
      assert.equal(m2.title, contact.contentDesc);
      await d.key('back');
      await d.key('back');
      await d.tap({ id: 'tab_me' });
      assert.equal((await d.find({ id: 'my_name' })).text, zh ? '李明' : 'Jordan Lee');
      await d.tap({ id: 'tab_discover' });
      await d.tap({ id: 'mini_programs' });
      await d.tap({ id: 'mini_program' }, 1);
      assert.equal(await d.has({ id: 'capsule' }), false, 'unavailable mini-programs do not open');
      await d.tap({ id: 'mini_program' }, 0);
      await d.tap({ id: 'capsule_more' });
      await d.tap({ id: 'capsule_reload' });
      assert.equal(await d.has({ id: 'search_card' }), true);
      await d.key('back');
      assert.equal(await d.has({ id: 'mini_program' }), true, 'back from the mini-program home returns to the list');
      const [mp] = await d.sql(CHAT_PACKAGE, 'SELECT last_opened_at FROM mini_programs WHERE key = \'travel\'');
      assert.ok(Number(mp.last_opened_at) > 0);
      await phone.close();
    });
  });
}
