#!/usr/bin/env node
// Runs the integration tests inside a real VS Code and prints `N passed, N failed` last.
//   1. extension-host suites (test/vscode/suite/**/*.test.ts, mocha, bundled to
//      dist/test/vscode/index.js) run through `extensionTestsPath`;
//   2. workbench scenarios (test/vscode/workbench/*.scenario.mjs) drive the web workbench
//      with Playwright once the extension is active.
// Host: a desktop VS Code through @vscode/test-electron when VSCODE_EXECUTABLE_PATH is set
// (or --host electron, which may download one); otherwise the VS Code server inside the
// code-server npm package (provisioned into the cache on first use) with Debian Chromium.
//   node test/vscode/run.mjs [--host auto|code-server|electron] [--grep TEXT] [--timeout SECONDS] [--no-scenarios] [--no-build] [--hog N]
// --hog N (or PHONEBUDDY_TEST_HOG=N): N busy-loop processes spin beside the stage (the stress
// run); every timeout is scaled by one factor (lib/time.mjs, PHONEBUDDY_TEST_TIME_FACTOR).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort } from '../../scripts/lib/ports.mjs';
import { CODE_SERVER_VERSION, NODE_VERSION, findHost } from '../../scripts/lib/vscode-host.mjs';
import { provision } from '../../scripts/provision-vscode-host.mjs';
import { startHog } from './lib/hog.mjs';
import { findScenarios, runScenarios, splitByTrust } from './lib/scenarios.mjs';
import { ms, timeFactor } from './lib/time.mjs';
import { startVscodeServer } from './lib/vscode-server.mjs';
import { QUIET_SETTINGS, exposeExit, launchBrowser, openPage, runCommand, waitForNotification, waitForWorkbench, workbenchUrl } from './lib/workbench.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = path.join(root, '.test-output', 'vscode');
const testsEntry = path.join(root, 'dist', 'test', 'vscode', 'index.js');
const PORT_RANGE = [18100, 18199];

const { values: opts } = parseArgs({
  options: {
    host: { type: 'string', default: 'auto' },
    grep: { type: 'string' },
    // A guard against a hung host, not a benchmark: the suites and scenarios take 8-10 min on a
    // quiet machine, 16-26 min under the hog at load 20 (scaled by the time factor, like the rest).
    timeout: { type: 'string', default: '900' },
    'no-scenarios': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    hog: { type: 'string', default: process.env.PHONEBUDDY_TEST_HOG || '0' },
  },
});
if (!['auto', 'code-server', 'electron'].includes(opts.host)) fail(`--host must be auto, code-server or electron, not '${opts.host}'`);
const hog = Number(opts.hog);
if (!(Number.isInteger(hog) && hog >= 0)) fail(`--hog must be a number of processes, not '${opts.hog}'`);
process.env.PHONEBUDDY_TEST_HOG = String(hog);
// Decided once here and handed to every part (the extension host, scenarios) through the environment.
process.env.PHONEBUDDY_TEST_TIME_FACTOR = String(timeFactor());
if (!(Number(opts.timeout) > 0)) fail(`--timeout must be a positive number of seconds, not '${opts.timeout}'`);
const timeoutMs = ms(Number(opts.timeout) * 1000);

const log = (msg) => console.log(`[vscode-test] ${msg}`);
function fail(msg) {
  console.error(`[vscode-test] ${msg}`);
  process.exit(2);
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function build() {
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) fail('the build failed');
}

/**
 * A fresh workspace, a copy of `source` (default: the example tasks), so tests never write into
 * the clone's own files; `name` is its folder under the output folder.
 */
function prepareWorkspace(name = 'workspace', source = path.join(root, 'tasks-examples')) {
  const ws = path.join(outDir, name);
  fs.rmSync(ws, { recursive: true, force: true });
  fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
  if (fs.existsSync(source)) fs.cpSync(source, ws, { recursive: true });
  // The folder's own settings (if it has any) come on top of the quiet workbench's.
  const own = path.join(ws, '.vscode', 'settings.json');
  const ownSettings = fs.existsSync(own) ? JSON.parse(fs.readFileSync(own, 'utf8')) : {};
  fs.writeFileSync(own, JSON.stringify({
    ...QUIET_SETTINGS,
    ...ownSettings,
  }, null, 2));
  return ws;
}

function readSuiteResults(exitCode) {
  const file = path.join(outDir, 'mocha-results.json');
  if (!fs.existsSync(file)) {
    return { tests: [{ title: 'extension-host suites', state: 'failed', ms: 0, error: `the extension host reported exit code ${exitCode} and wrote no results (see ${path.relative(root, outDir)}/*.log)` }], metrics: {} };
  }
  const results = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (exitCode !== 0 && results.failed === 0) {
    results.tests.push({ title: 'extension-host suites', state: 'failed', ms: 0, error: `the extension host reported exit code ${exitCode}` });
  }
  return results;
}

async function runInCodeServer(workspace, scenarioFiles) {
  const { shared: sharedFiles, ownTrust: trustScenarios } = await splitByTrust(scenarioFiles);
  const tests = [];
  let metrics = {};
  let host = findHost();
  if (!host) {
    const t = Date.now();
    host = provision();
    log(`provisioned the VS Code host in ${seconds(Date.now() - t)}`);
  }
  const started = Date.now();
  const port = await findFreePort(...PORT_RANGE);
  const server = await startVscodeServer({
    host, port,
    dataDir: path.join(outDir, 'server'),
    logFile: path.join(outDir, 'server.log'),
    env: { PHONEBUDDY_TEST_OUTPUT: outDir, ...(opts.grep ? { PHONEBUDDY_TEST_GREP: opts.grep } : {}) },
  });
  log(`host: VS Code ${host.vscodeVersion} (server from code-server ${CODE_SERVER_VERSION}, Node ${NODE_VERSION}) at ${server.url}, listening after ${seconds(Date.now() - started)}`);
  let browser = await launchBrowser(path.join(outDir, 'chromium-profile'));
  const timings = {};
  try {
    // 1. Extension-host suites: the smoke-test driver runs extensionTestsPath and reports the exit code.
    const page = await openPage(browser, path.join(outDir, 'workbench.log'));
    const exited = exposeExit(page);
    await page.goto(workbenchUrl(server.url, workspace, { extensionPath: root, testsPath: testsEntry }), { waitUntil: 'domcontentloaded' });
    const code = await exited;
    timings.suitesMs = Date.now() - started;
    log(`extension-host suites finished ${seconds(timings.suitesMs)} after the server started (exit code ${code})`);
    await page.close();
    const suites = readSuiteResults(code);

    // 2. Workbench scenarios in a fresh window with the extension under development loaded.
    // A fresh browser profile too: the web workbench keeps its window state (open editors,
    // panels) in the browser, and the suites' editors must not reappear under the scenarios.
    let scenarios = [];
    if (sharedFiles.length > 0) {
      const t = Date.now();
      await browser.close();
      browser = await launchBrowser(path.join(outDir, 'chromium-profile-scenarios'));
      const wb = await openScenarioWindow(browser, server.url, workspace);
      timings.workbenchReadyMs = Date.now() - t;
      log(`workbench ready with the extension active in ${seconds(timings.workbenchReadyMs)}`);
      scenarios = await runScenarios({ page: wb, files: sharedFiles, workspace, outputDir: outDir, serverUrl: server.url, log: console.log });
      await wb.close();
    }
    tests.push(...suites.tests, ...scenarios);
    metrics = suites.metrics;
  } finally {
    await browser.close().catch(() => {});
    server.stop();
  }
  // 3. Scenarios about Workspace Trust, each in a window of its own (after the shared server
  // stopped, so the two never load the machine together).
  for (const s of trustScenarios) {
    const t = Date.now();
    tests.push(...await runTrustScenario(host, s));
    timings[`trust:${s.title}`] = Date.now() - t;
    log(`Workspace Trust scenario '${s.title}': its own server and window in ${seconds(Date.now() - t)}`);
  }
  return { tests, metrics, vscodeVersion: host.vscodeVersion, timings };
}

/** A window on `workspace` with the extension under development, active (shown by its Studio Info). */
async function openScenarioWindow(browser, serverUrl, workspace) {
  const wb = await openPage(browser, path.join(outDir, 'workbench.log'));
  await wb.goto(workbenchUrl(serverUrl, workspace, { extensionPath: root }), { waitUntil: 'domcontentloaded' });
  await waitForWorkbench(wb);
  // Activate the extension the way a user would, so scenarios start with it running.
  await runCommand(wb, 'PhoneBuddy: Show Studio Info');
  await waitForNotification(wb, 'PhoneBuddy Studio', ms(30_000));
  await runCommand(wb, 'Notifications: Clear All Notifications');
  return wb;
}

/**
 * A scenario that exports `workspaceTrust`: a server of its own with Workspace Trust on (the
 * shared one runs with it off), a fresh browser profile (the web workbench keeps the folders
 * the user trusted in the browser, so nothing is trusted yet) and a fresh copy of its
 * `workspace` folder.
 */
async function runTrustScenario(host, scenario) {
  const name = path.basename(scenario.workspace);
  const dataDir = path.join(outDir, `server-${name}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  let server;
  let browser;
  try {
    const workspace = prepareWorkspace(name, path.resolve(root, scenario.workspace));
    for (const [to, from] of Object.entries(scenario.workspaceFiles ?? {})) {
      fs.mkdirSync(path.dirname(path.join(workspace, to)), { recursive: true });
      fs.copyFileSync(path.join(root, from), path.join(workspace, to));
    }
    server = await startVscodeServer({
      host, port: await findFreePort(...PORT_RANGE), dataDir, logFile: path.join(outDir, `server-${name}.log`), workspaceTrust: true,
      env: { PHONEBUDDY_TEST_OUTPUT: outDir },
    });
    browser = await launchBrowser(path.join(outDir, `chromium-profile-${name}`));
    const t = Date.now();
    const wb = await openScenarioWindow(browser, server.url, workspace);
    log(`Workspace Trust window (server with trust on, ${path.relative(root, workspace)}) ready with the extension active in ${seconds(Date.now() - t)}`);
    return await runScenarios({ page: wb, files: [scenario.file], workspace, outputDir: outDir, serverUrl: server.url, log: console.log, freshWindow: true });
  } catch (err) {
    return [{ title: `workbench: ${scenario.title}`, state: 'failed', ms: 0, error: `its window did not come up: ${err?.stack ?? err}` }];
  } finally {
    await browser?.close().catch(() => {});
    server?.stop();
  }
}

async function runInElectron(workspace, scenarioFiles) {
  const { runTests } = await import('@vscode/test-electron');
  const code = await runTests({
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH || undefined,
    extensionDevelopmentPath: root,
    extensionTestsPath: testsEntry,
    launchArgs: [workspace, '--disable-extensions', '--user-data-dir', path.join(outDir, 'electron-user-data')],
    extensionTestsEnv: { PHONEBUDDY_TEST_OUTPUT: outDir, ...(opts.grep ? { PHONEBUDDY_TEST_GREP: opts.grep } : {}) },
  }).then(() => 0, () => 1);
  if (scenarioFiles.length > 0) log(`${scenarioFiles.length} workbench scenario(s) skipped: they need the code-server host (--host code-server)`);
  const suites = readSuiteResults(code);
  let vscodeVersion = 'desktop';
  if (process.env.VSCODE_EXECUTABLE_PATH) {
    const r = spawnSync(process.env.VSCODE_EXECUTABLE_PATH, ['--version'], { encoding: 'utf8' });
    vscodeVersion = r.stdout?.split('\n')[0] || vscodeVersion;
  }
  log(`host: VS Code ${vscodeVersion} (desktop, @vscode/test-electron)`);
  return { tests: suites.tests, metrics: suites.metrics, vscodeVersion, timings: {} };
}

function report(result, totalMs) {
  for (const t of result.tests) {
    console.log(`  ${t.state === 'passed' ? '✔' : '✘'} ${t.title} (${t.ms} ms)`);
    if (t.error) console.log(t.error.split('\n').map((l) => `      ${l}`).join('\n'));
  }
  for (const [name, value] of Object.entries(result.metrics ?? {})) log(`${name}: ${value}`);
  const passed = result.tests.filter((t) => t.state === 'passed').length;
  const failed = result.tests.length - passed;
  fs.writeFileSync(path.join(outDir, 'results.json'), JSON.stringify({ ...result, passed, failed, totalMs }, null, 2));
  log(`VS Code ${result.vscodeVersion}: ${result.tests.length} tests in ${seconds(totalMs)}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

async function main() {
  const started = Date.now();
  if (!opts['no-build']) build();
  if (!fs.existsSync(testsEntry)) fail(`${path.relative(root, testsEntry)} is missing: run npm run build`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.rmSync(path.join(outDir, 'mocha-results.json'), { force: true });
  fs.rmSync(path.join(outDir, 'workbench.log'), { force: true });
  // A fresh server profile: no editors, storage or extension state carried over from the last run.
  fs.rmSync(path.join(outDir, 'server'), { recursive: true, force: true });
  const workspace = prepareWorkspace();
  const scenarioFiles = opts['no-scenarios'] ? [] : findScenarios(path.join(root, 'test', 'vscode', 'workbench'), opts.grep);
  const electron = opts.host === 'electron' || (opts.host === 'auto' && !!process.env.VSCODE_EXECUTABLE_PATH);
  if (!findHost() && !electron) {
    // Provisioning first, outside the hog: it is not under test.
    const t = Date.now();
    provision();
    log(`provisioned the VS Code host in ${seconds(Date.now() - t)}`);
  }
  log(`time factor ${timeFactor()}${hog ? `, under a CPU hog of ${hog} busy-loop process(es)` : ''}`);
  const stopHog = hog ? startHog(hog) : () => {};
  try {
    const result = electron ? await runInElectron(workspace, scenarioFiles) : await runInCodeServer(workspace, scenarioFiles);
    return report(result, Date.now() - started);
  } finally {
    stopHog();
  }
}

// Bounded: a hung workbench fails the run instead of hanging CI. Provisioning is not counted
// (it happens before the first test and has its own progress output).
const timer = setTimeout(() => {
  console.error(`[vscode-test] the whole stage timed out after ${Math.round(timeoutMs / 1000)} s (--timeout ${opts.timeout} s × time factor ${timeFactor()}; logs in ${path.relative(root, outDir)}/)`);
  console.log('0 passed, 1 failed');
  process.exit(1); // the server's process group is killed by its 'exit' handler
}, timeoutMs + (findHost() ? 0 : 30 * 60_000));
timer.unref();

main().then((code) => process.exit(code), (err) => {
  console.error(`[vscode-test] ${err?.stack ?? err}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
