// Workbench scenarios: UI tests run by Playwright against the live workbench after the
// extension is active. Each test/vscode/workbench/*.scenario.mjs (or .scenario.ts) default-
// exports `async (ctx) => {}` and counts as one test; throwing fails it. See ../README.md.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ms } from './time.mjs';
import { runCommand, screenshot, waitForNotification } from './workbench.mjs';

/** The scenarios whose file name contains `grep` (several, comma-separated: any of them). */
export function findScenarios(dir, grep) {
  const wanted = grep ? grep.split(',').map((g) => g.trim()).filter(Boolean) : [];
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir)
    .filter((f) => /\.scenario\.(mjs|ts)$/.test(f))
    .filter((f) => wanted.length === 0 || wanted.some((g) => f.includes(g)))
    .sort()
    .map((f) => path.join(dir, f));
}

export async function loadScenario(file) {
  // TypeScript scenarios are compiled on the fly by tsx, like the unit tests.
  let mod = file.endsWith('.ts')
    ? await (await import('tsx/esm/api')).tsImport(pathToFileURL(file).href, import.meta.url)
    : await import(pathToFileURL(file).href);
  // A .ts file in this (non-"type": "module") package loads as CommonJS: its exports arrive wrapped in `default`.
  if (file.endsWith('.ts') && mod.default && typeof mod.default === 'object') mod = mod.default;
  const fn = mod.default ?? mod.run;
  if (typeof fn !== 'function') throw new Error(`${path.basename(file)} exports no default async function`);
  const title = mod.title ?? path.basename(file).replace(/\.scenario\.(mjs|ts)$/, '');
  if (mod.workspaceTrust && typeof mod.workspace !== 'string') throw new Error(`${path.basename(file)} exports workspaceTrust but no workspace (the folder it opens, relative to the repository)`);
  return { fn, title, timeoutMs: ms(mod.timeoutMs ?? 60_000), workspaceTrust: Boolean(mod.workspaceTrust), workspace: mod.workspace, workspaceFiles: mod.workspaceFiles };
}

/**
 * Scenarios share one window on a server with Workspace Trust off, except those that export
 * `workspaceTrust = true`: each runs in a window of its own, with trust on, in a fresh copy of
 * the folder it exports as `workspace` (run.mjs), plus the repository's files it names in
 * `workspaceFiles` ({ path in the copy: path in the repository }, so examples are not copied into
 * fixtures). A file that does not load stays in `shared`,
 * where it fails with its error.
 */
export async function splitByTrust(files) {
  const shared = [];
  const ownTrust = [];
  for (const file of files) {
    const s = await loadScenario(file).catch(() => undefined);
    if (s?.workspaceTrust) ownTrust.push({ file, title: s.title, workspace: s.workspace, workspaceFiles: s.workspaceFiles });
    else shared.push(file);
  }
  return { shared, ownTrust };
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A scenario's command or notification wait taking longer than this is logged with its time. */
const SLOW_MS = 10_000;

/**
 * Runs each scenario against `page`; returns [{ title, state, ms, error? }].
 * @param {{ page: import('playwright-core').Page, files: string[], workspace: string, outputDir: string, serverUrl: string, log: (s: string) => void, freshWindow?: boolean }} o
 */
export async function runScenarios({ page, files, workspace, outputDir, serverUrl, log, freshWindow = false }) {
  const results = [];
  const screenshotDir = path.join(outputDir, 'screenshots');
  for (const [i, file] of files.entries()) {
    // A window that has just come up (freshWindow) is in that state already.
    if (!(freshWindow && i === 0)) await resetWorkbench(page);
    const started = Date.now();
    let title = path.basename(file);
    try {
      const scenario = await loadScenario(file);
      title = scenario.title;
      // Lines carry the seconds since the scenario began, and a command or a wait for a
      // notification that takes long says so: where a slow CI run spent its time.
      const say = (...args) => log(`    [${title}] +${((Date.now() - started) / 1000).toFixed(1)} s ${args.map(String).join(' ')}`);
      const timed = async (what, p) => {
        const t0 = Date.now();
        try { return await p; } finally { if (Date.now() - t0 > SLOW_MS) say(`${what} took ${((Date.now() - t0) / 1000).toFixed(1)} s`); }
      };
      const ctx = {
        page,
        workspace,
        serverUrl,
        outputDir,
        runCommand: (t, options) => timed(`command '${t}'`, runCommand(page, t, undefined, options)),
        waitForNotification: (text, ms) => timed(`waiting for the notification '${text}'`, waitForNotification(page, text, ms)),
        screenshot: (name) => screenshot(page, screenshotDir, name),
        log: say,
      };
      await withTimeout(Promise.resolve(scenario.fn(ctx)), scenario.timeoutMs, `scenario '${title}'`);
      results.push({ title: `workbench: ${title}`, state: 'passed', ms: Date.now() - started });
    } catch (err) {
      const shot = await screenshot(page, screenshotDir, `FAILED-${path.basename(file).replace(/\W+/g, '_')}`).catch(() => null);
      results.push({ title: `workbench: ${title}`, state: 'failed', ms: Date.now() - started,
        error: `${err?.stack ?? err}${shot ? `\n(screenshot: ${shot})` : ''}` });
    }
  }
  return results;
}

/** Every scenario starts the same way: no editors, no notifications, the Explorer in the side bar. */
async function resetWorkbench(page) {
  await page.keyboard.press('Escape').catch(() => {});
  for (const command of ['View: Close All Editors', 'Notifications: Clear All Notifications', 'View: Show Explorer']) {
    await runCommand(page, command, ms(5000)).catch(() => {});
  }
}
