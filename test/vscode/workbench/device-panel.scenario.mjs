// The device panel driven by a person in the real workbench: open it from the command palette
// on a mock phone, inspect a launcher icon and copy its selector, click the icon on the
// mirrored screen and see the phone open that app, drag to scroll, type into a field, then
// drive an episode by hand and see the agent overlay. The screenshots are kept as test
// artefacts and copied into docs/images/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { until } from '../lib/time.mjs';
import { keep } from '../lib/docs-images.mjs';
import { panelFrame, panelPosition } from '../lib/device-panel.mjs';

export const title = 'Device panel: mirror, inspect, click, scroll and type on a mock phone';
export const timeoutMs = 150_000;

export default async function scenario({ page, runCommand, waitForNotification, screenshot, log, outputDir }) {
  // Keys typed while the panel has focus go to the phone (Escape included), so move focus to
  // the workbench before using the command palette.
  // (The side bar's title: clicking inside the Explorer tree would open a file.)
  const leavePanel = () => page.locator('.part.sidebar .composite.title').first().click();
  // Editors restored from earlier sessions of this workspace would otherwise open over the
  // panel (a hidden webview is torn down); start from an empty editor area.
  await runCommand('View: Close All Editors');
  await page.waitForTimeout(500);
  await runCommand('PhoneBuddy: Open Device Panel');
  const frame = await panelFrame(page);
  const stage = frame.locator('#stage');
  await frame.waitForTimeout(500);
  // Other features may open editors while this runs (restored or revealed task files); a
  // locked group keeps them from covering — and so tearing down — the panel's webview.
  await leavePanel();
  await runCommand('View: Lock Editor Group');

  /** Stage-relative CSS position of a device pixel, computed by the panel's own mapping. */
  const positionOf = (x, y) => panelPosition(frame, x, y);
  const centre = (n) => ({ x: Math.round((n.bounds[0] + n.bounds[2]) / 2), y: Math.round((n.bounds[1] + n.bounds[3]) / 2) });
  const framesPainted = () => frame.evaluate(() => globalThis.__devicePanel.stats.frames);

  /** The UI tree as the inspector sees it (turns inspect mode on and, unless kept, off again). */
  async function inspectNodes(keepOn = false) {
    await frame.locator('#inspect-toggle').click();
    const nodes = await until('the inspector UI tree', () => frame.evaluate(() => {
      const n = globalThis.__devicePanel.inspectorNodes();
      return n.length > 0 ? n : undefined;
    }));
    if (!keepOn) await frame.locator('#inspect-toggle').click();
    return nodes;
  }

  // 1. The mirrored launcher, for the docs.
  const shot = await screenshot('device-panel');
  keep(shot, 'device-panel');

  // 2. Inspector: hover the Notes icon, see its attributes, click to copy a selector.
  let nodes = await inspectNodes(true);
  const notesIcon = nodes.filter((n) => n.attrs.text === 'Notes').at(-1);
  assert.ok(notesIcon, 'the launcher shows a Notes icon');
  const iconPos = await positionOf(centre(notesIcon).x, centre(notesIcon).y);
  await stage.hover({ position: iconPos });
  await until('the inspector to show the hovered node', async () => (await frame.locator('#inspector-details').innerText()).includes('Notes'));
  const inspectShot = await screenshot('device-panel-inspector');
  keep(inspectShot, 'device-panel-inspector');
  await stage.click({ position: iconPos });
  const toast = await until('the copied-selector toast', async () => {
    const t = await frame.locator('#toast').innerText().catch(() => '');
    return t.includes('Copied selector') && t;
  });
  assert.match(toast, /Copied selector \{ (text: Notes|resource-id: [^}]+) \}/);
  log(toast);
  await frame.locator('#inspect-toggle').click();

  // 3. Click the icon on the mirrored screen: the phone opens Notes. (The inspector's details
  // column is gone now, so the phone is drawn elsewhere: map the point again.)
  const before = await framesPainted();
  await stage.click({ position: await positionOf(centre(notesIcon).x, centre(notesIcon).y) });
  await until('a new frame after the click', async () => (await framesPainted()) > before);
  await leavePanel();
  await runCommand('PhoneBuddy: Show Foreground App of the Mirrored Device');
  await waitForNotification('com.phonebuddy.notes');

  // 4. Drag to scroll the notes list: the last note moves up.
  nodes = await inspectNodes();
  const titleY = (ns, text) => ns.find((n) => n.attrs.text === text)?.bounds[1];
  const gift = titleY(nodes, 'Gift ideas');
  assert.ok(gift !== undefined, 'the notes list shows "Gift ideas"');
  const box = await stage.boundingBox();
  const from = await positionOf(540, 1900);
  const to = await positionOf(540, 900);
  await page.mouse.move(box.x + from.x, box.y + from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + from.x, box.y + from.y + ((to.y - from.y) * i) / 10);
    await page.waitForTimeout(25);
  }
  await page.mouse.up();
  const moved = await until('the list to scroll', async () => {
    const ns = await inspectNodes();
    const y = titleY(ns, 'Gift ideas');
    return y !== undefined && y < gift - 200 && y;
  });
  log(`"Gift ideas" moved from y=${gift} to y=${moved}`);

  // 5. Type into the search field: tap it, type on the keyboard, the list filters.
  const search = nodes.find((n) => (n.attrs['resource-id'] ?? '').endsWith(':id/search_bar'));
  assert.ok(search, 'the notes list has a search bar');
  const searchPos = await positionOf(centre(search).x, centre(search).y);
  await stage.click({ position: searchPos });
  await page.waitForTimeout(300);
  await page.keyboard.type('pancakes', { delay: 20 });
  const filtered = await until('the search text and the filtered list', async () => {
    const ns = await inspectNodes();
    const field = ns.find((n) => (n.attrs['resource-id'] ?? '').endsWith(':id/search_bar'));
    const titles = ns.filter((n) => (n.attrs['resource-id'] ?? '').endsWith(':id/note_title')).map((n) => n.attrs.text);
    return field?.attrs.text === 'pancakes' && titles.length === 1 && titles;
  });
  assert.deepEqual(filtered, ['Recipe: pancakes']);
  const notesShot = await screenshot('device-panel-typing');
  keep(notesShot, 'device-panel-typing');

  // 6. Drive by hand: the person is the agent's policy; the overlay draws each action.
  await leavePanel();
  await runCommand('PhoneBuddy: Drive Mirrored Device by Hand');
  const goalBox = page.locator('.quick-input-widget .quick-input-box input');
  await goalBox.waitFor({ state: 'visible' });
  await goalBox.fill('Open the pancake recipe');
  await page.keyboard.press('Enter');
  await until('the "your turn" banner', async () => (await frame.locator('#human-turn').innerText().catch(() => '')).includes('Your turn'));
  const card = (await inspectNodes()).find((n) => n.attrs.text === 'Recipe: pancakes');
  assert.ok(card, 'the filtered list shows the recipe');
  await stage.click({ position: await positionOf(centre(card).x, centre(card).y) });
  await until('the next turn after the tap was executed', async () => (await frame.locator('#human-turn').innerText()).includes('step 2'));
  await frame.waitForTimeout(300);
  const agentShot = await screenshot('device-panel-agent');
  keep(agentShot, 'device-panel-agent');
  await frame.locator('vscode-button[data-item-id="human.finish"]').click();
  await waitForNotification('Hand-driven episode finished after 2 step(s)');

  // 7. The same panel as a view in the PhoneBuddy activity-bar container, mirroring the phone
  //    beside the editor tab.
  await page.locator('.activitybar .action-item a[aria-label^="PhoneBuddy"]').first().click();
  await until('the Device view to paint the phone too', async () => {
    let painted = 0;
    for (const f of page.frames()) {
      if (await f.evaluate(() => globalThis.__devicePanel?.stats.frames > 0).catch(() => false)) painted++;
    }
    return painted >= 2;
  }, 30_000);
  await page.waitForTimeout(500);
  const viewShot = await screenshot('device-panel-view');
  keep(viewShot, 'device-panel-view');

  const stats = await frame.evaluate(() => {
    const s = globalThis.__devicePanel.stats;
    const sorted = [...s.latencies].sort((a, b) => a - b);
    return { frames: s.frames, inputs: sorted.length, medianLatencyMs: sorted[Math.floor(sorted.length / 2)], bytes: s.bytes };
  });
  log(`frames ${stats.frames}, input→frame latency median ${stats.medianLatencyMs?.toFixed(1)} ms over ${stats.inputs} inputs, last frame ${Math.round(stats.bytes / 1024)} KiB`);
  fs.writeFileSync(path.join(outputDir, 'device-panel-stats.json'), `${JSON.stringify(stats, null, 2)}\n`);
}
