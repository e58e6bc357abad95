// The debug adapter over DAP, as a separate process on stdin/stdout, on the mock phone with a
// real example task (notes.create: open_app, click new_note, type, click save, finish).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { children, launch, NOTES, scopeVars, startClient, stopped, topFrame } from './testing/client';

test('function breakpoint with a CEL condition and a hit count; bad conditions are breakpoint messages', async () => {
  const dc = await startClient();
  try {
    let set: DebugProtocol.SetFunctionBreakpointsResponse | undefined;
    const changed: DebugProtocol.BreakpointEvent[] = [];
    dc.on('breakpoint', (e: DebugProtocol.BreakpointEvent) => changed.push(e));
    await launch(dc, {}, async () => {
      set = await dc.setFunctionBreakpointsRequest({ breakpoints: [
        { name: 'click', condition: `app == "${NOTES}" && args.points[0][1] > 0`, hitCondition: '2' },
        { name: 'type', condition: 'tool ==' },
        { name: 'clik' },
        { name: 'open_app', condition: 'args.nope > 1' },
      ] });
    });
    const bps = set!.body.breakpoints;
    assert.equal(bps[0].verified, true);
    assert.equal(bps[1].verified, false);
    assert.match(bps[1].message ?? '', /condition does not parse/);
    assert.match(bps[2].message ?? '', /unknown tool 'clik'/);
    const ev = await stopped(dc);
    assert.equal(ev.body.reason, 'breakpoint');
    assert.deepEqual(ev.body.hitBreakpointIds, [bps[0].id]);
    const top = await topFrame(dc);
    assert.equal(top.id, 4, 'the second click in Notes is step 4 (save)');
    assert.match(top.name, /^4: click \[\d+, \d+\] on "Save" \(pending\)$/);
    assert.match(top.source?.path ?? '', /notes-create\.task\.yaml$/);
    const action = await scopeVars(dc, top.id, 'Action');
    assert.equal(action.tool.value, '"click"');
    const node = await children(dc, action.node);
    assert.equal(node['content-desc'].value, '"Save"');
    assert.ok(changed.some((e) => e.body.breakpoint.id === bps[3].id && /condition failed/.test(e.body.breakpoint.message ?? '')), 'a run-time condition error is reported on the breakpoint');
    await dc.continueRequest({ threadId: 1 });
    const exited = (await dc.waitForEvent('exited')) as DebugProtocol.ExitedEvent;
    assert.equal(exited.body.exitCode, 0, 'the task still passes');
  } finally {
    await dc.stop();
  }
});
