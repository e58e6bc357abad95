// The task language the way an author meets it: open an example task (highlighting, CodeLens
// over the task), click "✓ Check verifiers" and see it proven, then break the SQL and see the
// squiggle on the misspelt table. The screenshots are copied into docs/images/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openFile, revealLine } from '../lib/workbench.mjs';
import { ms } from '../lib/time.mjs';
import { keep } from '../lib/docs-images.mjs';

export const title = 'Task language: CodeLens, Check verifiers, diagnostics in the editor';
export const timeoutMs = 120_000;

export default async function scenario({ page, workspace, runCommand, screenshot, waitForNotification, log }) {
  // The extension-host suites run first and leave editors (and a device panel) open.
  await runCommand('View: Close All Editors').catch(() => {});
  await runCommand('View: Single Column Editor Layout').catch(() => {});
  await openFile(page, 'showcase/hotel-near-disney.task.yaml');
  await revealLine(page, 1);
  const lens = page.locator('.codelens-decoration a', { hasText: 'Check verifiers' }).first();
  await lens.waitFor({ state: 'visible', timeout: ms(30_000) });
  for (const t of ['Run', 'Debug', 'Record']) assert.ok(await page.locator('.codelens-decoration a', { hasText: t }).count(), `no ${t} lens`);
  // Earlier scenarios may have left other tasks' check results among the notifications.
  await runCommand('Notifications: Clear All Notifications').catch(() => {});
  await lens.click();
  const message = await waitForNotification('showcase.hotel-near-disney:', ms(60_000));
  assert.match(message, /1\/1 instances proven/);
  log(message);
  keep(await screenshot('task-language-check'), 'task-language-check');

  // A misspelt table: SQLite's own error, squiggled on the word.
  const broken = path.join(workspace, 'scratch.task.yaml');
  fs.writeFileSync(broken, [
    'id: scratch.pin',
    'goal: Pin the note "{title}"',
    'params:',
    '  title: { choices: [Groceries] }',
    'verify:',
    '  sql:',
    '    app: com.phonebuddy.notes',
    '    query: SELECT pinned FROM notez WHERE title = :title',
    '    expect: row.pinned == 1',
    '',
  ].join('\n'));
  // Folders that earlier scenarios opened push the new file's row below the fold, where the
  // Explorer does not draw it: collapse them first.
  await runCommand('Collapse Folders in Explorer');
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'scratch.task.yaml' }).first().click({ timeout: ms(30_000) });
  await page.locator('.squiggly-error').first().waitFor({ state: 'attached', timeout: ms(30_000) });
  await page.keyboard.press('Control+Shift+M'); // the Problems panel lists it with its position
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'no such table: notez' }).first().waitFor({ state: 'visible', timeout: ms(15_000) });
  keep(await screenshot('task-language-diagnostics'), 'task-language-diagnostics');
  fs.rmSync(broken, { force: true });
}
