import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testPhone } from '../catalog-shared/phone';
import { CHAT_PACKAGE, DOCS_PACKAGE } from '../catalog-shared/share';
import { ASSISTANT_PACKAGE } from './manifest';
import { classify, generate } from './templates';

describe('assistant templates', () => {
  it('classifies and fills slots deterministically', () => {
    const now = Date.UTC(2026, 2, 2, 9, 30); // a Monday
    assert.equal(classify('帮我写一份请假条'), 'leave_request');
    assert.equal(classify('Translate: good morning'), 'translation');
    assert.equal(classify('总结：今天开会。决定发布。'), 'summary');
    assert.equal(classify('make a packing list'), 'list');
    const zh = generate('帮我写一份请假两天的请假条，因为发烧', 'zh-CN', now);
    assert.match(zh.text, /请假2天/);
    assert.match(zh.text, /发烧/);
    assert.match(zh.text, /2026年3月3日至2026年3月4日/);
    const en = generate('Write a leave request for next Friday because of a family wedding', 'en-US', now);
    assert.match(en.text, /Friday, March 13, 2026/);
    assert.match(en.text, /due to a family wedding/);
    assert.deepEqual(generate('Translate: good morning', 'en-US', now), generate('Translate: good morning', 'en-US', now));
    assert.match(generate('Translate: thank you', 'zh-CN', now).text, /谢谢/);
    assert.match(generate('翻译：谢谢', 'en-US', now).text, /Thank you/i);
    assert.equal(generate('列一个3项的购物清单', 'zh-CN', now).text.split('\n').length, 4);
  });
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  describe(`assistant app (${locale})`, () => {
    it('answers a prompt after thinking, and regenerate makes a new generation id', async () => {
      const { phone, d } = await testPhone(locale);
      await phone.openApp(ASSISTANT_PACKAGE);
      await d.tap({ id: 'suggestion' }, 3);
      await d.tap({ id: 'send_button' });
      await phone.wait(1300);
      assert.match((await d.find({ id: 'reply_text' })).text, zh ? /出行清单/ : /Packing list/);
      await d.tap({ id: 'regenerate_button' });
      await phone.wait(1300);
      const gens = await d.sql(ASSISTANT_PACKAGE, 'SELECT id, kind, status FROM generations WHERE created_at >= ? ORDER BY id', [phone.now() - 60_000]);
      assert.equal(gens.length, 2);
      assert.ok(gens.every((g) => g.kind === 'list' && g.status === 'done'));
      await phone.close();
    });

    it('shares a reply through the share sheet into Docs and into a Chat conversation', async () => {
      const { phone, d } = await testPhone(locale);
      await phone.openApp(ASSISTANT_PACKAGE);
      await d.tap({ id: 'prompt_input' });
      await d.type(zh ? '总结：项目按时上线。用户反馈很好。下周开始二期。' : 'Summarize: The launch went well. Users are happy. Phase two starts next week.');
      await d.key('enter');
      await phone.wait(1300);
      const text = (await d.find({ id: 'reply_text' })).text;
      await d.tap({ id: 'share_button' });
      await d.tap({ id: 'share_target', desc: zh ? '腾讯文档' : 'Docs' });
      assert.equal(await phone.foregroundApp(), DOCS_PACKAGE);
      await d.tap({ id: 'create_document' });
      const [doc] = await d.sql(DOCS_PACKAGE, 'SELECT body, source FROM documents ORDER BY id DESC LIMIT 1');
      assert.deepEqual(doc, { body: text, source: 'share' });
      const [g] = await d.sql(ASSISTANT_PACKAGE, 'SELECT shared_to FROM generations ORDER BY id DESC LIMIT 1');
      assert.equal(g.shared_to, DOCS_PACKAGE);
      // back to the assistant, share again into Chat
      await phone.openApp(ASSISTANT_PACKAGE);
      await d.tap({ id: 'share_button' });
      await d.tap({ id: 'share_target', desc: zh ? '微信' : 'Chat' });
      await d.tap({ id: 'share_chat' }, 0);
      await d.tap({ id: 'confirm_send' });
      const [m] = await d.sql(CHAT_PACKAGE, 'SELECT body, from_me FROM messages ORDER BY id DESC LIMIT 1');
      assert.deepEqual(m, { body: text, from_me: 1 });
      assert.equal(await d.has({ id: 'compose_input' }), true);
      await phone.close();
    });
  });
}
