// The device panel's state as a person reads it in the workbench: a started mock phone's tab
// names the same phone as its status line (label number = id number, id in the title); the
// side bar's Device view shows a running phone instead of "Pick a device…"; and Agent →
// Local model… with no model set opens Settings on that setting (it opened a tab saying "No
// Settings Found").
import assert from 'node:assert/strict';
import { ms } from '../lib/time.mjs';

export const title = 'Device state: tab title and status line agree, the Device view follows phones, Local model… opens its setting';
export const timeoutMs = 150_000;

async function until(what, probe, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The status line of every device-panel frame that has one. */
async function statusLines(page) {
  const out = [];
  for (const f of page.frames()) {
    const s = await f.evaluate(() => (globalThis.__devicePanel ? document.querySelector('#status')?.textContent ?? '' : undefined)).catch(() => undefined);
    if (s !== undefined) out.push(s);
  }
  return out;
}

export default async function scenario({ page, runCommand, log }) {
  await runCommand('View: Close All Editors').catch(() => {});
  await runCommand('View: Single Column Editor Layout').catch(() => {});

  // A started mock phone: its tab and its status line name the same phone.
  await runCommand('PhoneBuddy: Start Mock Phone');
  const tab = await until('the device panel tab', async () => {
    const titles = await page.locator('.tabs-container .tab').allInnerTexts();
    return titles.map((t) => t.trim()).find((t) => /^Device: Mock phone \d+/.test(t));
  }, 60_000);
  const m = /^Device: Mock phone (\d+) \(mock:(\d+)\)/.exec(tab);
  assert.ok(m, `the tab names the phone's id: ${tab}`);
  assert.equal(m[1], m[2], `label and id are the same phone: ${tab}`);
  await until(`a status line naming mock:${m[2]}`, async () => (await statusLines(page)).some((s) => s.startsWith(`mock:${m[2]} `)), 60_000);
  log(tab);

  // The side bar's Device view, opened now, shows a running phone.
  await runCommand('PhoneBuddy: Focus on Device View').catch(() => runCommand('Focus on Device View'));
  await until('the Device view on a phone', async () => {
    for (const f of page.frames()) {
      const ok = await f.evaluate(() => !!globalThis.__devicePanel && globalThis.__devicePanel.stats.frames > 0
        && /^mock:\d+ /.test(document.querySelector('#status')?.textContent ?? '')
        && document.querySelector('#device-picker')?.value?.startsWith('mock:')
        && document.body.getBoundingClientRect().width < 600).catch(() => false);
      if (ok) return true;
    }
    return false;
  }, 60_000);

  // Agent → Local model… with no model set: Settings shows that very setting.
  await page.locator('.tabs-container .tab', { hasText: 'Device: Mock phone' }).first().click();
  // The panel's webview takes the keyboard after the click and may swallow F1: give the
  // keyboard back to the workbench (the side bar's title), the panel staying the active editor.
  await page.locator('.part.sidebar .composite.title').first().click();
  await runCommand('PhoneBuddy: Run Agent on Mirrored Device');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible', timeout: ms(20_000) });
  await input.fill('Local model');
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Local model…' }).first().waitFor({ state: 'visible', timeout: ms(10_000) });
  await page.keyboard.press('Enter');
  const setting = page.locator('.settings-editor .setting-item', { hasText: 'Folder of a PhoneBuddy model in ONNX' }).first();
  await setting.waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await page.locator('.settings-editor').getByText('No Settings Found', { exact: true }).first().isVisible(), false, 'not an empty Settings tab');
  log('Local model… opened Settings on phonebuddy.model.path');
}
