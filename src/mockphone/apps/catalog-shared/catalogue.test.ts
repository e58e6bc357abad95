// Every catalogue app: on the launcher with its localized label, opens by package (open_app),
// has its database at the Android path, and seeds the same content for the same seed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testPhone } from './phone';

const APPS: [string, string, string, string][] = [
  ['com.phonebuddy.assistant', 'Assistant', '元宝', 'assistant.db'],
  ['com.phonebuddy.docs', 'Docs', '腾讯文档', 'docs.db'],
  ['com.phonebuddy.chat', 'Chat', '微信', 'chat.db'],
  ['com.phonebuddy.travel', 'Travel', '同程旅行', 'travel.db'],
  ['com.phonebuddy.shop', 'Shop', '购物', 'shop.db'],
  ['com.phonebuddy.calendar', 'Calendar', '日历', 'calendar.db'],
];

describe('app catalogue', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`launcher labels and open_app by package (${locale})`, async () => {
      const { phone, d } = await testPhone(locale);
      const paths = phone.databasePaths();
      for (const [pkg, en, zh, file] of APPS) {
        assert.ok(phone.listPackages().includes(pkg));
        assert.equal(paths[`/data/data/${pkg}/databases/${file}`], pkg);
        await d.key('home');
        await d.tap({ id: 'app_icon', desc: locale === 'zh-CN' ? zh : en });
        assert.equal(await phone.foregroundApp(), pkg);
        const nodes = await d.nodes({ pkg });
        assert.ok(nodes.length > 5, `${pkg} shows its UI`);
        await d.key('home');
        assert.deepEqual(await phone.openApp(pkg), { ok: true, message: 'Events injected: 1' });
        assert.equal(await phone.foregroundApp(), pkg);
      }
      await phone.close();
    });
  }

  it('seeds deterministically: same seed, same databases; another seed, other content', async () => {
    const a = await testPhone('zh-CN', 11);
    const b = await testPhone('zh-CN', 11);
    const c = await testPhone('zh-CN', 12);
    for (const [pkg] of APPS) {
      assert.deepEqual(Buffer.from(a.phone.databaseBytes(pkg)), Buffer.from(b.phone.databaseBytes(pkg)), pkg);
    }
    const prices = async (p: typeof a) => (await p.d.sql('com.phonebuddy.travel', 'SELECT price FROM hotels ORDER BY id LIMIT 20')).map((r) => r.price);
    assert.notDeepEqual(await prices(a), await prices(c));
    const zhNames = await a.d.sql('com.phonebuddy.travel', 'SELECT name FROM landmarks');
    assert.ok(zhNames.some((r) => r.name === '上海迪士尼度假区'));
    for (const p of [a, b, c]) await p.phone.close();
  });
});
