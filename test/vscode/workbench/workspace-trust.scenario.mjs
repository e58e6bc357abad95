// Workspace Trust, seen: a folder nobody trusted opens in Restricted Mode. Reading, checking
// and running a task with no shell parts work as ever — one on the folder's own mock app too
// (apps/*.app.yaml: data, no code); a task's shell setup step and shell
// verifier are left out with a message saying so (the editor's warnings on those lines, the
// run's and the check's warnings, the run report); a launch configuration and a Test Explorer
// run are refused by VS Code's own trust dialog; the folder's model setting is ignored; the
// folder's TypeScript mock app (apps/tally.app.ts) is not loaded — a warning names it — while
// its YAML app is on the panel's phone. Trusting the folder from the run's message (its Manage
// Workspace Trust button) then runs them: the same task passes, which it only does when both
// shell parts ran, ▶ Run asks which policy (the model setting applies), the launch
// configuration debugs the task, and the TypeScript app appears on the panel's phone and runs.
//
// It runs in a window of its own on a server with Workspace Trust on (run.mjs): the shared
// window's server has it off, and trust, once given, stays in the browser profile.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { clickLens, openFile } from '../lib/workbench.mjs';
import { ms, until } from '../lib/time.mjs';
import { panelFrame, panelNodes, tapPanelNode } from '../lib/device-panel.mjs';
import { keep } from '../lib/docs-images.mjs';

export const title = 'Workspace Trust: Restricted Mode leaves the shell parts and launch configurations out, with a message; trusting runs them';
export const timeoutMs = 240_000; // its steps took 175 s at a load average of 20 (the workspace app's check and run included)
export const workspaceTrust = true;
/** The folder this scenario opens (a fresh copy): two tasks and a launch.json… */
export const workspace = 'test/fixtures/untrusted-workspace';
/** …and two mock apps, from the examples: one in YAML, one in TypeScript (it runs code). */
export const workspaceFiles = { 'apps/pantry.app.yaml': 'apps-examples/pantry.app.yaml', 'apps/tally.app.ts': 'apps-examples/tally.app.ts' };

/** The screenshot docs/task-language.md shows, taken from this run. */
function keepForDocs(file) {
  fs.copyFileSync(file, new URL('../../../docs/images/workspace-trust.png', import.meta.url));
}

const WIFI = 'wifi-on.task.yaml';
const NOTE = 'note.task.yaml';
const PANTRY = 'pantry.task.yaml';
const UNTRUSTED_NOTE = 'shell steps and shell verifiers did not run: this workspace is not trusted (Restricted Mode)';

// Each message is told apart from the others by its text (they differ in their verdicts), so
// no step has to clear the earlier ones.
export default async function scenario({ page, runCommand, screenshot, waitForNotification, workspace, log: say }) {
  const t0 = Date.now();
  // The folder's own mock app (the example of docs/authoring-apps.md) and a task on it.
  const examples = new URL('../../../apps-examples/', import.meta.url);
  fs.mkdirSync(`${workspace}/apps`, { recursive: true });
  fs.copyFileSync(new URL('pantry.app.yaml', examples), `${workspace}/apps/pantry.app.yaml`);
  fs.copyFileSync(new URL('pantry-add-honey.task.yaml', examples), `${workspace}/${PANTRY}`);
  const log = (...args) => say(`${((Date.now() - t0) / 1000).toFixed(1)} s:`, ...args);
  const restricted = page.locator('.statusbar-item', { hasText: 'Restricted Mode' });
  await restricted.first().waitFor({ state: 'visible', timeout: ms(15_000) });
  // An empty secondary side bar (the folder's setting that hides it is not applied in
  // Restricted Mode) would take the screenshot's room.
  await runCommand('View: Hide Secondary Side Bar').catch(() => {});
  // ▶ Run's question when the settings name a model (the folder's do; ignored untrusted).
  const policyPick = page.locator('.quick-input-widget .quick-input-box input[placeholder="Which policy plays the task?"]');
  const problem = (text) => page.locator('.markers-panel .monaco-list-row', { hasText: text }).first();
  const outputHas = (text) => page.locator('.part.panel .monaco-editor .view-lines', { hasText: text }).first()
    .waitFor({ state: 'visible', timeout: ms(15_000) });

  // 1. Safe parts: a task with no shell parts is checked and run as in a trusted folder, and
  // with the solution: the folder's phonebuddy.model.path is not applied (no policy question).
  await openFile(page, NOTE);
  await clickLens(page, 'Check verifiers');
  assert.equal(await waitForNotification('trust.note: 1/1', 60_000), 'trust.note: 1/1 instances proven');
  await clickLens(page, 'Run');
  const asked = policyPick.waitFor({ state: 'visible', timeout: ms(60_000) }).then(() => true, () => false);
  const safeRun = await Promise.race([
    waitForNotification('trust.note: passed', 60_000),
    asked.then((yes) => (yes ? Promise.reject(new Error("▶ Run asked which policy plays: Restricted Mode applied the folder's phonebuddy.model.path (restrictedConfigurations)")) : new Promise(() => {}))),
  ]);
  assert.equal(safeRun, 'trust.note: passed — see the PhoneBuddy Tasks output');
  log('safe parts:', safeRun);
  // The same for a task on the folder's YAML app (phonebuddy.apps.folder, default apps/): it
  // runs no code, so Restricted Mode loads it for Check and Run alike.
  await openFile(page, PANTRY);
  await clickLens(page, 'Check verifiers');
  assert.equal(await waitForNotification('pantry.add_honey: 1/1', 60_000), 'pantry.add_honey: 1/1 instances proven');
  await clickLens(page, 'Run');
  assert.equal(await waitForNotification('pantry.add_honey: passed', 60_000), 'pantry.add_honey: passed — see the PhoneBuddy Tasks output');
  log('the workspace app: checked and run');

  // 2. The shell lines are marked in the editor.
  await openFile(page, WIFI);
  await runCommand('Problems: Focus on Problems View');
  await problem('setup.shell does not run in an untrusted workspace').waitFor({ state: 'visible', timeout: ms(30_000) });
  await problem('shell verifier does not run in an untrusted workspace').waitFor({ state: 'visible', timeout: ms(5_000) });
  await screenshot('workspace-trust-restricted');
  log('shell lines marked');

  // 3. The launch configuration (launch.json: debug the Wi-Fi task) is refused by VS Code's
  // trust dialog; Cancel leaves it refused.
  await runCommand('Debug: Start Debugging');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: ms(20_000) });
  assert.match(await dialog.innerText(), /Debugging executes build tasks and program code from your workspace/);
  await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
  await dialog.waitFor({ state: 'hidden', timeout: ms(10_000) });
  // So is a Test Explorer run (each task is a test: once discovered, its ▷ is in the gutter).
  await page.locator('.monaco-editor .codicon-testing-run-icon').first().waitFor({ state: 'visible', timeout: ms(30_000) });
  await runCommand('Test: Run All Tests');
  await dialog.waitFor({ state: 'visible', timeout: ms(20_000) });
  assert.match(await dialog.innerText(), /Running tests may execute code in your workspace/);
  await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
  await dialog.waitFor({ state: 'hidden', timeout: ms(10_000) });
  log('launch and test run refused');

  // 4. ✓ Check: not proven, because the shell verifier did not run, and it says so.
  await clickLens(page, 'Check verifiers');
  const check = await waitForNotification('trust.wifi-on: 0/1', 60_000);
  assert.equal(check, `trust.wifi-on: 0/1 instances proven — problems found, see the PhoneBuddy Tasks output — ${UNTRUSTED_NOTE}`);
  await outputHas('not proven: the verifiers that decide did not run');
  log('check: not proven');

  // 5. ▶ Run: the shell setup step and the shell verifier are left out; the warning says so
  // and the run report names each.
  await clickLens(page, 'Run');
  const run = await waitForNotification('trust.wifi-on: FAILED', 60_000);
  assert.equal(run, `trust.wifi-on: FAILED — ${UNTRUSTED_NOTE}; see the PhoneBuddy Tasks output`);
  await outputHas('setup.shell skipped: shell steps do not run in an untrusted workspace');
  await outputHas('skipped: shell verifiers do not run in an untrusted workspace');
  keepForDocs(await screenshot('workspace-trust-run-untrusted'));
  log('untrusted run:', run);
  // The refused launch started nothing (asked now, long after its dialog closed).
  assert.equal(await page.locator('.debug-toolbar').count(), 0, 'a debug session started although its launch was refused');
  assert.equal(await page.locator('.statusbar.debugging').count(), 0, 'a debug session started although its launch was refused');

  // 5b. The TypeScript app is not loaded, and a warning naming it says why; the YAML app is on
  // the panel's phone as in a trusted folder. (A phone of its own: the runs' phones are
  // another kind, and their panel is closed first.)
  // Keys typed while the panel has focus go to the phone: focus goes back to the workbench (the
  // side bar's title) before the command palette is used.
  const leavePanel = () => page.locator('.part.sidebar .composite.title').first().click();
  await runCommand('View: Close All Editors');
  await runCommand('PhoneBuddy: Start Mock Phone');
  await leavePanel();
  const refused = await waitForNotification('apps/tally.app.ts is a TypeScript app', 60_000);
  assert.match(refused, /^apps\/tally\.app\.ts is a TypeScript app: it runs code, so it loads only in a trusted workspace/);
  let frame = await panelFrame(page);
  const labels = (nodes) => nodes.map((n) => n.attrs.text).filter(Boolean);
  const untrustedLauncher = await until('the YAML app on the launcher', async () => {
    const texts = labels(await panelNodes(frame));
    return texts.includes('Pantry') && texts;
  }, 30_000);
  assert.ok(!untrustedLauncher.includes('Tally'), `the TypeScript app is not installed in Restricted Mode: ${untrustedLauncher.join(', ')}`);
  await screenshot('workspace-trust-ts-app-refused');
  await leavePanel();
  await runCommand('View: Close All Editors');
  log('TypeScript app refused, YAML app on the phone');

  // 6. Trust the folder from the run's warning: its button opens VS Code's Workspace Trust editor.
  await runCommand('Notifications: Show Notifications');
  await page.locator('.notifications-center .notification-list-item', { hasText: 'trust.wifi-on: FAILED' }).first()
    .locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).click({ timeout: ms(10_000) });
  const trustEditor = page.locator('.workspace-trust-editor');
  await trustEditor.waitFor({ state: 'visible', timeout: ms(15_000) });
  await trustEditor.locator('.monaco-button', { hasText: /^Trust$/ }).first().click();
  await restricted.first().waitFor({ state: 'hidden', timeout: ms(15_000) });
  log('the folder is trusted');

  // 7. Trusted: the editor's trust warnings and the check's "not proven" go, the folder's
  // model setting applies (▶ Run asks which policy plays), the run passes (both shell parts
  // ran), and the launch configuration debugs the task to a passing verdict.
  await openFile(page, WIFI); // open, so its diagnostics are listed (gone only once recomputed)
  await runCommand('Problems: Focus on Problems View');
  await page.locator('.markers-panel').waitFor({ state: 'visible', timeout: ms(10_000) });
  await problem('setup.shell does not run in an untrusted workspace').waitFor({ state: 'detached', timeout: ms(30_000) });
  await problem('not proven').waitFor({ state: 'detached', timeout: ms(5_000) });
  await openFile(page, WIFI);
  await clickLens(page, 'Run', policyPick);
  const row = (label) => page.locator('.quick-input-list .monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) }).first();
  await row('Local model').waitFor({ state: 'visible', timeout: ms(10_000) });
  await row('Reference solution').click();
  const trustedRun = await waitForNotification('trust.wifi-on: passed', 60_000);
  assert.equal(trustedRun, 'trust.wifi-on: passed — see the PhoneBuddy Tasks output');
  log('trusted run:', trustedRun);

  await runCommand('Debug: Start Debugging');
  await runCommand('Debug Console: Focus on Debug Console View');
  // No trust dialog this time (it would hold the session back, and this would time out).
  await page.locator('.repl .monaco-list-row', { hasText: /episode finish: .* verifier passed/ }).first()
    .waitFor({ state: 'visible', timeout: ms(60_000) });
  await screenshot('workspace-trust-trusted');

  // 8. Trusted, the TypeScript app loads (no reload of the window): it is on a mock phone's
  // launcher in the panel, and it runs there — its list of counters, drawn by its own code.
  await runCommand('View: Close All Editors');
  await runCommand('PhoneBuddy: Start Mock Phone');
  frame = await panelFrame(page);
  const tally = await until('the TypeScript app on the launcher', async () => (await panelNodes(frame)).filter((n) => n.attrs.text === 'Tally').at(-1), 60_000);
  await tapPanelNode(frame, tally);
  const opened = await until('the TypeScript app\'s list on the phone', async () => {
    const texts = labels(await panelNodes(frame));
    return texts.includes('Push-ups') && texts;
  }, 30_000);
  assert.ok(opened.includes('Pages read'), opened.join(', '));
  keep(await screenshot('workspace-trust-ts-app-trusted'), 'apps-typescript-trusted');
  log('trusted: the TypeScript app runs on the panel\'s phone');
}
