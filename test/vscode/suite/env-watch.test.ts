// Watching training live: a real `phonebuddy serve-env` (the built CLI, sessions on a session
// thread) stepped over HTTP by a stand-in trainer, mirrored read-only in the device panel by
// "PhoneBuddy: Watch Environment Session…": the panel follows each step, a tap forged through
// the panel's own path never reaches the session, and the mirror goes offline when the service does.
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import * as vscode from 'vscode';
import { forge, panelState } from './panel-support';
import { EXTENSION_ID, repoRoot, scaled, until } from './support';

suite('watch an environment session', () => {
  let service: ChildProcess | undefined;
  let url = '';

  suiteSetup(async function () {
    this.timeout(scaled(90_000));
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    // Debian's Node (the one the repository's native modules are built for), not the extension host's.
    service = spawn('node', [path.join(repoRoot, 'dist', 'cli.js'), 'serve-env', '--tasks', path.join(repoRoot, 'tasks-examples', 'single-app'), '--port', '0', '--threads', '1'], { cwd: repoRoot });
    let out = '';
    service.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
    service.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
    url = await until('serve-env to listen', () => /environment served on (http:\/\/\S+)/.exec(out)?.[1], 60_000).catch((e: Error) => { throw new Error(`${e.message}: ${out}`); });
  });

  suiteTeardown(async () => {
    service?.kill('SIGTERM');
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
  });

  const post = async (route: string, body: unknown): Promise<Record<string, any>> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const r = await fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(r.status, 200, await r.clone().text());
    return r.json() as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  test('the panel mirrors a live session read-only and follows its steps', async function () {
    this.timeout(scaled(120_000));
    const reset = await post('/reset', { task: 'notes.create#body=Buy oat milk' });
    const sessionId = String(reset.metadata.session_id);
    const deviceId = await vscode.commands.executeCommand<string>('phonebuddy.devices.watchEnvSession', url, sessionId);
    assert.equal(deviceId, `env:${url}/sessions/${sessionId}`);
    const shown = await until('the panel to stream the session', async () => {
      const s = await panelState();
      return s.deviceId === deviceId && s.streaming && (s.stats?.acked ?? 0) > 0 && s;
    }, 45_000);
    assert.match(shown.devices.find((d) => d.id === deviceId)!.label, /notes\.create.*read-only/);
    // The trainer steps: the session's event stream makes the panel capture again.
    await post('/step', { action: { tool_call: { name: 'open_app', args: { app: 'com.phonebuddy.notes' } } } });
    await until('the panel to show the step', async () => ((await panelState()).stats?.captured ?? 0) > (shown.stats?.captured ?? 0), 30_000);
    assert.match((await panelState()).uiTree ?? '', /com\.phonebuddy\.notes/);
    // A tap through the panel's own input path does not reach the session.
    await forge({ type: 'tap', x: 540, y: 1200, inputSeq: 1 });
    const state = await (await fetch(`${url}/state`)).json() as { step_count: number };
    assert.equal(state.step_count, 1);
    // The service goes away: the mirror is offline.
    service!.kill('SIGTERM');
    await until('the mirror to go offline', async () => (await panelState()).devices.find((d) => d.id === deviceId)?.online === false, 30_000);
  });
});
