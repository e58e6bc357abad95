// Writing a mock app the way an author meets it: PhoneBuddy: New Mock App from the palette
// (kind, package, name, modules), the file's squiggle on a table the app does not declare (with
// the Problems panel), the completion list of module kinds, then a new mock phone in the device
// panel showing the app, opened from its launcher. The screenshots are copied into docs/images/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { goToLine } from '../lib/workbench.mjs';
import { ms, until } from '../lib/time.mjs';
import { keep } from '../lib/docs-images.mjs';
import { panelFrame, panelNodes, tapPanelNode } from '../lib/device-panel.mjs';

export const title = 'App authoring: New Mock App, diagnostics and completion in an app file, the app on the device panel';
export const timeoutMs = 180_000;

export default async function scenario({ page, workspace, runCommand, screenshot, log }) {
  await runCommand('View: Close All Editors').catch(() => {});
  await runCommand('View: Single Column Editor Layout').catch(() => {});
  const file = path.join(workspace, 'apps', 'bookshelf.app.yaml');
  fs.rmSync(file, { force: true });

  // 1. New Mock App: its kind (a YAML app, the first), a package, a name, the modules (list,
  // detail and form are picked already; every kind of the schema is offered, with its description).
  await runCommand('PhoneBuddy: New Mock App');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'its kind' }).waitFor({ state: 'visible', timeout: ms(20_000) });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'its package' }).waitFor({ state: 'visible', timeout: ms(10_000) });
  await input.fill('com.example.bookshelf');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'its name on the launcher' }).waitFor({ state: 'visible', timeout: ms(10_000) });
  await input.fill('Bookshelf');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'its screens' }).waitFor({ state: 'visible', timeout: ms(10_000) });
  // Settings too: tick its row.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Switches kept in a (key' }).first().click();
  keep(await screenshot('apps-new-mock-app'), 'apps-new-mock-app');
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: 'bookshelf.app.yaml' }).first().waitFor({ state: 'visible', timeout: ms(20_000) });
  await until('the app file written', () => fs.existsSync(file));
  const clean = fs.readFileSync(file, 'utf8');
  assert.match(clean, /module: settings/);

  // 2. A table the app does not declare: squiggled on the word, listed in the Problems panel.
  fs.writeFileSync(file, clean.replace("'SELECT id, name, note FROM items WHERE id = ?'", "'SELECT id, name, note FROM books WHERE id = ?'"));
  await goToLine(page, clean.split('\n').findIndex((l) => l.includes('FROM items WHERE id = ?')) + 1);
  await page.locator('.squiggly-error').first().waitFor({ state: 'attached', timeout: ms(30_000) });
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'no such table: books' }).first().waitFor({ state: 'visible', timeout: ms(15_000) });
  keep(await screenshot('apps-editor-diagnostics'), 'apps-editor-diagnostics');
  fs.writeFileSync(file, clean);
  await until('the squiggle to go', async () => (await page.locator('.squiggly-error').count()) === 0);

  // 3. Completion of module kinds, with each one's description.
  const moduleLine = clean.split('\n').findIndex((l) => l === '    module: detail') + 1;
  await goToLine(page, moduleLine);
  await page.keyboard.press('End');
  await page.keyboard.press('Control+Backspace');
  await page.keyboard.press('Control+Space');
  // 'detail' is within the first rows of the (alphabetical) list of every module kind.
  const suggest = page.locator('.suggest-widget .monaco-list-row', { hasText: 'detail' }).first();
  await suggest.waitFor({ state: 'visible', timeout: ms(20_000) });
  // The details pane: the focused entry's description and parameters.
  const details = page.locator('.suggest-details');
  if (!(await details.isVisible().catch(() => false))) await page.keyboard.press('Control+Space');
  await details.waitFor({ state: 'visible', timeout: ms(10_000) }).catch(() => log('no details pane'));
  keep(await screenshot('apps-editor-completion'), 'apps-editor-completion');
  await page.keyboard.press('Escape');
  // Undo the deletion and save: the file on disk is the clean one again (whatever auto-save did).
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+S');
  await until('the clean app file on disk', () => fs.readFileSync(file, 'utf8') === clean);

  // 4. A new mock phone runs the workspace's apps: open Bookshelf from its launcher.
  await page.keyboard.press('Control+Shift+M'); // the Problems panel closes
  await runCommand('PhoneBuddy: Start Mock Phone');
  const frame = await panelFrame(page);
  await page.locator('.part.sidebar .composite.title').first().click();
  await runCommand('View: Lock Editor Group');
  const nodesNow = () => panelNodes(frame);
  const icon = await until('the Bookshelf icon on the launcher', async () => (await nodesNow()).filter((n) => n.attrs.text === 'Bookshelf').at(-1));
  await tapPanelNode(frame, icon);
  await until('the app\'s list on the phone', async () => (await nodesNow()).some((n) => n.attrs.text === 'First item'));
  keep(await screenshot('apps-device-panel'), 'apps-device-panel');
  await page.locator('.part.sidebar .composite.title').first().click();
  await runCommand('View: Unlock Editor Group').catch(() => {});
  await runCommand('View: Close All Editors').catch(() => {});
  fs.rmSync(file, { force: true });
}
