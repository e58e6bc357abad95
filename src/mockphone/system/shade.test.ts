import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../index';
import { find, findAll, tapNode } from '../testing';

describe('notification shade', () => {
  it('opens by pulling down the status bar; quick settings write the settings provider', async () => {
    const p = await createMockPhone();
    await p.openApp('com.phonebuddy.notes');
    await p.swipe({ x: 540, y: 40 }, { x: 540, y: 1200 }, 300);
    assert.equal((await find(p, { id: 'tile_internet' })).checked, true);
    assert.equal((await findAll(p, { id: 'note' })).length, 0); // the shade is the active window
    await tapNode(p, { id: 'tile_internet' });
    assert.equal(p.getSetting('global', 'wifi_on'), '0');
    await tapNode(p, { id: 'tile_airplane' });
    assert.equal(p.getSetting('global', 'airplane_mode_on'), '1');
    await tapNode(p, { id: 'tile_dark' });
    assert.equal(p.getSetting('secure', 'ui_night_mode'), '2');
    assert.deepEqual(await p.typeText('x'), { method: 'mock', delivered: false }); // no field in the shade
    await p.pressKey('back');
    assert.ok((await findAll(p, { id: 'note' })).length > 0);
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.notes');
  });

  it('keeps posted notifications until opened; opening one launches its app', async () => {
    const p = await createMockPhone({ seed: 1 });
    await p.openApp('com.phonebuddy.messages');
    await tapNode(p, { id: 'conversation' });
    await tapNode(p, { id: 'compose_message_text' });
    await p.typeText('Lunch?\n');
    await p.openApp('com.phonebuddy.notes');
    await p.wait(40_000); // the reply arrives; the heads-up banner times out
    assert.equal((await findAll(p, { id: 'notification' })).length, 0);
    await p.swipe({ x: 300, y: 20 }, { x: 300, y: 1500 }, 300);
    const n = await find(p, { id: 'notification' });
    assert.equal(n.desc, 'Messages');
    await tapNode(p, { id: 'notification' });
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.messages');
    await p.swipe({ x: 300, y: 20 }, { x: 300, y: 1500 }, 300);
    assert.equal((await findAll(p, { id: 'notification' })).length, 0);
    await p.swipe({ x: 540, y: 1900 }, { x: 540, y: 300 }, 300); // swipe up closes
    assert.equal((await findAll(p, { id: 'notification_shade' })).length, 0);
  });
});
