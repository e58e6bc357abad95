// The Verifiers scope judges the episode as the end of the run will: from the same view of the
// episode (the steps with the app in front at each, the screens seen), built by one function.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { VerifyReport } from '../task/runnable';
import { InlineClient } from './testing/inline';
import { modelServer } from './testing/model-server';

const call = (name: string, args: object): string => `<think>ok</think><tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

const TASK = `id: test.contacts-stay-closed
title: Look at the home screen without opening Contacts
category: single-app
device: mock
locale: en-US
goal: Look at the home screen; do not open Contacts.
max_steps: 6
verify:
  trajectory:
    must_not_open: [com.phonebuddy.contacts]
`;

async function variables(dc: InlineClient, ref: number): Promise<Record<string, DebugProtocol.Variable>> {
  const r = await dc.request<DebugProtocol.VariablesResponse>('variables', { variablesReference: ref });
  return Object.fromEntries(r.body.variables.map((v) => [v.name, v]));
}

test('must_not_open: paused after Contacts came to the front (tapped on the launcher, not open_app), the Verifiers scope already fails as the end does', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-verifiers-scope-'));
  const file = path.join(dir, 'contacts-stay-closed.task.yaml');
  fs.writeFileSync(file, TASK);
  // The Contacts icon on the launcher (bounds [309,1265][529,1482] of 1080×2400), then a tap in Contacts, then finish.
  const model = await modelServer([call('click', { points: [[388, 571]] }), call('click', { points: [[500, 500]] }), call('finish', { text: 'done' })]);
  const dc = new InlineClient();
  let final: VerifyReport | undefined;
  dc.runtime.on('episode', (e) => e.episode.on('verified', (v) => { final = v.report; }));
  try {
    await dc.launch({ task: file, policy: `openai:${model.url}`, model: 'm' }, () => dc.request('setFunctionBreakpoints', { breakpoints: [{ name: 'finish' }] }));
    await dc.event('stopped');
    const frames = await dc.request<DebugProtocol.StackTraceResponse>('stackTrace', { threadId: 1 });
    const top = frames.body.stackFrames[0];
    assert.equal(top.id, 3, 'paused at the finish of step 3, after Contacts was in front at step 2');
    const scopes = await dc.request<DebugProtocol.ScopesResponse>('scopes', { frameId: top.id });
    const scope = scopes.body.scopes.find((s) => s.name === 'Verifiers');
    assert.ok(scope, 'a Verifiers scope');
    const live = await variables(dc, scope.variablesReference);
    assert.equal(live.passed.value, 'false', 'the live verdict fails: Contacts was in front');
    const results = await variables(dc, live.results.variablesReference);
    const first = await variables(dc, results['0'].variablesReference);
    assert.match(first.reason.value, /com\.phonebuddy\.contacts/);
    await dc.request('setFunctionBreakpoints', { breakpoints: [] });
    const terminated = dc.event('terminated');
    await dc.request('continue', { threadId: 1 });
    await terminated;
    assert.ok(final, 'the episode was verified at its end');
    assert.equal(final.passed, false);
    assert.equal(JSON.parse(first.reason.value), final.results[0].reason, 'the same reason live and at the end');
  } finally {
    await dc.request('disconnect', { terminateDebuggee: true }).catch(() => undefined);
    await model.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
