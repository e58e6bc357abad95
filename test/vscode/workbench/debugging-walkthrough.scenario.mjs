// The agent debugger as a person uses it in the real workbench, for docs/debugging.md: open an
// example task, add a function breakpoint on `type` and a line breakpoint on its `verify`,
// click the Debug CodeLens, look at the stop (call stack, variables, device panel), ask the
// debug console (CEL, sql), replace the pending action, step over, step back, fork, and run on
// to the verifier's breakpoint. Each screenshot is copied into docs/images/debugging-*.png.
// Regenerate them with: node test/vscode/run.mjs --grep walkthrough
import assert from 'node:assert/strict';
import { assertActiveEditorSaved, goToLine, openFile, pickInstance, revealLine } from '../lib/workbench.mjs';
import { ms } from '../lib/time.mjs';
import { keep } from '../lib/docs-images.mjs';

export const title = 'Debugging walkthrough: breakpoints, stop, console, edit, step back, fork, verify';
export const timeoutMs = 240_000;

export default async function scenario({ page, runCommand, screenshot, log }) {
  await runCommand('View: Close All Editors').catch(() => {});
  await runCommand('View: Single Column Editor Layout').catch(() => {});
  await runCommand('Debug: Remove All Breakpoints', { optional: true });
  await openFile(page, 'single-app/notes-create.task.yaml');
  await revealLine(page, 1);
  const debugLens = page.locator('.codelens-decoration a', { hasText: 'Debug' }).first();
  await debugLens.waitFor({ state: 'visible', timeout: ms(30_000) });

  // A line breakpoint on `verify:` (line 12): F9 on the line.
  await goToLine(page, 12);
  await assertActiveEditorSaved(page, 'after Go to Line 12');
  await runCommand('Debug: Toggle Breakpoint');
  // A function breakpoint on the `type` tool, from the Run and Debug view's breakpoints pane.
  await runCommand('View: Show Run and Debug');
  const bpHeader = page.locator('.pane-header', { hasText: 'Breakpoints' }).first();
  await bpHeader.hover();
  await bpHeader.locator('.action-label[aria-label*="Function Breakpoint"]').first().click();
  const bpInput = page.locator('.debug-breakpoints .monaco-inputbox input').first();
  await bpInput.waitFor({ state: 'visible', timeout: ms(10_000) });
  await bpInput.fill('type');
  await page.keyboard.press('Enter');

  // The Debug CodeLens starts the session; it stops before the `type` step runs.
  await revealLine(page, 1);
  await debugLens.click();
  await pickInstance(page, 'Buy oat milk');
  const topFrame = page.locator('.debug-call-stack .monaco-list-row', { hasText: '3: type "Buy oat milk" (pending)' }).first();
  await topFrame.waitFor({ state: 'visible', timeout: ms(90_000) });
  await page.locator('.debug-variables .monaco-list-row', { hasText: 'tool' }).first().waitFor({ state: 'visible', timeout: ms(20_000) });
  await page.waitForTimeout(1500); // the device panel paints its first frames
  keep(await screenshot('debugging-stopped'), 'debugging-stopped');
  log('stopped at the type breakpoint');

  // The debug console: CEL over the scope, a database query, then a replacement action.
  await runCommand('View: Toggle Debug Console').catch(() => {});
  const repl = page.locator('.repl-input-wrapper .monaco-editor').first();
  await repl.waitFor({ state: 'visible', timeout: ms(10_000) });
  const ask = async (text, expect) => {
    await repl.click();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await page.locator('.repl .monaco-list-row', { hasText: expect }).first().waitFor({ state: 'visible', timeout: ms(30_000) });
  };
  await ask('tool == "type" && app == "com.phonebuddy.notes"', 'true');
  await ask('verifiers.passed', 'false');
  await ask('sql com.phonebuddy.notes SELECT title, body FROM notes', 'row');
  await ask('type "Buy soy milk"', 'the pending action is now type');
  keep(await screenshot('debugging-console'), 'debugging-console');

  // Step over runs the corrected action; the frame says so.
  await runCommand('Debug: Step Over');
  await page.locator('.debug-call-stack .monaco-list-row', { hasText: '(corrected)' }).first().waitFor({ state: 'visible', timeout: ms(30_000) });
  await page.locator('.debug-call-stack .monaco-list-row', { hasText: '4: click' }).first().waitFor({ state: 'visible', timeout: ms(30_000) });
  // Step back restores the checkpoint before step 3 (the phone, the databases, the history).
  await page.locator('.debug-toolbar .action-label[aria-label^="Step Back"]').first().click();
  await topFrame.waitFor({ state: 'visible', timeout: ms(30_000) });
  // The Call Stack's header says where the session is now, not where it was before.
  await page.locator('.pane-header', { hasText: 'Call Stack' }).filter({ hasText: 'stepped back to step 3' }).first().waitFor({ state: 'visible', timeout: ms(30_000) });
  await page.waitForTimeout(800);
  keep(await screenshot('debugging-step-back'), 'debugging-step-back');

  // A fork from here with another action: its own episode, run to its own verdict.
  await ask('fork type "Buy nothing"', 'verifier FAILED');
  keep(await screenshot('debugging-fork'), 'debugging-fork');

  // Continue: the model's own `type` runs (a step back pauses past its breakpoint), and the
  // verifier's line breakpoint stops with its verdict.
  await runCommand('Debug: Continue');
  const verifyFrame = page.locator('.debug-call-stack .monaco-list-row', { hasText: 'verify verify: passed' }).first();
  await verifyFrame.waitFor({ state: 'visible', timeout: ms(60_000) });
  await page.locator('.debug-variables .monaco-list-row', { hasText: 'thisVerifier' }).first().waitFor({ state: 'visible', timeout: ms(20_000) });
  await page.waitForTimeout(800);
  keep(await screenshot('debugging-verify'), 'debugging-verify');
  await runCommand('Debug: Continue');
  await page.locator('.repl .monaco-list-row', { hasText: 'verifier passed' }).first().waitFor({ state: 'visible', timeout: ms(60_000) });
  assert.ok(true);
  await runCommand('Debug: Remove All Breakpoints', { optional: true });
}
