// The Python client (clients/python) and the TRL / verl / Gymnasium examples, run with Debian's
// python3 (python3-websockets, python3-requests) against a real serve-env on loopback. The
// client is pip-installed from the repo path into a temporary folder first, as a user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from './testing';

const PYTHON = '/usr/bin/python3';
const CLIENT = path.resolve(__dirname, '../../clients/python');

function run(args: string[], env: Record<string, string>, cwd = CLIENT): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(PYTHON, args, { cwd, env: { ...process.env, ...env, PYTHONDONTWRITEBYTECODE: '1' } });
    let out = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    p.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, out }));
  });
}

test('the Python client and the TRL, verl and Gymnasium examples pass against a real serve-env', { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' }, async () => {
  const server = await startTestServer({ maxSessions: 12 });
  const target = await mkdtemp(path.join(os.tmpdir(), 'pb-env-py-'));
  try {
    const pip = await run(['-m', 'pip', 'install', '--quiet', '--no-build-isolation', '--no-deps', '--no-index', '--target', target, CLIENT], {}, target);
    assert.equal(pip.code, 0, pip.out);
    const env = { PHONEBUDDY_ENV_URL: server.url, PYTHONPATH: target };
    const unit = await run(['-m', 'unittest', 'discover', '-s', 'tests', '-v'], env);
    assert.equal(unit.code, 0, unit.out);
    assert.match(unit.out, /Ran 5 tests/);
    const gym = await run(['examples/gym_loop.py', server.url], env);
    assert.equal(gym.code, 0, gym.out);
    assert.match(gym.out, /done: finish, return 1/);
    const trl = await run(['examples/trl_environment_factory.py'], env);
    assert.equal(trl.code, 0, trl.out);
    assert.match(trl.out, /group rewards: \[1\.0, 0\.0, 1\.0, 0\.0\]/);
    const verl = await run(['examples/verl_agent_loop.py'], env);
    assert.equal(verl.code, 0, verl.out);
    assert.match(verl.out, /turns 5, reward 1\.0/);
    // Every session the examples opened was closed with its connection.
    while (server.sessions().length) await new Promise((r) => setTimeout(r, 10));
  } finally {
    await rm(target, { recursive: true, force: true });
    await server.close();
  }
});
