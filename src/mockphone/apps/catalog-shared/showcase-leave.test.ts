// Showcase 2: the assistant writes a leave request; copy it, open Docs, paste into a new document.
// A stale text is on the clipboard first (an old generation copied from the history), so the
// check is that the document holds the NEW generation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMockPhone } from '../../index';
import { Driver } from './testing';
import { DOCS_PACKAGE } from './share';

const ASSISTANT = 'com.phonebuddy.assistant';

for (const locale of ['zh-CN', 'en-US'] as const) {
  describe(`showcase: assistant leave request → Docs (${locale})`, () => {
    it('is completed by taps and typing; SQL shows the new generation pasted into a new document', async () => {
      const phone = await createMockPhone({ seed: 7, locale, width: 540, height: 1200, density: 220 });
      const d = new Driver(phone);
      await phone.openApp(ASSISTANT);
      // stale clipboard: copy an old reply from the history
      await d.tap({ id: 'history' });
      await d.tap({ id: 'conversation' }, 0);
      await d.tap({ id: 'copy_button' });
      const before = await d.sql(ASSISTANT, 'SELECT max(id) AS id FROM generations');
      // new chat, ask for a leave request
      await d.tap({ id: 'new_chat' });
      await d.tap({ id: 'prompt_input' });
      await d.type(locale === 'zh-CN' ? '帮我写一份明天请假一天的请假条，因为身体不适' : 'Write a leave request for tomorrow because I have a fever');
      await d.tap({ id: 'send_button' });
      assert.equal(await d.has({ id: 'thinking' }), true);
      await phone.wait(1500);
      const replyNode = await d.find({ id: 'reply_text' });
      assert.match(replyNode.text, locale === 'zh-CN' ? /请假申请[\s\S]*身体不适/ : /Leave request[\s\S]*fever/);
      await d.tap({ id: 'copy_button' });
      const [gen] = await d.sql(ASSISTANT, 'SELECT id, kind, text, copied_at FROM generations ORDER BY id DESC LIMIT 1');
      assert.ok(Number(gen.id) > Number(before[0].id));
      assert.equal(gen.kind, 'leave_request');
      assert.ok(gen.copied_at !== null);
      // Docs: new document, long-press the body, Paste
      await d.key('home');
      await d.tap({ desc: locale === 'zh-CN' ? '腾讯文档' : 'Docs', id: 'app_icon' });
      await d.tap({ id: 'new_document' });
      const body = await d.find({ id: 'doc_body' });
      await phone.longPress({ x: (body.bounds.x1 + body.bounds.x2) / 2, y: body.bounds.y1 + 20 });
      await d.tap({ id: 'paste' });
      const [doc] = await d.sql(DOCS_PACKAGE, 'SELECT title, body, source FROM documents ORDER BY id DESC LIMIT 1');
      assert.equal(doc.body, gen.text);
      assert.equal(doc.source, 'new');
      assert.match(String((await d.find({ id: 'doc_body' })).text), locale === 'zh-CN' ? /请假申请/ : /Leave request/);
      await phone.close();
    });
  });
}

describe('share sheet → Messages', () => {
  it('opens a new message with the shared text as the draft', async () => {
    const phone = await createMockPhone({ seed: 2, locale: 'en-US', width: 540, height: 1200, density: 220 });
    const d = new Driver(phone);
    await phone.openApp(ASSISTANT);
    await d.tap({ id: 'prompt_input' });
    await d.type('Make a to-do list with 3 items');
    await d.key('enter');
    await phone.wait(1300);
    const text = (await d.find({ id: 'reply_text' })).text;
    await d.tap({ id: 'share_button' });
    await d.tap({ id: 'share_target', desc: 'Messages' });
    assert.equal(await phone.foregroundApp(), 'com.phonebuddy.messages');
    await d.tap({ id: 'contact_suggestion' });
    await d.tap({ id: 'send_message_button' });
    const [m] = await d.sql('com.phonebuddy.messages', 'SELECT body, type FROM messages ORDER BY id DESC LIMIT 1');
    assert.deepEqual(m, { body: text, type: 2 });
    await phone.close();
  });
});
