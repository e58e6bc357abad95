// A session launched with `trusted: false` (an untrusted workspace, or a DAP client that says
// so) leaves the task's shell setup step and shell verifier out and prints what it left out in
// the console; with `trusted` (the default) both run. Over DAP against the standalone adapter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { launch, startClient, stopClient } from './testing/client';

const WIFI_TASK = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'untrusted-workspace', 'wifi-on.task.yaml');

async function session(args: Record<string, unknown>): Promise<string> {
  const dc = await startClient();
  try {
    const out: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => out.push(e.body.output));
    const terminated = dc.waitForEvent('terminated');
    await launch(dc, { task: WIFI_TASK, params: {}, ...args });
    await terminated;
    return out.join('');
  } finally {
    await stopClient(dc);
  }
}

test('untrusted session: the shell setup step and verifier are left out, and the console says so; trusted: both run', async () => {
  const untrusted = await session({ trusted: false });
  assert.match(untrusted, /setup\.shell skipped: shell steps do not run in an untrusted workspace \(1 command\)/);
  assert.match(untrusted, /episode finish: .* verifier FAILED/);
  const trusted = await session({});
  assert.doesNotMatch(trusted, /skipped/);
  assert.match(trusted, /episode finish: .* verifier passed/);
});
