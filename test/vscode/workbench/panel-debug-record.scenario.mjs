// The device panel with the debugger and the recorder in the real workbench: a line
// breakpoint on the solution's first `click`, the Debug CodeLens starts a session on notes.create, the panel shows
// the session's phone paused with the pending tap drawn and the step buttons in its toolbar;
// step over from the panel stops before the `type` (VS Code's debugger follows), a click on the
// mirrored screen replaces it, continue from the panel ends the session. Then the panel's
// Record toggle: the goal box, a tap, REC with the step count, a thought note typed for the
// step, Record again → the recording notification. Screenshots are copied into docs/images/.
import assert from 'node:assert/strict';
import { assertActiveEditorSaved, clickLens, finishDebugSession, goToLine, openFile, pickInstance, quickTitle } from '../lib/workbench.mjs';
import { ms, until } from '../lib/time.mjs';
import { keep } from '../lib/docs-images.mjs';

export const title = 'Device panel: debugger pause controls, correction by click, Record toggle';
export const timeoutMs = 180_000;

/** The panel webview frame for which `test` holds. */
function panelWhere(page, what, test, timeoutMs) {
  return until(what, async () => {
    for (const f of page.frames()) {
      const ok = await f.evaluate(test).catch(() => false);
      if (ok) return f;
    }
    return undefined;
  }, timeoutMs);
}

/** Page position of a device pixel's centre in the panel frame. */
async function pagePos(page, frame, x, y) {
  const inFrame = await frame.evaluate(([x, y]) => {
    const p = globalThis.__devicePanel;
    const r = p.drawnRect();
    const d = p.device();
    return { x: r.left + ((x + 0.5) * r.width) / d.width, y: r.top + ((y + 0.5) * r.height) / d.height };
  }, [x, y]);
  const el = await frame.frameElement();
  const box = await el.boundingBox();
  return { x: box.x + inFrame.x, y: box.y + inFrame.y };
}

export default async function scenario({ page, runCommand, screenshot, waitForNotification, log }) {
  await runCommand('View: Close All Editors').catch(() => {});
  await runCommand('View: Single Column Editor Layout').catch(() => {});
  await runCommand('Debug: Remove All Breakpoints', { optional: true });

  // ---- the debugger pauses; the panel shows it --------------------------------------------
  // A line breakpoint on the solution's first click (line 21: `- click: { resource-id: new_note }`).
  await openFile(page, 'single-app/notes-create.task.yaml');
  await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible' });
  await page.locator('.monaco-editor .view-lines').first().click();
  await goToLine(page, 21);
  await assertActiveEditorSaved(page, 'after Go to Line 21');
  await page.waitForTimeout(200);
  await page.keyboard.press('F9');
  await page.locator('.codicon-debug-breakpoint').first().waitFor({ state: 'visible', timeout: ms(10_000) });
  await clickLens(page, 'Debug', quickTitle(page, 'which instance?'));
  await pickInstance(page);
  const frame = await panelWhere(page, 'the panel to show the pending tap', () => globalThis.__devicePanel?.pending()?.step === 2, 90_000);
  const item = (suffix) => frame.locator(`vscode-button[data-item-id$="${suffix}"]`);
  await item('.continue').waitFor({ state: 'visible' });
  await page.locator('.debug-toolbar').waitFor({ state: 'visible', timeout: ms(10_000) });
  await page.waitForTimeout(600);
  keep(await screenshot('debugging-panel-paused'), 'debugging-panel-paused');
  log(`paused: ${await frame.locator('#pending-caption').innerText()}`);

  await item('.stepOver').click();
  await until('the pending type at step 3', () => frame.evaluate(() => globalThis.__devicePanel.pending()?.mark.shape === 'bubble'));
  const screen = await frame.evaluate(() => globalThis.__devicePanel.device());
  const at = await pagePos(page, frame, Math.round(screen.width / 2), Math.round(screen.height * 0.3));
  await page.mouse.click(at.x, at.y);
  await until('the correction', () => frame.evaluate(() => globalThis.__devicePanel.pending()?.correctedBy === 'panel'));
  await page.waitForTimeout(400);
  keep(await screenshot('debugging-panel-corrected'), 'debugging-panel-corrected');
  await item('.continue').click();
  await finishDebugSession(page, 60_000);

  // ---- Record a demonstration from the panel's toolbar ------------------------------------
  await runCommand('View: Close All Editors').catch(() => {});
  await page.waitForTimeout(500);
  // A fresh mock phone (other devices in the picker may be offline by now).
  await runCommand('PhoneBuddy: Start Mock Phone');
  const panel = await panelWhere(page, 'the panel on a mock phone', () => (globalThis.__devicePanel?.stats.frames ?? 0) > 0
    && (document.querySelector('#status')?.textContent ?? '').startsWith('mock:')
    && !document.querySelector('vscode-button[data-item-id="recorder.toggle"]')?.hasAttribute('disabled'), 60_000);
  await panel.locator('vscode-button[data-item-id="recorder.toggle"]').click();
  const goal = page.locator('.quick-input-widget .quick-input-box input');
  await goal.waitFor({ state: 'visible' });
  await goal.fill('Open the Notes app');
  await page.keyboard.press('Enter');
  await panel.locator('#human-turn', { hasText: 'Your turn' }).waitFor({ timeout: ms(30_000) });
  // Home first (the turn's action), then the Notes icon.
  await panel.locator('vscode-button[title="Home"]').click();
  await panel.locator('#human-turn', { hasText: 'step 2' }).waitFor({ timeout: ms(30_000) });
  await panel.locator('#inspect-toggle').click();
  const nodes = await until('the UI tree', () => panel.evaluate(() => { const n = globalThis.__devicePanel.inspectorNodes(); return n.length > 0 && n; }));
  await panel.locator('#inspect-toggle').click();
  const icon = nodes.filter((n) => n.attrs.text === 'Notes').at(-1);
  assert.ok(icon, 'the launcher shows Notes');
  const p = await pagePos(page, panel, Math.round((icon.bounds[0] + icon.bounds[2]) / 2), Math.round((icon.bounds[1] + icon.bounds[3]) / 2));
  await page.mouse.click(p.x, p.y);
  const rec = panel.locator('vscode-button[data-item-id="recorder.toggle"]');
  await until('two recorded steps', async () => ((await rec.textContent()) ?? '').includes('2 steps'));
  await panel.locator('#human-turn', { hasText: 'step 3' }).waitFor({ timeout: ms(30_000) });
  await page.waitForTimeout(500);
  keep(await screenshot('device-panel-recording-vscode'), 'device-panel-recording-vscode');
  // A demonstration's turn offers a thought note for the step (it becomes the step's <think>).
  const note = panel.locator('#human-note');
  await note.waitFor({ state: 'visible', timeout: ms(10_000) });
  await note.fill('Notes is open; the next step would be the + button.');
  await page.waitForTimeout(300);
  keep(await screenshot('device-panel-note'), 'device-panel-note');
  await rec.click();
  const done = await waitForNotification('Recorded 3 step(s)', 30_000);
  log(done);
}
