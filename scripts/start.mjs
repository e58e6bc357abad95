#!/usr/bin/env node
// `npm start`: builds, packages the .vsix, installs it into code-server and serves VS Code in
// the browser on 127.0.0.1 with tasks-examples/ open. Everything code-server writes (config,
// user data, extensions) stays in .studio/ (git-ignored). Ctrl+C stops it.
//   node scripts/start.mjs [--port 18080|auto] [--folder tasks-examples] [--no-package] [--check]
// --check: open the served workbench in headless Chromium, run PhoneBuddy: Show Studio Info,
// save a screenshot to .test-output/start-check.png, stop, and exit 0 only if it worked.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packageVsix } from './package.mjs';
import { findFreePort, waitForHttp } from './lib/ports.mjs';
import { findHost } from './lib/vscode-host.mjs';
import { provision } from './provision-vscode-host.mjs';

const root = path.resolve(import.meta.dirname, '..');
const studio = path.join(root, '.studio', 'code-server');
const log = (msg) => console.log(`[studio] ${msg}`);

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PHONEBUDDY_PORT ?? '18080' },
    folder: { type: 'string', default: 'tasks-examples' },
    'no-package': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});

function fail(msg) {
  console.error(`[studio] ${msg}`);
  process.exit(1);
}

// `--port auto` takes a free port from the tests' range (used by `npm run test:start`).
const port = opts.port === 'auto' ? await findFreePort(18100, 18199) : Number(opts.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number or 'auto', not '${opts.port}'`);
const folder = path.resolve(root, opts.folder);
if (!fs.existsSync(folder)) fail(`folder to open does not exist: ${folder}`);

const portFree = await new Promise((resolve) => {
  const srv = net.createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
});
if (!portFree) fail(`port ${port} on 127.0.0.1 is in use; pass --port N (or set PHONEBUDDY_PORT)`);

const host = findHost() ?? provision();

// The .vsix is what users install, so the studio runs exactly that (not the source tree).
const vsixDir = path.join(root, '.studio');
let vsix = path.join(vsixDir, 'phonebuddy-studio.vsix');
if (opts['no-package'] && fs.existsSync(vsix)) {
  log(`reusing ${path.relative(root, vsix)}`);
} else {
  fs.mkdirSync(vsixDir, { recursive: true });
  vsix = (await packageVsix({ out: vsix })).packagePath;
}

const dirs = { config: path.join(studio, 'config.yaml'), userData: path.join(studio, 'user-data'), extensions: path.join(studio, 'extensions') };
fs.mkdirSync(dirs.userData, { recursive: true });
fs.mkdirSync(dirs.extensions, { recursive: true });
fs.writeFileSync(dirs.config, `# Written by scripts/start.mjs on every start.\nbind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
const settings = path.join(dirs.userData, 'User', 'settings.json');
if (!fs.existsSync(settings)) {
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, JSON.stringify({
    'workbench.startupEditor': 'none', 'telemetry.telemetryLevel': 'off',
    'chat.disableAIFeatures': true, 'workbench.secondarySideBar.defaultVisibility': 'hidden',
  }, null, 2));
}
const common = ['--config', dirs.config, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];

log(`installing ${path.relative(root, vsix)} into code-server ${host.dir.split('code-server-').pop()}`);
const install = spawnSync(host.node, [host.codeServerEntry, ...common, '--install-extension', vsix, '--force'], { encoding: 'utf8' });
if (install.status !== 0) fail(`installing the extension failed:\n${install.stdout}${install.stderr}`);

const child = spawn(host.node, [host.codeServerEntry, ...common,
  '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none',
  '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--ignore-last-opened',
  folder,
], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
const serverLog = fs.createWriteStream(path.join(studio, 'code-server.log'));
child.stdout.pipe(serverLog);
child.stderr.pipe(serverLog);

const stop = () => {
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
};
process.on('SIGINT', () => { stop(); process.exit(130); });
process.on('SIGTERM', () => { stop(); process.exit(143); });
process.on('exit', stop);
child.on('exit', (code, signal) => {
  console.error(`[studio] code-server exited (${signal ?? code}); log: ${path.relative(root, path.join(studio, 'code-server.log'))}`);
  process.exit(code ?? 1);
});

await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000, () => child.exitCode === null);
const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
log(`VS Code ${host.vscodeVersion} with PhoneBuddy Studio installed, serving ${path.relative(root, folder) || '.'}`);
console.log(`\n  PhoneBuddy Studio: ${url}\n\n  (Ctrl+C to stop)\n`);

if (opts.check) process.exit(await check(url));

/** Proves the served studio works: the installed extension activates and its command runs. */
async function check(studioUrl) {
  const { launchBrowser, openPage, runCommand, screenshot, waitForNotification, waitForWorkbench } = await import('../test/vscode/lib/workbench.mjs');
  const out = path.join(root, '.test-output');
  const browser = await launchBrowser(path.join(out, 'start-check-profile'));
  try {
    const page = await openPage(browser, path.join(out, 'start-check-workbench.log'));
    await page.goto(studioUrl, { waitUntil: 'domcontentloaded' });
    await waitForWorkbench(page);
    await runCommand(page, 'PhoneBuddy: Show Studio Info');
    const message = await waitForNotification(page, 'PhoneBuddy Studio', 30_000);
    const shot = await screenshot(page, out, 'start-check');
    log(`check passed: "${message}"; screenshot ${path.relative(root, shot)}`);
    return 0;
  } catch (err) {
    console.error(`[studio] check failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await browser.close().catch(() => {});
  }
}
