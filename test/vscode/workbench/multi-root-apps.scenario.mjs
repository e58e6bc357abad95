// A multi-root workspace (a .code-workspace with two folders, each holding one YAML app in its
// apps/) opened in a window of its own on the shared server: a mock phone started in the device
// panel has both folders' apps on its launcher; and a task file in the second folder, on the
// first folder's app, gets that app's tables in its diagnostics (a misspelt table is named with
// the app's own as the fix, not "unknown app") and ✓ Check proves it. The window closes at the
// end; the shared window is left as it was.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { panelFrame, panelNodes } from '../lib/device-panel.mjs';
import { ms, until } from '../lib/time.mjs';
import { QUIET_SETTINGS, clickLens, openFile, openPage, runCommand, screenshot, waitForNotification, waitForWorkbench, workbenchUrl } from '../lib/workbench.mjs';

export const title = 'multi-root: two folders\' YAML apps on the panel\'s launcher, a task in one folder checked on the other\'s app';
export const timeoutMs = 240_000;

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const example = (name) => fs.readFileSync(path.join(root, 'apps-examples', name), 'utf8');
const TASK_ID = 'larder.add_honey';

export default async function scenario({ page, serverUrl, outputDir, log }) {
  // Folder alpha: the pantry example as "Larder" (its own package); folder beta: the bakery
  // example, and a task on alpha's app.
  const ws = path.join(outputDir, 'multi-root');
  fs.rmSync(ws, { recursive: true, force: true });
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  };
  const larder = example('pantry.app.yaml').replaceAll('com.example.pantry', 'com.example.larder').replace('label: { en-US: Pantry,', 'label: { en-US: Larder,');
  assert.match(larder, /label: \{ en-US: Larder,/);
  write('alpha/apps/larder.app.yaml', larder);
  write('beta/apps/bakery.app.yaml', example('bakery.app.yaml'));
  const task = example('pantry-add-honey.task.yaml').replaceAll('com.example.pantry', 'com.example.larder').replace('id: pantry.add_honey', `id: ${TASK_ID}`);
  const taskFile = 'beta/tasks/larder-honey.task.yaml';
  write(taskFile, task.replace("FROM items WHERE name = 'Honey'", "FROM itemz WHERE name = 'Honey'"));
  const workspaceFile = path.join(ws, 'two-folders.code-workspace');
  fs.writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'alpha' }, { path: 'beta' }], settings: QUIET_SETTINGS }, null, 2));

  const win = await openPage(page.context(), path.join(outputDir, 'workbench-multi-root.log'));
  const shot = (name) => screenshot(win, path.join(outputDir, 'screenshots'), name);
  try {
    await win.goto(workbenchUrl(serverUrl, workspaceFile, { extensionPath: root }), { waitUntil: 'domcontentloaded' });
    await waitForWorkbench(win);
    log('the two-folder window is up');

    // 1. The device panel's mock phone: both folders' apps on its launcher.
    await runCommand(win, 'PhoneBuddy: Start Mock Phone', 60_000);
    const frame = await panelFrame(win);
    const labels = await until('both folders\' apps on the launcher', async () => {
      const shown = (await panelNodes(frame)).map((n) => n.attrs.text).filter(Boolean);
      return shown.includes('Larder') && shown.includes('Bakery') && shown;
    }, 60_000).catch(async (e) => {
      throw new Error(`${e.message}; the launcher shows ${JSON.stringify((await panelNodes(frame)).map((n) => n.attrs.text).filter(Boolean))}`);
    });
    log(`launcher: ${labels.join(', ')}`);
    await shot('multi-root-launcher');

    // 2. The task in beta on alpha's app: its SQL is checked against alpha's tables.
    await openFile(win, 'larder-honey.task.yaml');
    await win.keyboard.press('Control+Shift+M');
    const problem = win.locator('.markers-panel .monaco-list-row', { hasText: 'itemz' }).first();
    await problem.waitFor({ state: 'visible', timeout: ms(60_000) });
    const message = await problem.innerText();
    assert.match(message, /did you mean 'items'/, `the fix is alpha's own table: ${message}`);
    assert.doesNotMatch(message, /unknown app/, message);
    await shot('multi-root-task-diagnostics');
    await win.keyboard.press('Control+Shift+M');

    // 3. Written right, ✓ Check proves it on alpha's app.
    fs.writeFileSync(path.join(ws, taskFile), task);
    await until('the editor to show the corrected task', async () => (await win.locator('.monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ').includes("FROM items WHERE name = 'Honey'"));
    await problem.waitFor({ state: 'detached', timeout: ms(30_000) }).catch(() => {});
    await clickLens(win, 'Check verifiers');
    const checked = await waitForNotification(win, `${TASK_ID}:`, 120_000);
    log(checked);
    assert.match(checked, /1\/1 instances? proven/);
  } finally {
    await win.close().catch(() => {});
  }
}
