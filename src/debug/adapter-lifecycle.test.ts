// How a debugging session ends, over DAP against the standalone adapter (a child process on
// stdin/stdout): a disconnect in the middle of a run, and a stop while the model is generating.
// The adapter does not process.exit() after a disconnect: it must end by itself, so a leaked
// handle (phone, socket, timer, worker) keeps it alive and makes the exit code 3 (src/studio/debug-adapter.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Device } from '../device/device';
import { adapterExit, adapterStderr, launch, NOTES_TASK, startClient, stopClient, stopped, topFrame } from './testing/client';
import { InlineClient } from './testing/inline';
import { modelServer } from './testing/model-server';

test('disconnect in the middle of a run: the run stops, the phone closes and the adapter exits by itself (no handle left)', async () => {
  const dc = await startClient();
  const stderr = adapterStderr(dc);
  const out: string[] = [];
  const important: string[] = [];
  dc.on('output', (e: DebugProtocol.OutputEvent) => { out.push(e.body.output); if (e.body.category === 'important') important.push(e.body.output); });
  await launch(dc, {}, () => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'click' }] }));
  await stopped(dc);
  assert.equal((await topFrame(dc)).id, 2);
  // Running again, with no breakpoint left to stop it: the disconnect lands mid-run.
  await dc.setFunctionBreakpointsRequest({ breakpoints: [] });
  await dc.continueRequest({ threadId: 1 });
  const exit = adapterExit(dc);
  await dc.disconnectRequest({ terminateDebuggee: true });
  assert.deepEqual(await exit, { code: 0, signal: null }, `the adapter ended on its own; stderr: ${stderr.join('')}`);
  assert.ok(out.some((o) => /^episode aborted: stopped: the debugger stopped the run/.test(o)), `the run was cut short: ${out.join('')}`);
  // 'important' output is a notification in VS Code: a session the person stopped raises none.
  assert.deepEqual(important, [], 'no notification for a run the person stopped');
});

test('stop while the model is generating cancels the inference (the request is aborted) and ends the session', async () => {
  const model = await modelServer(['hang']);
  const dc = await startClient();
  const stderr = adapterStderr(dc);
  try {
    await launch(dc, { policy: `openai:${model.url}`, model: 'm' });
    // The model request is in flight (the endpoint never answers).
    for (let i = 0; model.requests === 0; i++) {
      if (i > 600) throw new Error('the model was never asked');
      await new Promise((r) => setTimeout(r, 50));
    }
    const terminated = dc.waitForEvent('terminated');
    const exitedCode = dc.waitForEvent('exited').then((e) => (e as DebugProtocol.ExitedEvent).body.exitCode);
    const exit = adapterExit(dc);
    exit.catch(() => undefined);
    await dc.terminateRequest({});
    await model.aborted;
    // (the HTTP request's connection was closed by the adapter)
    await terminated;
    assert.equal(await exitedCode, 1, 'a stopped run does not pass');
    await dc.disconnectRequest({});
    assert.deepEqual(await exit, { code: 0, signal: null }, `the adapter ended on its own; stderr: ${stderr.join('')}`);
  } finally {
    await stopClient(dc);
    await model.close();
  }
});

test('inline (as the extension runs it): a disconnect mid-run closes the session\'s phone and the fork\'s', async () => {
  const dc = new InlineClient();
  const devices: Device[] = [];
  dc.runtime.on('episode', (e) => devices.push(e.device));
  await dc.launch({ task: NOTES_TASK, params: { body: 'Buy oat milk' } }, () => dc.request('setFunctionBreakpoints', { breakpoints: [{ name: 'type' }] }));
  await dc.event('stopped');
  const fork = await dc.request<DebugProtocol.EvaluateResponse>('evaluate', { expression: 'fork type "Buy nothing"', context: 'repl', frameId: 3 });
  assert.match(fork.body.result, /verifier FAILED/);
  await dc.request('setFunctionBreakpoints', { breakpoints: [] });
  await dc.request('continue', { threadId: 1 });
  await dc.request('disconnect', { terminateDebuggee: true });
  assert.equal(devices.length, 2, 'the session\'s phone and the fork\'s');
  for (const d of devices) await assert.rejects(d.screenshot(), /the mock phone was closed/);
});
