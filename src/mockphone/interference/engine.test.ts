import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createMockPhone } from '../index';
import { Driver } from '../apps/catalog-shared/testing';
import { PERTURBATION_NAMES, type PerturbationSpec } from './perturbations';

const NOTES = 'com.phonebuddy.notes';

async function phoneWith(specs: PerturbationSpec[], locale: 'en-US' | 'zh-CN' = 'en-US', seed = 3) {
  const phone = await createMockPhone({ seed, locale, width: 540, height: 1200, density: 220 });
  phone.setInterference(specs);
  return { phone, d: new Driver(phone) };
}

describe('interference', () => {
  it('never appears when nothing is switched on, or with probability 0', async () => {
    for (const specs of [[], [{ name: 'promo_popup', probability: 0 }, { name: 'fullscreen_ad', probability: 0 }, { name: 'permission_dialog', probability: 0 }, { name: 'network_error', probability: 0 }, { name: 'slow_loading', probability: 0 }, { name: 'update_prompt', probability: 0 }, { name: 'notification_banner', probability: 0 }, { name: 'login_expired', probability: 0 }]] as PerturbationSpec[][]) {
      const { phone, d } = await phoneWith(specs);
      await phone.openApp(NOTES);
      await phone.wait(10_000);
      for (const id of ['grant_dialog', 'promo_dialog', 'splash_ad', 'network_error', 'loading', 'update_dialog', 'notification', 'login_expired_dialog', 'sign_in_page']) assert.equal(await d.has({ id }), false, id);
      assert.equal(await d.has({ id: 'new_note' }), true);
      assert.deepEqual(phone.interference().log, []);
      await phone.close();
    }
  });

  it('permission dialog on first launch: Allow records the grant and it does not come back', async () => {
    const { phone, d } = await phoneWith([{ name: 'permission_dialog', params: { permission: 'location' }, maxShows: 5 }]);
    await phone.openApp(NOTES);
    const msg = await d.find({ id: 'permission_message' });
    assert.match(msg.text, /Notes.*location/);
    assert.equal(msg.packageName, 'com.android.permissioncontroller');
    await d.tap({ id: 'permission_allow_foreground_only_button' });
    assert.equal(await d.has({ id: 'grant_dialog' }), false);
    assert.equal(phone.interference().permissions[`${NOTES}|location`], 'allowed');
    await phone.closeApp(NOTES);
    await phone.openApp(NOTES);
    assert.equal(await d.has({ id: 'grant_dialog' }), false);
    await phone.close();
  });

  it('back on the permission dialog denies (zh-CN text)', async () => {
    const { phone, d } = await phoneWith([{ name: 'permission_dialog' }], 'zh-CN');
    await phone.openApp(NOTES);
    assert.match((await d.find({ id: 'permission_message' })).text, /笔记.*通知/);
    await d.key('back');
    assert.equal(await d.has({ id: 'grant_dialog' }), false);
    assert.equal(phone.interference().permissions[`${NOTES}|notifications`], 'denied');
    await phone.close();
  });

  it('promo pop-up blocks the app until its small close button is tapped', async () => {
    const { phone, d } = await phoneWith([{ name: 'promo_popup', params: { closeSizeDp: 20 } }]);
    await phone.openApp(NOTES);
    const close = await d.find({ id: 'promo_close' });
    assert.ok(close.bounds.x2 - close.bounds.x1 <= Math.ceil(20 * 220 / 160) + 1, 'close button is small');
    // a tap on the app behind does nothing
    const fabNode = await d.find({ id: 'new_note' });
    await d.tap({ id: 'new_note' });
    assert.equal(await d.has({ id: 'promo_dialog' }), true);
    assert.ok(fabNode);
    await d.tap({ id: 'promo_close' });
    assert.equal(await d.has({ id: 'promo_dialog' }), false);
    await d.tap({ id: 'new_note' });
    assert.equal(await d.has({ id: 'body' }), true);
    assert.deepEqual(phone.interference().log.map((e) => e.event), ['shown', 'dismissed']);
    await phone.close();
  });

  it('full-screen ad counts down, ignores back, and closes by itself or with Skip', async () => {
    const { phone, d } = await phoneWith([{ name: 'fullscreen_ad', params: { seconds: 5 }, maxShows: 2 }]);
    await phone.openApp(NOTES);
    assert.match((await d.find({ id: 'skip_button' })).text, /Skip 5/);
    await phone.wait(2000);
    assert.match((await d.find({ id: 'skip_button' })).text, /Skip 3/);
    await d.key('back');
    assert.equal(await d.has({ id: 'splash_ad' }), true);
    await phone.wait(3500);
    assert.equal(await d.has({ id: 'splash_ad' }), false);
    await phone.closeApp(NOTES);
    await phone.openApp(NOTES);
    await d.tap({ id: 'skip_button' });
    assert.equal(await d.has({ id: 'splash_ad' }), false);
    await phone.close();
  });

  it('network error page: retry fails `failures` times, then the page loads', async () => {
    const { phone, d } = await phoneWith([{ name: 'network_error', params: { failures: 1, retryMs: 500 } }]);
    await phone.openApp(NOTES);
    await d.tap({ id: 'retry_button' });
    assert.equal(await d.has({ id: 'loading' }), true);
    await phone.wait(600);
    assert.equal(await d.has({ id: 'network_error' }), true);
    await d.tap({ id: 'retry_button' });
    await phone.wait(600);
    assert.equal(await d.has({ id: 'network_error' }), false);
    assert.equal(await d.has({ id: 'new_note' }), true);
    await phone.close();
  });

  it('slow loading swallows taps until the virtual time has passed', async () => {
    const { phone, d } = await phoneWith([{ name: 'slow_loading', params: { ms: 4000 } }]);
    await phone.openApp(NOTES);
    assert.equal(await d.has({ id: 'loading' }), true);
    await phone.wait(3000);
    assert.equal(await d.has({ id: 'loading' }), true);
    await phone.wait(1000);
    assert.equal(await d.has({ id: 'loading' }), false);
    await phone.close();
  });

  it('update prompt: Later and back both dismiss', async () => {
    const { phone, d } = await phoneWith([{ name: 'update_prompt', maxShows: 2, params: { version: '9.9' } }]);
    await phone.openApp(NOTES);
    assert.match((await d.find({ id: 'message' })).text, /9\.9/);
    await d.tap({ id: 'update_later' });
    assert.equal(await d.has({ id: 'update_dialog' }), false);
    await phone.closeApp(NOTES);
    await phone.openApp(NOTES);
    await d.key('back');
    assert.equal(await d.has({ id: 'update_dialog' }), false);
    assert.equal(await phone.foregroundApp(), NOTES);
    await phone.close();
  });

  it('notification banner slides over the top, can be swiped away, and tapping one deep-links', async () => {
    const { phone, d } = await phoneWith([{ name: 'notification_banner', params: { afterMs: 1000 }, maxShows: 2 }]);
    await phone.openApp(NOTES);
    assert.equal(await d.has({ id: 'notification' }), false);
    await phone.wait(1000);
    const n = await d.find({ id: 'notification' });
    await phone.swipe({ x: (n.bounds.x1 + n.bounds.x2) / 2, y: (n.bounds.y1 + n.bounds.y2) / 2 }, { x: (n.bounds.x1 + n.bounds.x2) / 2, y: 10 }, 200);
    assert.equal(await d.has({ id: 'notification' }), false);
    await phone.closeApp(NOTES);
    await phone.openApp(NOTES);
    await phone.wait(1000);
    await d.tap({ id: 'notification' });
    assert.equal(await phone.foregroundApp(), 'com.phonebuddy.messages');
    await phone.close();
  });

  it('keyboard cover: the keyboard hides the bottom of the app until back', async () => {
    const { phone, d } = await phoneWith([{ name: 'keyboard_cover' }]);
    await phone.openApp(NOTES);
    await d.tap({ id: 'new_note' });
    const covered = (await d.find({ id: 'edited' })).bounds.y1;
    const plain = await phoneWith([]);
    await plain.phone.openApp(NOTES);
    await plain.d.tap({ id: 'new_note' });
    const resized = (await plain.d.find({ id: 'edited' })).bounds.y1;
    await plain.phone.close();
    // without the perturbation the app is resized above the keyboard; with it the bar stays at the bottom, under the keys
    assert.ok(covered > resized + 200, `covered ${covered} vs resized ${resized}`);
    await d.key('back');
    assert.equal((await d.find({ id: 'edited' })).bounds.y1, covered);
    const before = await phone.interference();
    assert.deepEqual(before.keyboardCover, [NOTES]);
    await phone.close();
  });

  it('login expiry: the dialog cannot be cancelled, the sign-in page spins, then the app is back (zh-CN text)', async () => {
    const { phone, d } = await phoneWith([{ name: 'login_expired', params: { signInMs: 1000 } }], 'zh-CN');
    await phone.openApp(NOTES);
    assert.match((await d.find({ id: 'message' })).text, /笔记.*重新登录/);
    await d.key('back');
    assert.equal(await d.has({ id: 'login_expired_dialog' }), true, 'back does not cancel it');
    await d.tap({ id: 'new_note' });
    assert.equal(await d.has({ id: 'body' }), false, 'the app behind takes no taps');
    await d.tap({ id: 'relogin_button' });
    assert.match((await d.find({ id: 'sign_in_button' })).text, /一键登录/);
    await d.key('back');
    assert.equal(await d.has({ id: 'login_expired_dialog' }), true, 'back on the sign-in page returns to the dialog');
    await d.tap({ id: 'relogin_button' });
    await d.tap({ id: 'sign_in_button' });
    assert.equal(await d.has({ id: 'loading' }), true);
    await phone.wait(999);
    assert.equal(await d.has({ id: 'loading' }), true);
    await phone.wait(1);
    assert.equal(await d.has({ id: 'sign_in_page' }), false);
    await d.tap({ id: 'new_note' });
    assert.equal(await d.has({ id: 'body' }), true);
    assert.deepEqual(phone.interference().log.map((e) => e.event), ['shown', 'signed_in']);
    await phone.close();
  });

  it('is reproducible from the seed: probability 0.5 fires for the same launches each run', async () => {
    const pattern = async (seed: number) => {
      const { phone, d } = await phoneWith([{ name: 'update_prompt', probability: 0.5, maxShows: 100 }], 'en-US', seed);
      const out: boolean[] = [];
      for (let i = 0; i < 8; i++) {
        await phone.openApp(NOTES);
        out.push(await d.has({ id: 'update_dialog' }));
        if (out[i]) await d.tap({ id: 'update_later' });
        await phone.closeApp(NOTES);
      }
      await phone.close();
      return out;
    };
    const a = await pattern(11);
    assert.deepEqual(await pattern(11), a);
    assert.ok(a.includes(true) && a.includes(false), `mixed outcomes expected, got ${a}`);
  });

  it('rejects bad specs with a message naming the field', async () => {
    const phone = await createMockPhone({ width: 540, height: 1200, density: 220 });
    assert.throws(() => phone.setInterference([{ name: 'popup' as never }]), /perturbations\[0\]\.name must be one of/);
    assert.throws(() => phone.setInterference([{ name: 'slow_loading', params: { ms: -1 } }]), /params\.ms must be between/);
    assert.throws(() => phone.setInterference([{ name: 'promo_popup', probability: 2 }]), /probability must be a number from 0 to 1/);
    assert.throws(() => phone.setInterference('x' as never), /must be an array/);
    await phone.close();
  });
});

describe('interference inside a mini-program', () => {
  it('targets "<package>/<mini-program>": nothing on the chat launch, the prompt when Travel opens, in its name', async () => {
    const { phone, d } = await phoneWith([{ name: 'permission_dialog', apps: ['com.phonebuddy.chat/travel'], params: { permission: 'location' } }, { name: 'promo_popup', apps: ['com.phonebuddy.chat/travel'] }], 'zh-CN');
    await phone.openApp('com.phonebuddy.chat');
    assert.equal(await d.has({ id: 'grant_dialog' }), false);
    await d.tap({ id: 'tab_discover' });
    await d.tap({ id: 'mini_programs' });
    await d.tap({ id: 'mini_program', desc: '同程旅行' });
    assert.match((await d.find({ id: 'permission_message' })).text, /同程旅行.*位置/);
    await d.tap({ id: 'permission_deny_button' });
    await d.tap({ id: 'promo_close' });
    assert.equal(await d.has({ id: 'keyword_input' }), true);
    const st = phone.interference();
    assert.equal(st.permissions['com.phonebuddy.chat/travel|location'], 'denied');
    assert.deepEqual(st.log.map((e) => `${e.pkg} ${e.name}:${e.event}`), [
      'com.phonebuddy.chat/travel permission_dialog:shown', 'com.phonebuddy.chat/travel promo_popup:shown',
      'com.phonebuddy.chat/travel permission_dialog:denied', 'com.phonebuddy.chat/travel promo_popup:dismissed',
    ]);
    await phone.close();
  });
});

describe('the perturbations as the docs and the task schema name them', () => {
  it('every perturbation is in the task schema, docs/mock-phone.md\'s table and docs/task-language.md', () => {
    const root = path.resolve(__dirname, '..', '..', '..');
    const schema = fs.readFileSync(path.join(root, 'schemas', 'task.schema.json'), 'utf8');
    const table = fs.readFileSync(path.join(root, 'docs', 'mock-phone.md'), 'utf8');
    const language = fs.readFileSync(path.join(root, 'docs', 'task-language.md'), 'utf8');
    for (const name of PERTURBATION_NAMES) {
      assert.match(schema, new RegExp(`Perturbation name: [^"]*\\b${name}\\b`), `task.schema.json: ${name}`);
      assert.match(table, new RegExp(`^\\| \`${name}\` \\|`, 'm'), `docs/mock-phone.md: ${name}`);
      assert.match(language, new RegExp(`\`${name}\``), `docs/task-language.md: ${name}`);
    }
  });
});
