// The debug adapter over DAP, as a separate process on stdin/stdout, on the mock phone with a
// real example task (notes.create: open_app, click new_note, type, click save, finish).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { children, continueToEnd, launch, NOTES, scopeVars, startClient, stopped, topFrame } from './testing/client';
import { modelServer } from './testing/model-server';

test('function breakpoint with a CEL condition and a hit count; bad conditions are breakpoint messages', async () => {
  const dc = await startClient();
  try {
    let set: DebugProtocol.SetFunctionBreakpointsResponse | undefined;
    const changed: DebugProtocol.BreakpointEvent[] = [];
    dc.on('breakpoint', (e: DebugProtocol.BreakpointEvent) => changed.push(e));
    const consoleLines: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => { if (/^breakpoint /.test(e.body.output)) consoleLines.push(e.body.output.trim()); });
    const breakpoints = [
      { name: 'click', condition: `app == "${NOTES}" && args.points[0][1] > 0`, hitCondition: '2' },
      { name: 'type', condition: 'tool ==' },
      { name: 'clik' },
      { name: 'open_app', condition: 'args.nope > 1' },
    ];
    await launch(dc, {}, async () => {
      set = await dc.setFunctionBreakpointsRequest({ breakpoints });
      // The client sends all its breakpoints again whenever one changes: no second line.
      set = await dc.setFunctionBreakpointsRequest({ breakpoints });
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
    // Every breakpoint problem is one console line, once (docs/debugging.md promises both).
    assert.equal(consoleLines.filter((l) => /^breakpoint 'type': condition does not parse/.test(l)).length, 1, consoleLines.join('\n'));
    assert.equal(consoleLines.filter((l) => /^breakpoint 'clik': unknown tool/.test(l)).length, 1, consoleLines.join('\n'));
    assert.equal(consoleLines.filter((l) => /^breakpoint 'open_app': condition failed/.test(l)).length, 1, consoleLines.join('\n'));
    const exited = await continueToEnd(dc);
    assert.equal(exited.body.exitCode, 0, 'the task still passes');
  } finally {
    await dc.stop();
  }
});

const call = (name: string, args: object): string => `<think>ok</think><tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

test('exception breakpoint on unparsable model output; a console command supplies the action', async () => {
  const model = await modelServer(['I am confused }{', call('finish', { text: 'done' })]);
  const dc = await startClient();
  try {
    await launch(dc, { policy: `openai:${model.url}`, model: 'm' }, () => dc.setExceptionBreakpointsRequest({ filters: ['unparsable-output'] }));
    const ev = await stopped(dc);
    assert.equal(ev.body.reason, 'exception');
    const info = await dc.exceptionInfoRequest({ threadId: 1 });
    assert.equal(info.body.exceptionId, 'unparsable-output');
    assert.match(info.body.description ?? '', /Unparsable model output: unparsable model output \(no-tool-call\)/);
    const top = await topFrame(dc);
    const m = await scopeVars(dc, top.id, 'Model');
    assert.equal(m.raw.value, '"I am confused }{"');
    assert.match(m.prompt.value, /# Instruction/);
    const r = await dc.evaluateRequest({ expression: `open ${NOTES}`, context: 'repl', frameId: top.id });
    assert.match(r.body.result, /pending action is now open_app/);
    await continueToEnd(dc);
    assert.equal(model.requests, 2);
  } finally {
    await dc.stop();
    await model.close();
  }
});

test('step in walks the phases (observe → decide → act); step over is one agent step; step out ends the step', async () => {
  const dc = await startClient();
  try {
    await launch(dc, { stopOnEntry: true });
    const seen: string[] = [];
    const next = async (req: () => Promise<unknown>): Promise<void> => {
      await req();
      const e = await stopped(dc);
      seen.push(`${e.body.reason}:${e.body.description}`);
    };
    const e = await stopped(dc);
    seen.push(`${e.body.reason}:${e.body.description}`);
    await next(() => dc.stepInRequest({ threadId: 1 }));
    await next(() => dc.stepInRequest({ threadId: 1 }));
    await next(() => dc.stepInRequest({ threadId: 1 }));
    await next(() => dc.nextRequest({ threadId: 1 }));
    await next(() => dc.nextRequest({ threadId: 1 }));
    await next(() => dc.stepOutRequest({ threadId: 1 }));
    assert.deepEqual(seen, [
      'entry:paused on entry, step 1',
      'step:before-action, step 1',
      'step:step-end, step 1',
      'step:step-start, step 2',
      'step:before-action, step 2',
      'step:before-action, step 3',
      'step:step-end, step 3',
    ]);
    const st = await dc.stackTraceRequest({ threadId: 1 });
    assert.deepEqual(st.body.stackFrames.map((f) => f.id), [3, 2, 1], 'one frame per step, newest on top');
    assert.match(st.body.stackFrames[0].name, /^3: type "Buy oat milk"/);
    // Solution steps point at their line in the task file.
    assert.deepEqual(st.body.stackFrames.map((f) => f.line), [22, 21, 20]);
    assert.equal((await continueToEnd(dc)).body.exitCode, 0);
  } finally {
    await dc.stop();
  }
});

test('step back restores the exact screenshot, UI tree and databases; reverse continue stops at a breakpoint', async () => {
  const dc = await startClient();
  try {
    await launch(dc, {}, () => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: '*', condition: 'step == 2 || step == 4' }] }));
    await stopped(dc);
    const at2 = (await dc.customRequest('phonebuddy/deviceState')).body as { screenshot: string; uiTree: string; databases: Record<string, string> };
    assert.ok(at2.databases[NOTES]);
    await dc.continueRequest({ threadId: 1 });
    await stopped(dc);
    assert.equal((await topFrame(dc)).id, 4);
    const at4 = (await dc.customRequest('phonebuddy/deviceState')).body as typeof at2;
    assert.notEqual(at4.screenshot, at2.screenshot);
    await dc.stepBackRequest({ threadId: 1 });
    const back = await stopped(dc);
    assert.equal(back.body.reason, 'step');
    // The Call Stack's header is this description: it names where the session is now.
    assert.equal(back.body.description, 'stepped back to step 3');
    assert.equal((await topFrame(dc)).id, 3);
    await dc.stepBackRequest({ threadId: 1 });
    await stopped(dc);
    assert.equal((await topFrame(dc)).id, 2);
    assert.deepEqual((await dc.customRequest('phonebuddy/deviceState')).body, at2, 'byte-identical screen, UI tree and databases');
    await dc.continueRequest({ threadId: 1 });
    await stopped(dc);
    assert.equal((await topFrame(dc)).id, 4);
    await dc.reverseContinueRequest({ threadId: 1 });
    const rev = await stopped(dc);
    assert.equal(rev.body.reason, 'breakpoint');
    assert.equal((await topFrame(dc)).id, 2);
    await dc.continueRequest({ threadId: 1 });
    await stopped(dc);
    assert.equal((await continueToEnd(dc)).body.exitCode, 0, 'the run after stepping back passes');
  } finally {
    await dc.stop();
  }
});

test('fork from a step with another action: a second episode whose verdict differs; the main run still passes', async () => {
  const dc = await startClient();
  try {
    await launch(dc, {}, () => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'type' }] }));
    await stopped(dc);
    const threads: string[] = [];
    dc.on('thread', (e: DebugProtocol.ThreadEvent) => threads.push(`${e.body.reason}:${e.body.threadId}`));
    const r = await dc.evaluateRequest({ expression: 'fork type "Buy nothing"', context: 'repl', frameId: 3 });
    assert.match(r.body.result, /^fork [0-9a-f]{8} from step 3: finish, verifier FAILED \(score 0\)$/);
    const v = await dc.variablesRequest({ variablesReference: r.body.variablesReference });
    const byName = Object.fromEntries(v.body.variables.map((x) => [x.name, x.value]));
    assert.equal(byName.success, 'false');
    assert.deepEqual(threads, ['started:2', 'exited:2']);
    assert.equal((await continueToEnd(dc)).body.exitCode, 0);
  } finally {
    await dc.stop();
  }
});

test('editing the pending action (setVariable): the corrected action runs and is reported', async () => {
  const dc = await startClient();
  try {
    const out: string[] = [];
    dc.on('output', (e: DebugProtocol.OutputEvent) => out.push(e.body.output));
    await launch(dc, {}, () => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'type' }] }));
    await stopped(dc);
    const action = await scopeVars(dc, 3, 'Action');
    const set = await dc.setVariableRequest({ variablesReference: action.args.variablesReference, name: 'text', value: '"Buy soy milk"' });
    assert.equal(set.body.value, '"Buy soy milk"');
    const root = (await dc.scopesRequest({ frameId: 3 })).body.scopes.find((x) => x.name === 'Action')!;
    await assert.rejects(dc.setVariableRequest({ variablesReference: root.variablesReference, name: 'tool', value: '"teleport"' }), /that makes an unusable action: unknown tool 'teleport'/);
    await dc.customRequest('setExpression', { expression: 'args.text', value: '"Buy soy milk!"', frameId: 3 });
    await dc.nextRequest({ threadId: 1 });
    await stopped(dc);
    const st = await dc.stackTraceRequest({ threadId: 1 });
    const f3 = st.body.stackFrames.find((f) => f.id === 3)!;
    assert.match(f3.name, /^3: type "Buy soy milk!" \(corrected\)$/);
    const a3 = await scopeVars(dc, 3, 'Action');
    const corr = await children(dc, a3.corrected);
    assert.equal(corr.by.value, '"debugger"');
    assert.ok(out.some((o) => /step 3: action replaced by debugger: type\(\{"text":"Buy soy milk!"\}\) \(the model's: type\(\{"text":"Buy oat milk"\}\)\)/.test(o)));
    assert.equal((await continueToEnd(dc)).body.exitCode, 1, 'the verifier sees the corrected text');
  } finally {
    await dc.stop();
  }
});

test('evaluate (CEL and commands) and completions', async () => {
  const dc = await startClient();
  try {
    await launch(dc, {}, () => dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'type' }] }));
    await stopped(dc);
    const ev = (expression: string) => dc.evaluateRequest({ expression, context: 'repl', frameId: 3 });
    assert.equal((await ev('tool == "type" && args.text == "Buy oat milk" && app == "com.phonebuddy.notes"')).body.result, 'true');
    assert.equal((await ev('step * 10')).body.result, '30');
    assert.equal((await ev('verifiers.passed')).body.result, 'false', 'live verdict: nothing saved yet');
    const sql = await ev(`sql ${NOTES} SELECT count(*) AS n FROM notes`);
    assert.equal(sql.body.result, '1 row');
    const rows = await dc.variablesRequest({ variablesReference: sql.body.variablesReference });
    assert.equal(rows.body.variables.length, 1);
    // A runaway query is bounded as a verifier's is: the session answers meanwhile, and the
    // query fails after the verifier limit, saying what was stopped.
    const runaway = ev(`sql ${NOTES} WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c`).then(() => 'answered', (e: Error) => e.message);
    const meanwhile = await Promise.race([ev('step + 1').then((r) => r.body.result), runaway.then(() => 'the runaway query ended first')]);
    assert.equal(meanwhile, '4', 'the session answers while the query runs');
    assert.match(await runaway, /SQL error in com\.phonebuddy\.notes: the query ran longer than 3000 ms and was stopped/);
    await assert.rejects(ev(`sql ${NOTES} DELETE FROM notes`), /only reads the app's data/);
    assert.equal((await ev(`sql ${NOTES} SELECT count(*) AS n FROM notes`)).body.result, '1 row', 'the session goes on');
    assert.match((await ev('ui resource-id=save')).body.result, /^1 node match resource-id="save"/);
    await assert.rejects(ev('tap 1 two'), /y must be a number, got 'two'/);
    await assert.rejects(ev('1 +'), /not a command or a CEL expression/);
    const labels = async (text: string) => (await dc.completionsRequest({ text, column: text.length + 1, frameId: 3 })).body.targets.map((t) => t.label);
    assert.ok((await labels('ke')).includes('key'));
    assert.deepEqual(await labels('key '), ['back', 'home', 'menu', 'enter']);
    assert.deepEqual(await labels('sql com.phonebuddy.no'), [NOTES]);
    assert.ok((await labels('scr')).includes('screenText'));
    await continueToEnd(dc);
  } finally {
    await dc.stop();
  }
});

test('stopped on the Action failed filter, the Action scope says the step failed, with its error', async () => {
  const model = await modelServer([call('open_app', { app: 'com.example.nope' }), call('finish', { text: 'done' })]);
  const dc = await startClient();
  try {
    await launch(dc, { policy: `openai:${model.url}`, model: 'm' }, () => dc.setExceptionBreakpointsRequest({ filters: ['action-failed'] }));
    const ev = await stopped(dc);
    assert.equal(ev.body.reason, 'exception');
    const top = await topFrame(dc);
    const action = await scopeVars(dc, top.id, 'Action');
    assert.equal(action.tool.value, '"open_app"');
    assert.equal(action.status.value, '"failed"', 'the step that failed is not pending');
    assert.match(action.error?.value ?? '', /nope/);
    assert.match(top.name, /✗/);
    await continueToEnd(dc);
  } finally {
    await dc.stop();
    await model.close();
  }
});
