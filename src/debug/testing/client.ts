// Starts the standalone adapter (from source, through tsx) as a child process on stdin/stdout
// and drives it with DebugClient from @vscode/debugadapter-testsupport, as VS Code would.
import path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const NOTES_TASK = path.join(ROOT, 'tasks-examples', 'single-app', 'notes-create.task.yaml');
export const NOTES = 'com.phonebuddy.notes';

export async function startClient(): Promise<DebugClient> {
  const dc = new DebugClient(process.execPath, path.join(ROOT, 'src', 'studio', 'debug-adapter.ts'), 'phonebuddy', {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim() },
  }, true);
  dc.defaultTimeout = 60_000;
  await dc.start();
  queueOf(dc);
  return dc;
}

/** initialize → launch → (breakpoints) → configurationDone, then the first stop (or none). */
export async function launch(dc: DebugClient, args: Record<string, unknown>, configure: () => Promise<unknown> = async () => undefined): Promise<void> {
  const initialized = dc.waitForEvent('initialized'); // it comes with the initialize response
  await dc.initializeRequest({ adapterID: 'phonebuddy', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
  await initialized;
  await configure();
  await Promise.all([dc.configurationDoneRequest(), dc.launchRequest({ task: NOTES_TASK, params: { body: 'Buy oat milk' }, ...args } as DebugProtocol.LaunchRequestArguments)]);
}

/**
 * Continue, listening for the session's end before the request goes out: a short last step
 * can send `exited` in the same chunk as the continue response, before a wait registered
 * after it would listen (DebugClient's waitForEvent sees only later events).
 */
export async function continueToEnd(dc: DebugClient, timeoutMs = 60_000): Promise<DebugProtocol.ExitedEvent> {
  const exited = dc.waitForEvent('exited', timeoutMs) as Promise<DebugProtocol.ExitedEvent>;
  const terminated = dc.waitForEvent('terminated', timeoutMs);
  await dc.continueRequest({ threadId: 1 });
  const [e] = await Promise.all([exited, terminated]);
  return e;
}

const queues = new WeakMap<DebugClient, { seen: DebugProtocol.StoppedEvent[]; waiters: ((e: DebugProtocol.StoppedEvent) => void)[] }>();

/** Stopped events in order, none lost between a request and the wait for its stop. */
function queueOf(dc: DebugClient): { seen: DebugProtocol.StoppedEvent[]; waiters: ((e: DebugProtocol.StoppedEvent) => void)[] } {
  let q = queues.get(dc);
  if (!q) {
    const nq = { seen: [] as DebugProtocol.StoppedEvent[], waiters: [] as ((e: DebugProtocol.StoppedEvent) => void)[] };
    dc.on('stopped', (e: DebugProtocol.StoppedEvent) => { const w = nq.waiters.shift(); if (w) w(e); else nq.seen.push(e); });
    queues.set(dc, (q = nq));
  }
  return q;
}

export function stopped(dc: DebugClient, timeoutMs = 60_000): Promise<DebugProtocol.StoppedEvent> {
  const q = queueOf(dc);
  const e = q.seen.shift();
  if (e) return Promise.resolve(e);
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no stop within ${timeoutMs} ms`)), timeoutMs);
    q.waiters.push((ev) => { clearTimeout(t); resolve(ev); });
  });
}

export async function topFrame(dc: DebugClient): Promise<DebugProtocol.StackFrame> {
  const st = await dc.stackTraceRequest({ threadId: 1 });
  return st.body.stackFrames[0];
}

/** The variables of one scope of a frame, as name → value text. */
export async function scopeVars(dc: DebugClient, frameId: number, scope: string): Promise<Record<string, DebugProtocol.Variable>> {
  const scopes = await dc.scopesRequest({ frameId });
  const s = scopes.body.scopes.find((x) => x.name === scope);
  if (!s) throw new Error(`no scope ${scope} in ${scopes.body.scopes.map((x) => x.name).join(', ')}`);
  const vars = await dc.variablesRequest({ variablesReference: s.variablesReference });
  return Object.fromEntries(vars.body.variables.map((v) => [v.name, v]));
}

export async function children(dc: DebugClient, v: DebugProtocol.Variable): Promise<Record<string, DebugProtocol.Variable>> {
  const vars = await dc.variablesRequest({ variablesReference: v.variablesReference });
  return Object.fromEntries(vars.body.variables.map((x) => [x.name, x]));
}

/** The adapter's child process (DebugClient keeps it private), to see how it exits. */
export function adapterExit(dc: DebugClient, timeoutMs = 20_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = (dc as unknown as { _adapterProcess?: import('node:child_process').ChildProcess })._adapterProcess;
  if (!child) throw new Error('the adapter is not running as a child process');
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`the adapter did not exit within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code, signal) => { clearTimeout(t); resolve({ code, signal }); });
  });
}

/** Disconnects and stops the adapter unless it has exited already (a request to a dead adapter never answers). */
export async function stopClient(dc: DebugClient): Promise<void> {
  const child = (dc as unknown as { _adapterProcess?: import('node:child_process').ChildProcess | null })._adapterProcess;
  if (child && child.exitCode === null && child.signalCode === null) await dc.stop();
}

/** Collects the adapter's stderr (for failure messages). */
export function adapterStderr(dc: DebugClient): string[] {
  const out: string[] = [];
  (dc as unknown as { _adapterProcess: import('node:child_process').ChildProcess })._adapterProcess.stderr?.on('data', (d: Buffer) => out.push(d.toString()));
  return out;
}
