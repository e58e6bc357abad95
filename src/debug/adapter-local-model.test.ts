// The debugger offers the local model: `policy: local:<dir>` over DAP on the mock phone, with
// the tiny scripted fixture model (`phonebuddy model fixture`) running the real load →
// preprocess → generate path in the adapter's worker thread. The Model scope shows what the
// model said and its token counts; the step can be corrected like any other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFixture } from '../model/fixture/write';
import { children, continueToEnd, launch, NOTES, scopeVars, startClient, stopped, topFrame } from './testing/client';

const SCRIPT = 'The notes app first.</think>\n<tool_call>\n{"name": "open_app", "arguments": {"app": "Notes"}}\n</tool_call>';

test('policy local:<dir>: the fixture model decides, the Model scope shows its output and tokens, and a correction runs', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-debug-local-'));
  const dir = writeFixture({ out: path.join(root, 'tiny'), script: SCRIPT }).dir;
  const dc = await startClient();
  try {
    // Relative to cwd, as a launch.json would give it; a small pixel cap keeps the step quick.
    await launch(dc, { policy: `local:${path.relative(process.cwd(), dir)}`, modelOptions: { maxPixels: 200_704 }, maxSteps: 2 },
      () => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'open_app' }] }));
    const ev = await stopped(dc, 120_000);
    assert.equal(ev.body.reason, 'breakpoint', ev.body.description);
    const top = await topFrame(dc);
    assert.equal(top.id, 1);
    const model = await scopeVars(dc, 1, 'Model');
    assert.equal(model.source.value, '"local:tiny"');
    assert.equal(model.raw.value, JSON.stringify(SCRIPT));
    assert.equal(model.thought.value, '"The notes app first."');
    const tokens = await children(dc, model.tokens);
    assert.ok(Number(tokens.prompt.value) > 100, `prompt tokens counted (${tokens.prompt.value})`);
    assert.ok(Number(tokens.completion.value) > 10, `completion tokens counted (${tokens.completion.value})`);
    // Replace the model's action (the app by its label) with the package before it runs.
    const r = await dc.evaluateRequest({ expression: `open ${NOTES}`, context: 'repl', frameId: 1 });
    assert.match(r.body.result, /pending action is now open_app/);
    await dc.setFunctionBreakpointsRequest({ breakpoints: [] });
    await dc.nextRequest({ threadId: 1 });
    await stopped(dc, 120_000);
    const st = await dc.stackTraceRequest({ threadId: 1 });
    assert.match(st.body.stackFrames.find((f) => f.id === 1)!.name, /\(corrected\)$/);
    const obs = await scopeVars(dc, 2, 'Observation');
    assert.equal(obs.foregroundApp.value, JSON.stringify(NOTES), 'the corrected action ran');
    assert.equal((await continueToEnd(dc, 120_000)).body.exitCode, 1, 'two steps of a scripted model do not write the note');
  } finally {
    await dc.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
