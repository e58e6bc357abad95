// The panel's device state agrees with itself, in the real webview in Chromium: when the
// mirrored phone leaves the registry (a finished debug session's or run's phone), the picker
// still names that phone — not another one — and the message over the greyed screen is the
// topmost thing where it is drawn (it used to sit under the screen, present but unseen).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { CHROMIUM, openBrowserPanel } from './testing/browser-panel';
import { until } from '../../scripts/lib/ports.mjs';

test('a phone that left the registry: the picker names it, and the message over the greyed screen is visible on top', { timeout: 180_000 }, async (t) => {
  if (!fs.existsSync(CHROMIUM)) {
    t.skip(`no Chromium at ${CHROMIUM} (set PHONEBUDDY_CHROMIUM)`);
    return;
  }
  const { phone, registry, page, errors, close } = await openBrowserPanel();
  try {
    const { createMockPhone } = await import('../mockphone');
    const other = await createMockPhone({ seed: 0 });
    registry.add(other, 'Mock phone 2');
    registry.remove(phone.id);
    const message = page.locator('#message');
    await message.filter({ hasText: 'no longer known' }).waitFor({ timeout: 30_000 });
    assert.match(await message.innerText(), new RegExp(`${phone.id} is no longer known`));
    assert.equal(await message.locator('vscode-button').count(), 0, 'nothing to reconnect to: no Reconnect button');
    // What a person sees at the message's centre is the message, not the screen above it.
    const topmost = await until('the message laid out', () => page.evaluate(() => {
      const m = document.querySelector('#message') as HTMLElement;
      const r = m.getBoundingClientRect();
      if (r.width === 0) return undefined;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit ? (m.contains(hit) ? 'message' : `${hit.tagName}.${hit.className}`) : 'nothing';
    }));
    assert.equal(topmost, 'message', 'the message is on top of the greyed screen');
    const picked = await page.locator('#device-picker').evaluate((el) => (el as HTMLElement & { value: string }).value);
    assert.equal(picked, phone.id, 'the picker names the phone the screen shows');
    assert.equal(await page.locator(`#device-picker vscode-option[value="${phone.id}"]`).textContent(), `${phone.id} (gone)`);
    assert.deepEqual(errors, []);
    await other.close();
  } finally {
    await close();
  }
});
