// Starts the VS Code server that ships inside the code-server npm package in test mode
// (`--enable-smoke-test-driver`, no connection token) and stops it with its whole process
// group: the server spawns extension hosts and watchers that otherwise outlive it.
// Workspace Trust is off (every folder trusted) unless `workspaceTrust` is set: the Workspace
// Trust scenarios start a server of their own with it on.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForHttp } from '../../../scripts/lib/ports.mjs';

/**
 * @param {{ host: { node: string, serverMain: string }, port: number, dataDir: string, logFile: string, env?: Record<string, string>, workspaceTrust?: boolean }} o
 */
export async function startVscodeServer({ host, port, dataDir, logFile, env = {}, workspaceTrust = false }) {
  for (const d of ['user-data', 'server-data', 'extensions']) fs.mkdirSync(path.join(dataDir, d), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  // detached: the server leads a new process group (setsid), so one kill reaches every child.
  const child = spawn(host.node, [host.serverMain,
    '--host', '127.0.0.1', '--port', String(port),
    '--without-connection-token', '--accept-server-license-terms', '--telemetry-level', 'off',
    '--user-data-dir', path.join(dataDir, 'user-data'),
    '--server-data-dir', path.join(dataDir, 'server-data'),
    '--extensions-dir', path.join(dataDir, 'extensions'),
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']), '--enable-smoke-test-driver',
  ], { detached: true, stdio: ['ignore', log, log], env: { ...process.env, ...env } });
  fs.closeSync(log);
  let exited = false;
  child.once('exit', () => { exited = true; });
  const stop = () => stopGroup(child);
  process.once('exit', stop);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/`, 30_000, () => !exited);
  } catch (err) {
    stop();
    throw new Error(`${err.message}; server log: ${logFile}\n${tail(logFile)}`);
  }
  return { url, port, stop: () => { process.removeListener('exit', stop); stop(); } };
}

function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    // The leader is gone; children may still hold the group.
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    return;
  }
  try { process.kill(-child.pid, 'SIGTERM'); } catch { return; }
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    try { process.kill(-child.pid, 0); } catch { return; }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
}

function tail(file, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
