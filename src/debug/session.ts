// The Debug Adapter Protocol face of the agent debugger. It only translates: DAP requests
// become DebugRuntime calls, runtime events become DAP events. Used inline by the extension
// and as the standalone adapter `dist/debug-adapter.js` (stdin/stdout) for other DAP clients.
import path from 'node:path';
import {
  BreakpointEvent, DebugSession, Handles, InitializedEvent, OutputEvent, Scope, Source, StackFrame, StoppedEvent,
  TerminatedEvent, ExitedEvent, Thread, ThreadEvent, ContinuedEvent,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DEBUG_TYPE_NAME } from './debug-type';
import { DebugRuntime, EXCEPTION_FILTERS, display, VERIFY_FRAME, type RuntimeOptions, type ScopeName } from './runtime';

/** What a variables reference stands for: a scope of a frame, or a value under it. */
interface VarRef {
  frameId?: number;
  scope?: ScopeName;
  path: (string | number)[];
  value?: unknown;
}

export const DEBUG_TYPE = DEBUG_TYPE_NAME;

export class PhoneBuddyDebugSession extends DebugSession {
  readonly runtime: DebugRuntime;
  private readonly refs = new Handles<VarRef>();
  private configured!: Promise<void>;
  private markConfigured!: () => void;
  private endReported = false;

  constructor(options: RuntimeOptions) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
    this.configured = new Promise((r) => { this.markConfigured = r; });
    this.runtime = new DebugRuntime(options);
    this.runtime.onAny((e) => {
      switch (e.type) {
        case 'stopped': {
          this.refs.reset();
          const ev = new StoppedEvent(e.reason, e.threadId, e.text) as DebugProtocol.StoppedEvent;
          ev.body.description = e.description;
          ev.body.allThreadsStopped = false;
          if (e.hitBreakpointIds) ev.body.hitBreakpointIds = e.hitBreakpointIds;
          this.sendEvent(ev);
          break;
        }
        case 'output':
          this.sendEvent(new OutputEvent(e.text, e.category));
          break;
        case 'breakpoint-changed':
          this.sendEvent(new BreakpointEvent('changed', e.breakpoint as DebugProtocol.Breakpoint));
          break;
        case 'thread':
          this.sendEvent(new ThreadEvent(e.reason, e.threadId));
          break;
        case 'continued':
          this.refs.reset();
          this.sendEvent(new ContinuedEvent(e.threadId, false));
          break;
        case 'ended':
          this.endReported = true;
          if (e.error) this.sendEvent(new OutputEvent(`the run failed: ${e.error}\n`, 'stderr'));
          this.sendEvent(new ExitedEvent(e.summary?.success ? 0 : 1));
          this.sendEvent(new TerminatedEvent());
          break;
        case 'episode':
          break;
      }
    });
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      supportsConfigurationDoneRequest: true,
      supportsFunctionBreakpoints: true,
      supportsConditionalBreakpoints: true,
      supportsHitConditionalBreakpoints: true,
      supportsStepBack: true,
      supportsRestartFrame: true,
      supportsRestartRequest: true,
      supportsSetVariable: true,
      supportsSetExpression: true,
      supportsCompletionsRequest: true,
      completionTriggerCharacters: [' ', '.'],
      supportsExceptionInfoRequest: true,
      supportsTerminateRequest: true,
      supportsEvaluateForHovers: false,
      exceptionBreakpointFilters: EXCEPTION_FILTERS.map((f) => ({ filter: f.id, label: f.label, description: f.description, default: f.default ?? false })),
    };
    this.sendResponse(response);
    this.sendEvent(new InitializedEvent());
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.markConfigured();
    this.sendResponse(response);
  }

  protected override async launchRequest(response: DebugProtocol.LaunchResponse, args: DebugProtocol.LaunchRequestArguments): Promise<void> {
    try {
      await this.runtime.launch(args as unknown as Record<string, unknown>);
    } catch (e) {
      this.fail(response, e);
      this.sendEvent(new TerminatedEvent());
      return;
    }
    // Breakpoints arrive between `initialized` and configurationDone; start after them.
    await Promise.race([this.configured, new Promise((r) => setTimeout(r, 3000))]);
    this.runtime.start();
    this.sendResponse(response);
  }

  protected override async restartRequest(response: DebugProtocol.RestartResponse): Promise<void> {
    await this.run(response, () => this.runtime.restart());
  }

  protected override async disconnectRequest(response: DebugProtocol.DisconnectResponse): Promise<void> {
    await this.runtime.terminate().catch(() => undefined);
    this.sendResponse(response);
    this.shutdown(); // exits the standalone adapter; ignored inline
  }

  protected override async terminateRequest(response: DebugProtocol.TerminateResponse): Promise<void> {
    await this.runtime.terminate().catch(() => undefined);
    this.sendResponse(response);
    // A run that was going has reported its own end (exited + terminated) as it stopped.
    if (!this.endReported) this.sendEvent(new TerminatedEvent());
  }

  protected override setFunctionBreakPointsRequest(response: DebugProtocol.SetFunctionBreakpointsResponse, args: DebugProtocol.SetFunctionBreakpointsArguments): void {
    response.body = { breakpoints: this.runtime.setFunctionBreakpoints(args.breakpoints) as DebugProtocol.Breakpoint[] };
    this.sendResponse(response);
  }

  protected override setBreakPointsRequest(response: DebugProtocol.SetBreakpointsResponse, args: DebugProtocol.SetBreakpointsArguments): void {
    const file = args.source.path ?? '';
    const placed = this.runtime.setLineBreakpoints(file, (args.breakpoints ?? []).map((b) => ({ line: this.convertClientLineToDebugger(b.line), condition: b.condition, hitCondition: b.hitCondition })));
    response.body = {
      breakpoints: placed.map((b) => ({ ...b, ...(b.line !== undefined ? { line: this.convertDebuggerLineToClient(b.line) } : {}), source: args.source })),
    };
    this.sendResponse(response);
  }

  protected override setExceptionBreakPointsRequest(response: DebugProtocol.SetExceptionBreakpointsResponse, args: DebugProtocol.SetExceptionBreakpointsArguments): void {
    const unknown = this.runtime.setExceptionFilters(args.filters);
    if (unknown.length) this.sendEvent(new OutputEvent(`unknown exception filters ignored: ${unknown.join(', ')}\n`, 'stderr'));
    this.sendResponse(response);
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    response.body = { threads: this.runtime.threads().map((t) => new Thread(t.id, t.name)) };
    this.sendResponse(response);
  }

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    this.sync(response, () => this.runtime.continue());
    response.body = { allThreadsContinued: false };
  }

  protected override nextRequest(response: DebugProtocol.NextResponse): void {
    this.sync(response, () => this.runtime.stepOver());
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse): void {
    this.sync(response, () => this.runtime.stepIn());
  }

  protected override stepOutRequest(response: DebugProtocol.StepOutResponse): void {
    this.sync(response, () => this.runtime.stepOut());
  }

  protected override pauseRequest(response: DebugProtocol.PauseResponse): void {
    this.sync(response, () => this.runtime.pause());
  }

  // Answered before the stop they lead to, as every stepping request is: a client that gets
  // the response after the `stopped` event takes the thread for running again (VS Code then
  // kept the previous stop's description in the Call Stack's header).
  protected override stepBackRequest(response: DebugProtocol.StepBackResponse): void {
    this.sync(response, () => this.afterResponse(this.runtime.stepBack(), 'step back'));
  }

  protected override reverseContinueRequest(response: DebugProtocol.ReverseContinueResponse): void {
    this.sync(response, () => this.afterResponse(this.runtime.reverseContinue(), 'reverse continue'));
  }

  /** A rewind that fails after its request was answered: said on the console. */
  private afterResponse(p: Promise<void>, what: string): void {
    p.catch((e: unknown) => this.sendEvent(new OutputEvent(`${what} failed: ${e instanceof Error ? e.message : String(e)}\n`, 'stderr')));
  }

  protected override async restartFrameRequest(response: DebugProtocol.RestartFrameResponse, args: DebugProtocol.RestartFrameArguments): Promise<void> {
    const current = this.runtime.currentEpisode?.current?.step;
    if (args.frameId !== current) {
      this.fail(response, new Error('only the current step can be restarted (its decision is re-run); step back to reach an earlier one'));
      return;
    }
    await this.run(response, () => this.runtime.restartFrame());
  }

  protected override stackTraceRequest(response: DebugProtocol.StackTraceResponse, args: DebugProtocol.StackTraceArguments): void {
    const frames = this.runtime.stack();
    const start = args.startFrame ?? 0;
    const end = args.levels ? start + args.levels : frames.length;
    response.body = {
      stackFrames: frames.slice(start, end).map((f) => new StackFrame(f.id, f.name, new Source(path.basename(f.file), this.convertDebuggerPathToClient(f.file)), this.convertDebuggerLineToClient(f.line))),
      totalFrames: frames.length,
    };
    this.sendResponse(response);
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    response.body = {
      scopes: this.runtime.scopesOf(args.frameId).map((s) => new Scope(s.name, this.refs.create({ frameId: args.frameId, scope: s.name, path: [] }), s.expensive)),
    };
    this.sendResponse(response);
  }

  protected override async variablesRequest(response: DebugProtocol.VariablesResponse, args: DebugProtocol.VariablesArguments): Promise<void> {
    const ref = this.refs.get(args.variablesReference);
    if (!ref) {
      response.body = { variables: [] };
      this.sendResponse(response);
      return;
    }
    try {
      const value = ref.value !== undefined ? ref.value : await this.runtime.scope(ref.frameId ?? 0, ref.scope!);
      response.body = { variables: this.children(ref, value) };
      this.sendResponse(response);
    } catch (e) {
      this.fail(response, e);
    }
  }

  private children(ref: VarRef, value: unknown): DebugProtocol.Variable[] {
    if (value === null || typeof value !== 'object') return [];
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    return entries.map(([k, v]) => this.variable(ref, k, v));
  }

  private variable(ref: VarRef, key: string | number, v: unknown): DebugProtocol.Variable {
    const child: VarRef = { frameId: ref.frameId, scope: ref.scope, path: [...ref.path, key], value: v };
    const isObj = v !== null && typeof v === 'object' && !(v instanceof Uint8Array);
    const size = isObj ? (Array.isArray(v) ? v.length : Object.keys(v as object).length) : 0;
    const shown = isObj ? (Array.isArray(v) ? `Array(${size})` : summary(v as Record<string, unknown>)) : display(v);
    return { name: String(key), value: shown, variablesReference: isObj && size > 0 ? this.refs.create(child) : 0, ...(isObj ? {} : { evaluateName: evaluateName(child.path) }) };
  }

  protected override setVariableRequest(response: DebugProtocol.SetVariableResponse, args: DebugProtocol.SetVariableArguments): void {
    const ref = this.refs.get(args.variablesReference);
    this.sync(response, () => {
      if (!ref || ref.scope !== 'Action' || ref.frameId !== this.runtime.currentEpisode?.current?.step) {
        throw new Error('only the pending action (the Action scope of the current step) can be changed');
      }
      const key: string | number = Array.isArray(ref.value) ? Number(args.name) : args.name;
      const shown = this.runtime.setPendingField([...ref.path, key], args.value);
      response.body = { value: shown };
    });
  }

  protected override setExpressionRequest(response: DebugProtocol.SetExpressionResponse, args: DebugProtocol.SetExpressionArguments): void {
    this.sync(response, () => {
      const p = parsePath(args.expression.replace(/^action\./, ''));
      const shown = this.runtime.setPendingField(p, args.value);
      response.body = { value: shown };
    });
  }

  protected override async evaluateRequest(response: DebugProtocol.EvaluateResponse, args: DebugProtocol.EvaluateArguments): Promise<void> {
    try {
      const r = await this.runtime.evaluate(args.expression, args.frameId, args.context ?? 'repl');
      const isObj = r.value !== null && typeof r.value === 'object';
      response.body = { result: r.result, variablesReference: isObj ? this.refs.create({ path: [], value: r.value }) : 0 };
      this.sendResponse(response);
    } catch (e) {
      this.fail(response, e);
    }
  }

  protected override async completionsRequest(response: DebugProtocol.CompletionsResponse, args: DebugProtocol.CompletionsArguments): Promise<void> {
    const column = args.column - 1; // columns start at 1 on both sides
    const items = await this.runtime.complete(args.text, column);
    response.body = { targets: items.map((c) => ({ label: c.label, text: c.label, start: c.start, length: c.length, type: c.type, ...(c.detail ? { detail: c.detail } : {}) })) };
    this.sendResponse(response);
  }

  protected override exceptionInfoRequest(response: DebugProtocol.ExceptionInfoResponse): void {
    const s = this.runtime.lastStopInfo;
    response.body = { exceptionId: s?.failure ?? 'none', description: s?.description ?? '', breakMode: 'always', details: { message: s?.text ?? s?.description } };
    this.sendResponse(response);
  }

  /** `phonebuddy/deviceState`: fingerprints of the screen, UI tree and databases (tests, tools). */
  protected override async customRequest(command: string, response: DebugProtocol.Response): Promise<void> {
    if (command !== 'phonebuddy/deviceState') {
      this.fail(response, new Error(`unknown request ${command}`));
      return;
    }
    try {
      response.body = await this.runtime.deviceDigest();
      this.sendResponse(response);
    } catch (e) {
      this.fail(response, e);
    }
  }

  private sync(response: DebugProtocol.Response, fn: () => void): void {
    try {
      fn();
      this.sendResponse(response);
    } catch (e) {
      this.fail(response, e);
    }
  }

  private async run(response: DebugProtocol.Response, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
      this.sendResponse(response);
    } catch (e) {
      this.fail(response, e);
    }
  }

  private fail(response: DebugProtocol.Response, e: unknown): void {
    const text = e instanceof Error ? e.message : String(e);
    // The message goes into `format` literally: braces would be read as placeholders.
    this.sendErrorResponse(response, { id: 1001, format: text.replace(/[{}]/g, (c) => (c === '{' ? '(' : ')')), showUser: true });
  }
}

function summary(o: Record<string, unknown>): string {
  const keys = Object.keys(o);
  const shown = keys.slice(0, 3).map((k) => {
    const v = o[k];
    return `${k}: ${v !== null && typeof v === 'object' ? '…' : display(v).slice(0, 40)}`;
  });
  return `{${shown.join(', ')}${keys.length > 3 ? ', …' : ''}}`;
}

function evaluateName(p: (string | number)[]): string {
  return p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** `args.points[0][1]` → ['args', 'points', 0, 1]. */
export function parsePath(expr: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of expr.trim().matchAll(/([A-Za-z_]\w*)|\[(\d+)\]/g)) out.push(m[1] ?? Number(m[2]));
  return out;
}

export { VERIFY_FRAME };
