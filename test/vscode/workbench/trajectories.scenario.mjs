// Trajectories the way a user meets them, in the web workbench: click the Record CodeLens on a
// task and record a policy run; the trajectory viewer opens on it (screenshot with the action
// drawn, the step list, the verifier report); step with the keyboard; the Trajectories view
// lists the episode; Export Trajectories… writes and validates an llamafactory export. The
// screenshots are copied into docs/images/ (regenerate: `npm run docs:trajectories`).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { acceptExportDefaults, assertActiveEditorSaved, openFile, pickInstance, revealLine } from '../lib/workbench.mjs';
import { ms, until } from '../lib/time.mjs';

export const title = 'Trajectories: Record CodeLens, viewer with keyboard stepping, Trajectories view, Export';
export const timeoutMs = 180_000;

const docsImages = new URL('../../../docs/images/', import.meta.url);

function keep(file, name) {
  fs.mkdirSync(docsImages, { recursive: true });
  fs.copyFileSync(file, new URL(`${name}.png`, docsImages));
}

/** The viewer's frame (two iframes deep) once it shows `step` with its screenshot loaded. */
async function viewerFrame(page, step) {
  return until(`the trajectory viewer at step ${step}`, async () => {
    for (const f of page.frames()) {
      const ok = await f.evaluate((s) => {
        const img = document.querySelector('#screen img.shot');
        return document.querySelector('#timeline') !== null && document.body.dataset.step === String(s) && !!img && img.complete && img.naturalWidth > 0;
      }, step).catch(() => false);
      if (ok) return f;
    }
    return undefined;
  }, 60_000);
}

/** Picks the quick-pick item containing `text` with the keyboard (filter, then Enter). */
async function pick(page, text) {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible', timeout: ms(20_000) });
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: text }).first();
  await row.waitFor({ state: 'visible', timeout: ms(20_000) });
  await input.fill(text);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).first().waitFor({ state: 'visible', timeout: ms(10_000) });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
}

export default async function scenario({ page, runCommand, waitForNotification, screenshot, log }) {
  await runCommand('View: Close All Editors').catch(() => {});
  await runCommand('View: Single Column Editor Layout').catch(() => {});
  await openFile(page, 'single-app/notes-create.task.yaml');
  // An earlier scenario may have left this file scrolled down: its view state comes back with
  // it, and the CodeLens sits on the first line. Reveal it and wait until it is on screen.
  await revealLine(page, 1);
  await assertActiveEditorSaved(page, 'notes-create.task.yaml as this scenario opens it');

  // The Record CodeLens: a policy run (the reference solution) recorded into runs/trajectories.
  const lens = page.locator('.codelens-decoration a', { hasText: 'Record' }).first();
  await lens.waitFor({ state: 'visible', timeout: ms(30_000) }).catch(async (err) => {
    // Say what the editor showed instead, so a failure on a CI machine can be read from its log.
    const lenses = await page.locator('.codelens-decoration').allInnerTexts().catch(() => []);
    const lines = await page.locator('.monaco-editor .view-lines').first().innerText().catch(() => '?');
    const tab = await page.locator('.tabs-container .tab.active').first().getAttribute('title').catch(() => '?');
    throw new Error(`${err.message}\nactive tab: ${tab}\ncodelenses shown: ${JSON.stringify(lenses)}\nfirst lines: ${JSON.stringify(lines.slice(0, 300))}`);
  });
  await lens.click();
  await pick(page, 'Record a policy run');
  await pickInstance(page);
  // It opens in the viewer when done (the "recorded" toast may be gone by then).
  let frame = await viewerFrame(page, 1);
  assert.match(await frame.locator('#verdict').textContent(), /passed/);
  assert.match(await frame.locator('#goal').textContent(), /Create a new note/);
  // The viewer alone in the window for the picture.
  await runCommand('View: Close Editors in Other Groups').catch(() => {});
  await runCommand('View: Toggle Primary Side Bar Visibility').catch(() => {});
  await runCommand('Notifications: Clear All Notifications').catch(() => {});
  await frame.locator('.step-row[data-index="1"]').click();
  await page.keyboard.press('ArrowDown');
  frame = await viewerFrame(page, 2);
  assert.match(await frame.locator('#detail .detail-action').textContent(), /^click \(\d+, \d+\)$/);
  const overlay = await frame.evaluate(() => {
    const c = document.querySelector('#screen canvas.shot-overlay');
    return c ? { w: c.width, h: c.height } : undefined;
  });
  assert.ok(overlay && overlay.w > 0 && overlay.h > 0, 'the action overlay is drawn over the screenshot');
  keep(await screenshot('trajectories-viewer'), 'trajectories-viewer');
  await page.keyboard.press('End');
  await until('End to go to the last step', () => frame.evaluate(() => Number(document.body.dataset.step) > 2));
  log('stepped to the last step with End');

  // The Trajectories view lists it under its task, with its verdict and step count.
  await runCommand('PhoneBuddy: Focus on Trajectories View').catch(() => runCommand('Focus on Trajectories View'));
  const item = page.locator('.monaco-list-row', { hasText: 'notes.create' }).first();
  await item.waitFor({ state: 'visible', timeout: ms(20_000) });
  await page.locator('.monaco-list-row .label-description', { hasText: /passed · \d+ steps/ }).first().waitFor({ state: 'visible', timeout: ms(20_000) });
  keep(await screenshot('trajectories-view'), 'trajectories-view');

  // Export Trajectories…: everything in the recording directory, llamafactory, validated.
  // Start from an unselected view: with a selection the command exports that selection.
  await page.keyboard.press('Escape');
  await runCommand('PhoneBuddy: Export Trajectories…');
  await pick(page, 'Every episode in the recording directory');
  await pick(page, 'llamafactory');
  // Options (none) and the folder the save dialog proposes: exports/llamafactory-<time>.
  await acceptExportDefaults(page);
  const exported = await waitForNotification('Exported', ms(60_000));
  assert.match(exported, /Exported \d+ steps from \d+ of \d+ episodes as llamafactory .*: valid/);
  log(exported);
  await runCommand('Notifications: Show Notifications').catch(() => {});
  await page.locator('.notifications-center .notification-list-item', { hasText: 'Exported' }).first().waitFor({ state: 'visible', timeout: ms(10_000) }).catch(() => {});
  keep(await screenshot('trajectories-export'), 'trajectories-export');
}
