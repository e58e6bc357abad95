import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../../index';
import { find, tapNode } from '../../testing';

const PKG = 'com.phonebuddy.settings';
const PROVIDER = 'com.android.providers.settings';

describe('Settings', () => {
  it('toggles Wi-Fi and airplane mode through the UI', async () => {
    const p = await createMockPhone();
    await p.openApp(PKG);
    await tapNode(p, { id: 'network' });
    assert.equal((await find(p, { id: 'switch_widget', desc: 'Wi-Fi' })).checked, true);
    await tapNode(p, { id: 'wifi' });
    assert.equal(p.getSetting('global', 'wifi_on'), '0');
    assert.equal((await find(p, { id: 'switch_widget', desc: 'Wi-Fi' })).checked, false);
    await tapNode(p, { id: 'airplane_mode' });
    assert.deepEqual(await p.queryApp(PROVIDER, "SELECT name, value FROM global WHERE name IN ('airplane_mode_on', 'bluetooth_on') ORDER BY name"),
      [{ name: 'airplane_mode_on', value: '1' }, { name: 'bluetooth_on', value: '0' }]);
    await tapNode(p, { id: 'airplane_mode' });
    assert.equal(p.getSetting('global', 'wifi_on'), '1');
  });

  it('turns Bluetooth on', async () => {
    const p = await createMockPhone();
    await p.openApp(PKG);
    await tapNode(p, { id: 'connected_devices' });
    await tapNode(p, { id: 'bluetooth' });
    assert.equal(p.getSetting('global', 'bluetooth_on'), '1');
  });

  it('switches the whole phone to the dark theme, sets brightness and font size', async () => {
    const p = await createMockPhone();
    await p.openApp(PKG);
    await tapNode(p, { id: 'display' });
    const light = (await p.screenshot()).data;
    await tapNode(p, { id: 'dark_theme' });
    assert.equal(p.getSetting('secure', 'ui_night_mode'), '2');
    assert.notDeepEqual((await p.screenshot()).data, light);
    const slider = await find(p, { id: 'brightness_slider' });
    await p.tap({ x: slider.bounds[0] + Math.round((slider.bounds[2] - slider.bounds[0]) * 0.25), y: (slider.bounds[1] + slider.bounds[3]) / 2 });
    const b = Number(p.getSetting('system', 'screen_brightness'));
    assert.ok(b > 55 && b < 72, `brightness ${b}`);
    // dragging the slider's thumb to the right end sets full brightness
    await p.drag({ x: slider.bounds[0] + 60, y: (slider.bounds[1] + slider.bounds[3]) / 2 }, { x: slider.bounds[2] + 50, y: (slider.bounds[1] + slider.bounds[3]) / 2 }, 400);
    assert.equal(p.getSetting('system', 'screen_brightness'), '255');
    const titleBefore = await find(p, { text: 'Font size' });
    await tapNode(p, { id: 'font_size' });
    await tapNode(p, { id: 'font_largest' });
    assert.equal(p.getSetting('system', 'font_scale'), '1.3');
    await p.pressKey('back');
    const titleAfter = await find(p, { text: 'Font size' });
    assert.ok(titleAfter.bounds[3] - titleAfter.bounds[1] > titleBefore.bounds[3] - titleBefore.bounds[1], 'text grows with font_scale');
  });
});
