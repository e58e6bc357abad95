// Drives the VS Code web workbench in headless Debian Chromium through playwright-core:
// opens it with a test payload, waits for the smoke-test driver's exit code, and gives
// scenarios a few verbs (run a command from the palette, wait for a notification, screenshot).
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { ms, until } from './time.mjs';

export const CHROMIUM = process.env.PHONEBUDDY_CHROMIUM || '/usr/bin/chromium';

export async function launchBrowser(profileDir) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set PHONEBUDDY_CHROMIUM)`);
  fs.rmSync(profileDir, { recursive: true, force: true });
  fs.mkdirSync(profileDir, { recursive: true });
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1400, height: 900 },
  });
}

/**
 * The workbench settings every test window starts with: no welcome page, tips, experiments,
 * recommendations, telemetry, updates or AI side bar (a folder's .vscode/settings.json, or a
 * .code-workspace file's `settings`).
 */
export const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.openRepositoryInParentFolders': 'never',
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/** The workbench URL: `folder` opened (a `.code-workspace` file: that multi-root workspace), and the payload the smoke-test driver reads. */
export function workbenchUrl(serverUrl, folder, { extensionPath, testsPath } = {}) {
  const remote = (p) => `vscode-remote://${new URL(serverUrl).host}${p}`;
  const payload = [];
  if (extensionPath) payload.push(['extensionDevelopmentPath', remote(extensionPath)]);
  if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
  const open = folder.endsWith('.code-workspace') ? 'workspace' : 'folder';
  return `${serverUrl}/?${open}=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Opens a page that records the workbench's console errors into `logFile`. */
export async function openPage(context, logFile) {
  const page = await context.newPage();
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    log.write(`[${type}] ${(Array.isArray(args) ? args : [args]).map(String).join(' ')}\n`);
  });
  page.on('pageerror', (err) => log.write(`[pageerror] ${err.stack ?? err}\n`));
  return page;
}

/** Resolves with the exit code the workbench reports through window.codeAutomationExit. */
export async function exposeExit(page) {
  let resolveExit;
  const exited = new Promise((r) => { resolveExit = r; });
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit(code));
  return exited;
}

export async function waitForWorkbench(page, timeoutMs = 60_000) {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: ms(timeoutMs) });
  // The status bar appears once the workbench finished restoring its parts.
  await page.locator('.statusbar').waitFor({ state: 'visible', timeout: ms(timeoutMs) });
}

/** How long an optional command is looked for in the palette (before the time factor). */
const OPTIONAL_LOOK_MS = 4000;

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Runs a command by its palette title, e.g. 'PhoneBuddy: Show Studio Info'. The palette lists
 * what is registered when it opens, and extensions keep registering for a while after the
 * workbench appears, so it is reopened until the command shows up. `optional`: a command the
 * palette offers only in some states (Remove All Breakpoints, with none set): one look, and
 * false when it is not offered, instead of the whole wait and an error (that wait was 20 s
 * times the time factor at the start of every debugging scenario).
 */
export async function runCommand(page, title, timeoutMs = 20_000, { optional = false } = {}) {
  if (optional) timeoutMs = Math.min(timeoutMs, OPTIONAL_LOOK_MS);
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const row = page.locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRe(title)}$`) }) })
    .first();
  const deadline = Date.now() + ms(timeoutMs);
  for (;;) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    // A key pressed in a webview reaches the workbench late on a busy machine, and a palette
    // can close as it opens (focus taken back): wait a while for it, then open it again.
    const shown = await input.waitFor({ state: 'visible', timeout: Math.max(1000, Math.min(ms(10_000), deadline - Date.now())) }).then(() => true, () => false);
    if (!shown) {
      if (Date.now() > deadline) {
        if (optional) return false;
        throw new Error(`the command palette did not open for '${title}'`);
      }
      continue;
    }
    try {
      // A webview that takes the focus a moment after it was clicked closes the palette it
      // opened into (the fill then finds it inert or gone): open it again.
      await input.fill(`>${title}`, { timeout: ms(5000) });
      await row.waitFor({ state: 'visible', timeout: ms(2000) });
      // It can close between showing the row and the click, too: a click that finds no
      // row did not run the command, so the palette is opened again.
      await row.click({ timeout: ms(5000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await page.keyboard.press('Escape');
        if (optional) return false;
        throw new Error(`command '${title}' is not in the command palette, or the palette kept closing`);
      }
    }
  }
  // The palette closes, or turns into the command's own prompt (a quick pick reuses the same
  // input, emptied of the '>' text): waiting for it to hide waited out the whole 5 s (× the
  // time factor) after every command that asks something.
  const deadlineClosed = Date.now() + ms(5000);
  while (Date.now() < deadlineClosed) {
    const open = await input.isVisible().catch(() => false);
    if (!open || !(await input.inputValue().catch(() => '')).startsWith('>')) break;
    await page.waitForTimeout(50);
  }
  return true;
}

/**
 * Waits for a notification containing `text` and returns its message. It may appear as a toast
 * or only in the notification center (the web workbench does not always pop toasts), so the
 * center is opened when no toast shows up, and closed again afterwards.
 */
export async function waitForNotification(page, text, timeoutMs = 15_000) {
  const item = page.locator('.notification-list-item-message', { hasText: text }).first();
  const deadline = Date.now() + ms(timeoutMs);
  try {
    await item.waitFor({ state: 'visible', timeout: Math.min(1500, timeoutMs) });
    return await item.innerText();
  } catch { /* not a toast: look in the center */ }
  let opened = false;
  try {
    while (Date.now() < deadline) {
      if (!opened && !(await page.locator('.notifications-center.visible').count())) {
        await runCommand(page, 'Notifications: Show Notifications');
        opened = true;
      }
      try {
        await item.waitFor({ state: 'visible', timeout: ms(1000) });
        return await item.innerText();
      } catch { /* keep polling */ }
    }
    const shown = await page.locator('.notification-list-item-message').allInnerTexts().catch(() => []);
    throw new Error(`no notification containing '${text}' within ${timeoutMs} ms (showing: ${JSON.stringify(shown)})`);
  } finally {
    if (opened) await page.locator('.notifications-center .codicon-notifications-hide').click({ timeout: ms(2000) }).catch(() => {});
  }
}

export async function screenshot(page, outputDir, name) {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`screenshot name '${name}' must be letters, digits, '.', '-' or '_'`);
  fs.mkdirSync(outputDir, { recursive: true });
  const file = path.join(outputDir, name.endsWith('.png') ? name : `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Opens a workspace file with Quick Open and waits until its tab is the active one. */
export async function openFile(page, relPath) {
  // Scenarios share one window, so Quick Open's list starts with what earlier ones opened.
  const name = relPath.split('/').pop();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: ms(10_000) });
    // A box that closed again before the fill (focus taken back on a busy machine): try again.
    if (!await input.fill(relPath, { timeout: ms(5_000) }).then(() => true, () => false)) {
      if (attempt === 3) throw new Error(`Quick Open kept closing before ${relPath} could be typed`);
      continue;
    }
    // Click the row of this file: Enter takes the first row, which until the list has
    // caught up with the typed text is the most recently opened file.
    // The list reuses its row elements while it filters: let it settle, then take the row
    // whose label is exactly this file's name.
    await page.waitForTimeout(400);
    const row = page.locator('.quick-input-list .monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRe(name)}$`) }) }).first();
    await row.waitFor({ state: 'visible', timeout: ms(10_000) });
    await row.click();
    const opened = await page.locator('.tabs-container .tab.active', { hasText: name }).first()
      .waitFor({ state: 'visible', timeout: ms(5_000) }).then(() => true, () => false);
    if (opened) return;
    if (attempt === 3) throw new Error(`could not open ${relPath} with Quick Open`);
  }
}

/**
 * Moves the active editor's cursor to `line` with Go to Line (Ctrl+G), and checks the status
 * bar says so. Typing the number before the quick input has focus would type it into the
 * file instead (a dirty task file then loses its CodeLenses in later scenarios), so the input
 * is waited for and filled, never typed blind.
 */
export async function goToLine(page, line) {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const cursor = page.locator('.statusbar-item[id="status.editor.selection"]', { hasText: new RegExp(`Ln ${line},`) });
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+G');
    const shown = await input.waitFor({ state: 'visible', timeout: ms(5_000) }).then(() => true, () => false);
    // The box can close again between the check and the fill (a webview or the editor taking
    // the focus back on a busy machine): a fill that finds it gone is one more attempt, not a failure.
    const filled = shown && (await input.inputValue().catch(() => '')).startsWith(':')
      && await input.fill(`:${line}`, { timeout: ms(5_000) }).then(() => true, () => false);
    if (filled) {
      await page.keyboard.press('Enter');
      if (await cursor.waitFor({ state: 'visible', timeout: ms(5_000) }).then(() => true, () => false)) return;
    }
    if (attempt === 3) throw new Error(`Go to Line ${line} did not move the cursor there`);
  }
}

/**
 * Shows `line` of the active editor on screen, whatever scroll position an earlier scenario
 * left the file with (the editor restores it): Go to Line reveals it, and the wait is for its
 * line number in the gutter. A CodeLens above the line is drawn with it.
 */
export async function revealLine(page, line) {
  await goToLine(page, line);
  const number = page.locator('.monaco-editor .margin-view-overlays .line-numbers').filter({ hasText: new RegExp(`^\\s*${line}\\s*$`) }).first();
  await number.waitFor({ state: 'visible', timeout: ms(10_000) });
}

/**
 * Clicks the CodeLens `text` over line 1, and when `then` (a locator) is given, waits for it:
 * a lens redrawn while clicked (its provider answering again on a busy machine) takes no
 * click, so it is clicked again, up to three times.
 */
export async function clickLens(page, text, then) {
  await revealLine(page, 1);
  for (let attempt = 1; ; attempt++) {
    const lens = page.locator('.codelens-decoration a', { hasText: text }).first();
    await lens.waitFor({ state: 'visible', timeout: ms(30_000) });
    await lens.click();
    if (!then) return;
    const followed = await then.waitFor({ state: 'visible', timeout: ms(15_000) }).then(() => true, () => false);
    if (followed) return;
    if (attempt === 3) throw new Error(`clicking the ${text} lens did not bring up what follows it`);
  }
}

/** The title of the quick input (pick or input box) that asks `text`. */
export const quickTitle = (page, text) => page.locator('.quick-input-widget .quick-input-title', { hasText: text });

/**
 * Throws when the active editor has unsaved changes: a scenario that typed into a file by
 * mistake would otherwise hand the next scenarios a changed task.
 */
export async function assertActiveEditorSaved(page, what) {
  const dirty = await page.locator('.tabs-container .tab.active.dirty').count();
  if (dirty) throw new Error(`${what}: the active editor has unsaved changes (keys typed into the file?)`);
}

/**
 * Continues until the debug session ends, then removes every breakpoint. Breakpoints an earlier
 * scenario set may survive "Remove All Breakpoints" (a palette command not always offered), so
 * any further stop is continued with the debug toolbar's own button, which exists only while
 * the session does.
 */
export async function finishDebugSession(page, timeoutMs = 90_000) {
  await until('the debug session to end', async () => {
    const toolbar = page.locator('.debug-toolbar');
    if (!(await toolbar.isVisible().catch(() => false))) return true;
    await toolbar.locator('.codicon-debug-continue').first().click({ timeout: ms(1000) }).catch(() => {});
    return false;
  }, timeoutMs);
  await runCommand(page, 'Debug: Remove All Breakpoints', undefined, { optional: true });
}

/**
 * Export Trajectories… after its format: accepts the options (none picked) and the folder the
 * save dialog proposes, each once its own prompt is up (by title, so a slow machine that shows
 * the next prompt late is waited for rather than sent an Enter into nothing).
 */
export async function acceptExportDefaults(page) {
  for (const title of ['options', 'Export into this folder']) {
    const prompt = quickTitle(page, title);
    await prompt.waitFor({ state: 'visible', timeout: ms(30_000) });
    // The save dialog fills its path box a moment after it shows.
    await page.waitForTimeout(500);
    // Enter goes where the focus is, which a busy workbench may not have moved to the prompt
    // yet: focus its box, accept, and do it again while the same prompt stays up.
    const box = page.locator('.quick-input-widget .quick-input-box input');
    for (let attempt = 1; ; attempt++) {
      await box.focus({ timeout: ms(5_000) }).catch(() => {});
      await page.keyboard.press('Enter');
      if (await prompt.waitFor({ state: 'hidden', timeout: ms(10_000) }).then(() => true, () => false)) break;
      if (attempt === 3) throw new Error(`the '${title}' prompt did not take Enter`);
    }
  }
}

/**
 * Debug and Record ask which parameter instance of a task with several to use: answers with
 * the instance whose id contains `text` (default: the first row, the last one used).
 */
export async function pickInstance(page, text) {
  const title = page.locator('.quick-input-widget .quick-input-title', { hasText: 'which instance?' });
  await title.waitFor({ state: 'visible', timeout: ms(30_000) });
  if (text) {
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.fill(text);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: text }).first().waitFor({ state: 'visible', timeout: ms(10_000) });
  } else {
    await page.locator('.quick-input-list .monaco-list-row.focused').first().waitFor({ state: 'visible', timeout: ms(10_000) });
  }
  await page.keyboard.press('Enter');
  await title.waitFor({ state: 'hidden', timeout: ms(10_000) });
}
