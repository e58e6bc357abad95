// setLocale: one phone serves tasks in either locale (AndroidWorld's server initialises each
// task on the same phone), so switching re-seeds the content in the new locale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from './index';

test('setLocale re-seeds content in the new locale, keeps the seed, and later resets keep it', async () => {
  const phone = await createMockPhone({ seed: 3 });
  const names = () => phone.execSql('com.phonebuddy.contacts', 'SELECT display_name FROM contacts ORDER BY id')[0].values.map((r) => String(r[0]));
  const en = names();
  assert.ok(en.every((n) => /^[A-Za-z ]+$/.test(n)), en.join(','));
  await phone.setLocale('zh-CN');
  assert.equal(phone.props()['persist.sys.locale'], 'zh-CN');
  const zh = names();
  assert.ok(zh.every((n) => /[\u4e00-\u9fff]/.test(n)), zh.join(','));
  await phone.reset(3);
  assert.deepEqual(names(), zh, 'a reset keeps the switched locale');
  const fresh = await createMockPhone({ seed: 3, locale: 'zh-CN' });
  assert.deepEqual(zh, fresh.execSql('com.phonebuddy.contacts', 'SELECT display_name FROM contacts ORDER BY id')[0].values.map((r) => String(r[0])), 'same content as a phone made in zh-CN');
  await phone.setLocale('en-US');
  assert.deepEqual(names(), en);
  await assert.rejects(phone.setLocale('fr-FR'), /locale must be 'en-US' or 'zh-CN', got "fr-FR"/);
  await phone.close();
  await fresh.close();
});
