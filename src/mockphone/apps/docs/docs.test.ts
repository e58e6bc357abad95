import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testPhone } from '../catalog-shared/phone';
import { DOCS_PACKAGE } from '../catalog-shared/share';

for (const locale of ['en-US', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  describe(`docs app (${locale})`, () => {
    it('creates, edits, renames, searches and deletes documents; SQL follows every keystroke', async () => {
      const { phone, d } = await testPhone(locale);
      const seeded = (await d.sql(DOCS_PACKAGE, 'SELECT count(*) AS n FROM documents'))[0].n as number;
      await phone.openApp(DOCS_PACKAGE);
      assert.equal((await d.nodes({ id: 'document' })).length, seeded);
      await d.tap({ id: 'new_document' });
      await d.type(zh ? '第一行\n第二行' : 'Line one\nLine two');
      let [doc] = await d.sql(DOCS_PACKAGE, 'SELECT id, title, body FROM documents ORDER BY id DESC LIMIT 1');
      assert.equal(doc.body, zh ? '第一行\n第二行' : 'Line one\nLine two');
      assert.equal(doc.title, zh ? '无标题文档' : 'Untitled document');
      await d.key('back');
      await d.tap({ id: 'more' });
      await d.tap({ id: 'rename' });
      await d.type(zh ? '春游安排' : 'Weekly plan');
      await d.tap({ id: 'rename_save' });
      [doc] = await d.sql(DOCS_PACKAGE, 'SELECT title FROM documents ORDER BY id DESC LIMIT 1');
      assert.equal(doc.title, zh ? '春游安排' : 'Weekly plan');
      assert.equal((await d.find({ id: 'title' })).text, doc.title);
      await d.key('back');
      await d.tap({ id: 'search_bar' });
      await d.type(zh ? '春游安排' : 'Weekly plan');
      assert.equal((await d.nodes({ id: 'document' })).length, 1);
      await d.key('back');
      await d.key('back');
      await d.tap({ id: 'document' }, 0);
      await d.tap({ id: 'more' });
      await d.tap({ id: 'delete' });
      await d.tap({ id: 'confirm_delete' });
      assert.equal((await d.sql(DOCS_PACKAGE, 'SELECT count(*) AS n FROM documents'))[0].n, seeded);
      await phone.close();
    });
  });
}
