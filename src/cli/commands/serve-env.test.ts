// `phonebuddy serve-env` as a user runs it: bad options name themselves (exit 2), and
// `--sessions` / `--watch` read a running service (a real server on loopback).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startTestServer, TestClient } from '../../env/testing';

const root = path.resolve(__dirname, '..', '..', '..');

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> & { output(re: RegExp): Promise<void> } {
  let stdout = '';
  const seen: [RegExp, () => void][] = [];
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), 'serve-env', ...args], { cwd: root });
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => { stdout += d.toString(); for (const [re, ok] of seen) if (re.test(stdout)) ok(); });
    p.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  /** Resolves once stdout matches `re` (the process is still running). */
  const output = (re: RegExp): Promise<void> => new Promise((ok) => { if (re.test(stdout)) ok(); else seen.push([re, ok]); });
  return Object.assign(done, { output });
}

test('serve-env: bad options exit 2 naming each problem; --watch needs --session', async () => {
  const r = await cli('--port', 'x', '--max-sessions', '0', '--trap-penalty=-1');
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--port must be an integer ≥ 0, got 'x'; --max-sessions must be an integer ≥ 1, got '0'; --trap-penalty must be a number ≥ 0, got '-1'/);
  const w = await cli('--watch', 'http://127.0.0.1:1');
  assert.equal(w.code, 2);
  assert.match(w.stderr, /--watch needs --session/);
});

test('serve-env --sessions lists a running service\'s sessions; --watch reports a finished one and its end', async () => {
  const server = await startTestServer();
  try {
    const c = await TestClient.connect(server);
    await c.send({ type: 'reset', data: { task: 'notes.create#body=Buy oat milk' } });
    await c.send({ type: 'step', data: { tool_call: { name: 'finish', args: { text: 'x' } } } });
    const id = server.sessions()[0].session_id;
    const listed = await cli('--sessions', server.url);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, new RegExp(`^1 of 16 sessions\\n${id}  notes.create#body=Buy oat milk  step 1 done \\(finish, score 0\\)\\n$`));
    const watching = cli('--watch', server.url, '--session', id);
    // It prints the session's line, then, when the session goes, says so and exits.
    await watching.output(/step 1 done \(finish, score 0\)\n/);
    await c.close();
    const w = await watching;
    assert.equal(w.code, 0, w.stderr);
    assert.match(w.stdout, /session .* is gone\n$/);
  } finally {
    await server.close();
  }
});
