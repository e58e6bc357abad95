// The agent debugger inside a real VS Code: the Debug CodeLens command starts a `phonebuddy`
// session (inline adapter, configuration provider) on an example task, a function breakpoint
// set through vscode.debug stops it, and the stopped event, the call stack and the variables
// are read through the real debug API before the run continues to its verdict.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { EXTENSION_ID, publishMetric, until, scaled } from './support';

const folder = () => vscode.workspace.workspaceFolders![0].uri;

/** Every message the adapter sends, per session, seen through a real adapter tracker. */
const sent = new Map<string, DebugProtocol.ProtocolMessage[]>();
const waiters: { pred: (m: DebugProtocol.ProtocolMessage) => boolean; resolve: (m: DebugProtocol.ProtocolMessage) => void }[] = [];

function nextMessage<T extends DebugProtocol.ProtocolMessage>(pred: (m: DebugProtocol.ProtocolMessage) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), scaled(timeoutMs));
    waiters.push({ pred, resolve: (m) => { clearTimeout(t); resolve(m as T); } });
  });
}

const isEvent = (name: string) => (m: DebugProtocol.ProtocolMessage): boolean => m.type === 'event' && (m as DebugProtocol.Event).event === name;

suite('agent debugger', () => {
  const disposables: vscode.Disposable[] = [];
  suiteSetup(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    disposables.push(vscode.debug.registerDebugAdapterTrackerFactory('phonebuddy', {
      createDebugAdapterTracker: (session) => ({
        onDidSendMessage: (m: DebugProtocol.ProtocolMessage) => {
          const list = sent.get(session.id) ?? [];
          list.push(m);
          sent.set(session.id, list);
          const i = waiters.findIndex((w) => w.pred(m));
          if (i >= 0) waiters.splice(i, 1)[0].resolve(m);
        },
      }),
    }));
  });
  setup(() => vscode.debug.removeBreakpoints(vscode.debug.breakpoints));
  suiteTeardown(() => {
    for (const d of disposables) d.dispose();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  });

  test('the Debug CodeLens starts a session that stops at a function breakpoint; stack and variables through the debug API; continue to the verdict', async function () {
    this.timeout(scaled(120_000));
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), 'single-app/notes-create.task.yaml'));
    await vscode.window.showTextDocument(doc);
    // The CodeLens of the task carries exactly this command and arguments.
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const debugLens = lenses.find((l) => l.command?.command === 'phonebuddy.task.debug');
    assert.ok(debugLens?.command, `a Debug CodeLens on the task (got ${lenses.map((l) => l.command?.title).join(', ')})`);

    const bp = new vscode.FunctionBreakpoint('type', true, 'app == "com.phonebuddy.notes" && step >= 2');
    vscode.debug.addBreakpoints([bp]);
    const started = new Promise<vscode.DebugSession>((r) => { const d = vscode.debug.onDidStartDebugSession((s) => { d.dispose(); r(s); }); });
    const stoppedMsg = nextMessage<DebugProtocol.StoppedEvent>(isEvent('stopped'), 'the stopped event');
    const t0 = performance.now();
    // The task has three parameter instances: the lens would ask which; this names one.
    const ok = await vscode.commands.executeCommand<boolean>(debugLens.command.command, ...(debugLens.command.arguments ?? []), { instance: 'notes.create#body=Buy oat milk' });
    assert.equal(ok, true, 'vscode.debug.startDebugging accepted the configuration');
    const session = await started;
    assert.equal(session.type, 'phonebuddy');
    assert.equal(session.configuration.task, doc.uri.fsPath, 'the configuration provider kept the CodeLens task');
    assert.equal(session.configuration.trusted, vscode.workspace.isTrusted);

    const stopped = await stoppedMsg;
    publishMetric('debugger.launchToBreakpointMs', performance.now() - t0);
    assert.equal(stopped.body.reason, 'breakpoint');
    // VS Code has verified the breakpoint with the adapter (the id it got back).
    const stack = await session.customRequest('stackTrace', { threadId: stopped.body.threadId ?? 1 }) as DebugProtocol.StackTraceResponse['body'];
    const top = stack.stackFrames[0];
    assert.match(top.name, /^3: type "Buy oat milk" \(pending\)$/);
    // Through customRequest a remote workbench hands back the source as a vscode-remote: URI.
    assert.equal(asFsPath(top.source?.path), doc.uri.fsPath);
    assert.equal(top.line, 22, 'the frame points at the solution step in the task file');
    assert.deepEqual(stack.stackFrames.map((f) => f.id), [3, 2, 1]);
    // The workbench follows the stop: its focused frame is ours.
    await until('the active stack item', () => {
      const item = vscode.debug.activeStackItem;
      return item instanceof vscode.DebugStackFrame && item.session.id === session.id && item.frameId === 3 ? item : undefined;
    });

    const scopes = await session.customRequest('scopes', { frameId: top.id }) as DebugProtocol.ScopesResponse['body'];
    assert.deepEqual(scopes.scopes.map((s) => s.name), ['Action', 'Model', 'Observation', 'Task', 'App state', 'Verifiers']);
    const vars = async (ref: number) => Object.fromEntries(((await session.customRequest('variables', { variablesReference: ref })) as DebugProtocol.VariablesResponse['body']).variables.map((v) => [v.name, v]));
    const action = await vars(scopes.scopes[0].variablesReference);
    assert.equal(action.tool.value, '"type"');
    const args = await vars(action.args.variablesReference);
    assert.equal(args.text.value, '"Buy oat milk"');
    const obs = await vars(scopes.scopes[2].variablesReference);
    assert.equal(obs.foregroundApp.value, '"com.phonebuddy.notes"');
    const evald = await session.customRequest('evaluate', { expression: 'verifiers.passed', frameId: top.id, context: 'watch' }) as DebugProtocol.EvaluateResponse['body'];
    assert.equal(evald.result, 'false', 'the live verdict before the note is saved');

    const exited = nextMessage<DebugProtocol.ExitedEvent>(isEvent('exited'), 'the exited event');
    const ended = new Promise<void>((r) => { const d = vscode.debug.onDidTerminateDebugSession((s) => { if (s.id === session.id) { d.dispose(); r(); } }); });
    await session.customRequest('continue', { threadId: 1 });
    assert.equal((await exited).body.exitCode, 0, 'the task passes');
    await ended;
    const output = (sent.get(session.id) ?? []).filter(isEvent('output')).map((m) => (m as DebugProtocol.OutputEvent).body.output).join('');
    assert.match(output, /episode finish: .* — verifier passed \(score 1\)/);
    vscode.debug.removeBreakpoints([bp]);
  });

  test('F5 with no launch.json on a task file: the provider fills in the configuration; a line breakpoint on verify stops with its verdict', async function () {
    this.timeout(scaled(120_000));
    const uri = vscode.Uri.joinPath(folder(), 'single-app/notes-create.task.yaml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const bp = new vscode.SourceBreakpoint(new vscode.Location(uri, new vscode.Position(12, 0))); // line 13: `sql:`
    vscode.debug.addBreakpoints([bp]);
    const started = new Promise<vscode.DebugSession>((r) => { const d = vscode.debug.onDidStartDebugSession((s) => { d.dispose(); r(s); }); });
    const stoppedMsg = nextMessage<DebugProtocol.StoppedEvent>(isEvent('stopped'), 'the stopped event');
    // F5 itself: the test workspace has no launch.json, so VS Code picks the debugger of the
    // editor's language and asks our provider to resolve an empty configuration.
    await vscode.commands.executeCommand('workbench.action.debug.start');
    const session = await started;
    assert.equal(session.configuration.task, uri.fsPath);
    const stopped = await stoppedMsg;
    assert.equal(stopped.body.reason, 'breakpoint');
    assert.match(stopped.body.description ?? '', /verify passed/);
    const stack = await session.customRequest('stackTrace', { threadId: 1 }) as DebugProtocol.StackTraceResponse['body'];
    assert.equal(stack.stackFrames[0].line, 12, 'the verify frame is the `verify:` entry');
    const ended = new Promise<void>((r) => { const d = vscode.debug.onDidTerminateDebugSession((s) => { if (s.id === session.id) { d.dispose(); r(); } }); });
    await session.customRequest('continue', { threadId: 1 });
    await ended;
    vscode.debug.removeBreakpoints([bp]);
  });
});

function asFsPath(p = ''): string {
  return /^[a-z][\w+.-]*:\/\//i.test(p) ? vscode.Uri.parse(p).fsPath : p;
}

