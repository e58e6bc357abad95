// The environment service on a workspace with its own app (YAML only): the session threads and
// the server's own thread load the same catalogue as check and run, so a reset lands on the
// app's seeded data and the task's verifier pays the reward when the episode does the task.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveStep } from '../agent/policies/solution';
import { PANTRY_PACKAGE, pantryWorkspace } from '../studio/app-files/testing/pantry-app';
import { startTestServer, TestClient, type Reply } from './testing';
import { TaskCatalogue } from './task-catalogue';

type Obs = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const obsOf = (r: Reply): Obs => { assert.equal(r.type, 'observation', JSON.stringify(r).slice(0, 300)); return r.data.observation as Obs; };
const PLAN = [
  { tool: 'open_app', args: { app: PANTRY_PACKAGE } },
  { tool: 'click', args: {}, target: { resourceId: 'add_item' } },
  { tool: 'type', args: { text: 'Honey' } },
  { tool: 'click', args: {}, target: { resourceId: 'qty' } },
  { tool: 'type', args: { text: '3' } },
  { tool: 'click', args: {}, target: { resourceId: 'save' } },
  { tool: 'finish', args: { text: 'Added.' } },
];

for (const threads of [2, 0]) {
  test(`serve-env ${threads ? 'on session threads' : 'on its own thread'}: a task on a workspace app is reset, played and rewarded`, async () => {
    const ws = pantryWorkspace();
    const server = await startTestServer({ tasks: new TaskCatalogue([ws.taskFile], 0, ws.appsDir), threads });
    try {
      const c = await TestClient.connect(server);
      let o = obsOf(await c.send({ type: 'reset', data: { task: 'pantry.add_honey', observe: { ui_tree: true } } }));
      let last: Reply | undefined;
      for (const step of PLAN) {
        const call = resolveStep(step as never, { step: o.step, screen: { width: o.screenshot.width, height: o.screenshot.height }, uiXml: o.ui_tree } as never);
        if (typeof call === 'string') throw new Error(call);
        last = await c.send({ type: 'step', data: { tool_call: call } });
        o = obsOf(last);
        if (step.tool === 'open_app') assert.match(o.ui_tree, /text="Olive oil"/, 'the app\'s seeded rows');
        if (last.data.done) break;
      }
      assert.equal(last!.data.done, true);
      assert.equal(last!.data.reward, 1);
      await c.close();
    } finally {
      await server.close();
      ws.cleanup();
    }
  });
}
