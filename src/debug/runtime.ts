// The agent debugger's runtime, free of VS Code and of DAP: it launches one episode, attaches
// the debugger's hook to the loop (breakpoints, exception filters, stepping), and answers
// what a debugger asks — the stack, the scopes, expressions, console commands, edits of the
// pending action, stepping back through checkpoints. It is a plain event emitter; the DAP
// adapter (session.ts) only translates its events and calls.
import { can } from '../device/capabilities';
import type { Device } from '../device/device';
import { VERIFIER_QUERY_MS } from '../device/bounded-sql/limits';
import { Episode } from '../agent/episode';
import { FAILURE_KINDS, type EpisodeEvent, type EpisodeSummary, type FailureKind, type LoopPoint, type PauseInfo } from '../agent/events';
import { TypedEmitter } from '../agent/emitter';
import { acceptsAction, HOOK_ORDER, type LoopHook } from '../agent/hooks';
import { stepBackTarget } from '../agent/step-back';
import { decisionFailure } from '../agent/step-phases';
import { windowAnnouncements, type EpisodeAnnouncements, type PausedEpisodeController } from '../agent/pause-control';
import type { Policy } from '../agent/policy';
import { actionToCall, toAction, type Action } from '../protocol/action';
import type { ToolCall } from '../protocol/tools';
import { compileCel, fromCelValue } from '../task/cel';
import type { TaskInstance, VerifyReport } from '../task/runnable';
import { findNodes, parseUiTree, describeSelector, centerOf } from '../device/ui-tree';
import { toNormalized } from '../protocol/coords';
import { Condition, functionBreakpoint, type BreakpointSpec, type BreakpointState, type FunctionBreakpoint, type LineBreakpoint } from './breakpoints';
import { completeConsole, parseCommand, COMMAND_HELP, type Completion } from './console-commands';
import { checkLaunch, DEFAULT_KEPT_CHECKPOINTS, launchPolicy, launchTask, openDevice, parseDeviceSpec, recordRoot, type LaunchConfig } from './launch';
import type { DebugLaunchDeps } from './launch-deps';
import { attachRecorder, type AttachedRecorder } from '../agent/recording/attach';
import { HumanPolicy } from '../agent/policies/human';
import {
  actionLabel, actionScope, appStateScope, celInts, conditionScope, modelScope, observationScope, taskScope, verifierScope, type StepView,
} from './scope';
import { lineOfTarget, targetAtLine, taskLines, type TaskLines } from './task-lines';

export type StopReason = 'entry' | 'step' | 'breakpoint' | 'exception' | 'pause' | 'goto';

export interface StopInfo {
  reason: StopReason;
  description: string;
  hitBreakpointIds?: number[];
  failure?: FailureKind;
  text?: string;
}

export type RuntimeEvent =
  | ({ type: 'stopped'; threadId: number } & StopInfo)
  | { type: 'output'; category: 'console' | 'stdout' | 'stderr' | 'important'; text: string }
  | { type: 'breakpoint-changed'; breakpoint: BreakpointState }
  | { type: 'thread'; reason: 'started' | 'exited'; threadId: number; name: string }
  /** The run went on at someone else's request (the device panel's buttons), not the client's. */
  | { type: 'continued'; threadId: number }
  /** A new episode (the launch, a restart, a fork): the seam for the panel and the recorder. */
  | { type: 'episode'; episode: Episode; device: Device; launch: LaunchConfig; threadId: number }
  | { type: 'ended'; summary?: EpisodeSummary; error?: string };

export const EXCEPTION_FILTERS: { id: FailureKind; label: string; description: string; default?: boolean }[] = [
  { id: 'unparsable-output', label: 'Unparsable model output', description: 'The model answered something that is not a usable tool call', default: true },
  { id: 'policy-error', label: 'Policy error', description: 'The policy could not decide (endpoint down, selector not found)' },
  { id: 'action-failed', label: 'Action failed', description: 'The device refused the action (unknown package, …)' },
  { id: 'verifier-failed', label: 'Verifier failed', description: 'The task\'s verifier did not pass at the end' },
  { id: 'step-budget-exhausted', label: 'Step budget exhausted', description: 'The episode reached max steps' },
  { id: 'device-disconnected', label: 'Device disconnected', description: 'The device went away' },
];

type StepMode = 'run' | 'entry' | 'step-over' | 'step-in' | 'step-out';

/** Failures that happen after the steps (their frame is the episode's end). */
const END_FAILURES = new Set<FailureKind>(['step-budget-exhausted', 'verifier-failed', 'device-disconnected']);

/** The frame id of the verifier being evaluated (steps use their own numbers). */
export const VERIFY_FRAME = 1_000_000;

export interface Frame {
  id: number;
  name: string;
  line: number;
  file: string;
}

export type ScopeName = 'Action' | 'Model' | 'Observation' | 'Task' | 'App state' | 'Verifiers';

export interface RuntimeOptions {
  /** Task loading and mock phones, from the composition root (src/studio/debug-deps.ts). */
  deps: DebugLaunchDeps;
  /** Called for every new episode before it runs: attach a recorder or the panel here. */
  onEpisode?: (episode: Episode, device: Device, launch: LaunchConfig) => void;
  /** Where its episodes are announced (pause-control.ts); default the window's. */
  announcements?: EpisodeAnnouncements;
}

export class DebugRuntime extends TypedEmitter<RuntimeEvent> {
  private cfg?: LaunchConfig;
  private task?: TaskInstance;
  private lines?: TaskLines;
  private device?: Device;
  private another?: () => Promise<Device>;
  private episode?: Episode;
  private running?: Promise<EpisodeSummary>;
  /** Settles once the run's end is reported (recording flushed, `ended` emitted). */
  private settled?: Promise<void>;
  private mode: StepMode = 'run';
  private nextStop?: StopInfo;
  private rewindStop?: StopInfo;
  private lastStop?: StopInfo;
  private functionBps: FunctionBreakpoint[] = [];
  /** Line breakpoints by file, as the client sets them; those of the task file are live. */
  private readonly lineBpsByFile = new Map<string, LineBreakpoint[]>();
  private lineBps: LineBreakpoint[] = [];
  private filters = new Set<FailureKind>(EXCEPTION_FILTERS.filter((f) => f.default).map((f) => f.id));
  private nextBpId = 1;
  /** Breakpoint problems already printed (reportBreakpointProblem). */
  private readonly reportedProblems = new Set<string>();
  private nextThreadId = 2;
  private readonly forks: { threadId: number; episode: Episode }[] = [];
  private liveVerify?: { key: string; report?: VerifyReport; error?: string };
  private ended = false;
  /** The recordings of this session (`record` in the launch): the episode's, each restart's and each fork's. */
  private readonly recordings = new Map<Episode, AttachedRecorder>();

  constructor(private readonly options: RuntimeOptions) {
    super();
  }

  static readonly THREAD = 1;

  get config(): LaunchConfig | undefined {
    return this.cfg;
  }

  get currentEpisode(): Episode | undefined {
    return this.episode;
  }

  get taskFile(): string {
    return this.cfg?.task ?? '';
  }

  // ------------------------------------------------------------------ launch

  /** Loads the task, opens the device and the policy; does not start running. */
  async launch(raw: Record<string, unknown>): Promise<void> {
    const cfg = checkLaunch(raw);
    const spec = parseDeviceSpec(cfg.device);
    const task = await launchTask(cfg, this.options.deps);
    const fs = await import('node:fs/promises');
    this.lines = taskLines(await fs.readFile(cfg.task, 'utf8'), task.taskId, cfg.task);
    const policy = await launchPolicy(cfg);
    let phones = 0;
    const opened = await openDevice(spec, task, cfg.seed ?? task.seed, this.options.deps, () => `debug-${++phones}`, cfg.apps);
    this.cfg = cfg;
    this.task = task;
    this.device = opened.device;
    this.another = opened.another;
    this.episode = this.makeEpisode(policy);
    this.mode = cfg.stopOnEntry ? 'entry' : 'run';
    // Breakpoints set before launch were checked without the file; map line ones now.
    this.lineBps = [];
    for (const [file, bps] of this.lineBpsByFile) {
      const mine = samePath(file, cfg.task);
      for (const bp of bps) {
        if (mine) this.placeLineBreakpoint(bp, bp.requestedLine ?? bp.line ?? 0);
        else { bp.verified = false; bp.message = 'this file is not the task being debugged'; }
        this.emit({ type: 'breakpoint-changed', breakpoint: publicState(bp) });
      }
      if (mine) this.lineBps = bps;
    }
  }

  private makeEpisode(policy: Policy): Episode {
    const cfg = this.cfg!;
    const ep = new Episode({
      device: this.device!, policy, task: this.task, maxSteps: cfg.maxSteps, maxConsecutiveErrors: cfg.maxConsecutiveErrors,
      trusted: cfg.trusted ?? true, checkpoints: { keep: cfg.checkpoints ?? DEFAULT_KEPT_CHECKPOINTS },
      hooks: [this.debuggerHook()],
    });
    this.watch(ep);
    this.record(ep, this.device!);
    this.options.onEpisode?.(ep, this.device!, cfg);
    this.emit({ type: 'episode', episode: ep, device: this.device!, launch: cfg, threadId: DebugRuntime.THREAD });
    // The device panel mirroring this device draws the pending action and offers the
    // continue / step buttons, which call back into this runtime (pause-control.ts).
    (this.options.announcements ?? windowAnnouncements).announce({ episode: ep, deviceId: this.device!.id, controller: this.panelControls() });
    return ep;
  }

  /** With `record` on, the episode (or fork) is recorded; a step back starts a new folder (attach.ts). */
  private record(ep: Episode, device: Device): void {
    const root = this.cfg && recordRoot(this.cfg);
    if (!root) return;
    const rec = attachRecorder(ep, {
      root, source: 'debug', device, task: this.task, ...(this.cfg?.model ? { model: this.cfg.model } : {}),
      onFolder: (folder) => this.out(`recording ${ep === this.episode || !ep.parent ? 'the episode' : `fork ${ep.id.slice(0, 8)}`} into ${folder}\n`),
      onError: (e, folder) => this.out(`recording stopped${folder ? ` (${folder})` : ''}: ${e.message}. The steps written before it are kept.\n`, 'stderr'),
    });
    this.recordings.set(ep, rec);
  }

  /** Every folder this session recorded into, in order (empty when not recording). */
  get recordedFolders(): string[] {
    return [...this.recordings.values()].flatMap((r) => r.folders);
  }

  /** Waits until the episode's recording is complete on disk (bounded: a stuck disk must not hang the session). */
  private async recorded(ep: Episode): Promise<void> {
    const rec = this.recordings.get(ep);
    if (!rec) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([rec.finished(), new Promise<void>((r) => { timer = setTimeout(r, 10_000); })]);
    clearTimeout(timer);
  }

  private watch(ep: Episode): void {
    ep.on('paused', (e) => this.onPaused(e.pause));
    ep.on('action-edited', (e) => this.out(`step ${e.step}: action replaced by ${e.by}: ${callText(actionToCall(e.action))}${e.original ? ` (the model's: ${callText(actionToCall(e.original))})` : ''}\n`));
    ep.on('acted', (e) => { if (e.record.status === 'failed') this.out(`step ${e.step} failed: ${e.record.error}\n`, 'stderr'); });
    ep.on('rewound', (e) => { this.liveVerify = undefined; this.out(`rewound to the checkpoint before step ${e.step}\n`); });
  }

  /** Runs the episode in the background; `ended` follows when it finishes. */
  start(): void {
    const ep = this.episode;
    if (!ep) throw new Error('launch first');
    this.running = ep.run();
    this.settled = this.running.then(async (summary) => {
      await this.recorded(ep);
      if (this.episode !== ep) return; // a restart replaced it
      const v = summary.verify;
      // 'important' is a notification in VS Code: a failed episode deserves one, but not an
      // episode the person stopped themselves (its verdict on a half-done task is no news).
      const quiet = summary.success || summary.terminatedBy === 'aborted';
      for (const note of summary.notes ?? []) this.out(`${note}\n`, 'stderr');
      this.out(`episode ${summary.terminatedBy}: ${summary.reason}${v ? ` — verifier ${v.passed ? 'passed' : 'FAILED'} (score ${v.score})` : ''}\n`, quiet ? 'console' : 'important');
      this.finishUp({ summary });
    }, (e: unknown) => this.finishUp({ error: message(e) }));
  }

  private finishUp(r: { summary?: EpisodeSummary; error?: string }): void {
    if (this.ended) return;
    this.ended = true;
    this.emit({ type: 'ended', ...r });
  }

  /** Stops the run (cancelling a model request in flight) and closes the device. */
  async terminate(): Promise<void> {
    for (const f of this.forks) f.episode.stop('the debugger stopped');
    const ep = this.episode;
    ep?.stop('the debugger stopped the run');
    await this.settled;
    this.ended = true;
    await Promise.all([...this.recordings.keys()].map((e) => this.recorded(e)));
    await ep?.policy.close?.();
    await this.device?.close().catch(() => undefined);
  }

  /** Runs the launch again from the start, on a fresh device. */
  async restart(): Promise<void> {
    const cfg = this.cfg;
    if (!cfg) throw new Error('launch first');
    const ep = this.episode;
    this.episode = undefined;
    ep?.stop('restarting');
    await this.running?.catch(() => undefined);
    if (ep) await this.recorded(ep);
    await ep?.policy.close?.();
    await this.device?.close().catch(() => undefined);
    this.ended = false;
    for (const bp of this.functionBps) bp.cond.hits = 0;
    for (const bp of this.lineBps) bp.cond.hits = 0;
    await this.launch({ ...cfg });
    this.start();
  }

  // ------------------------------------------------------------------ breakpoints

  setFunctionBreakpoints(bps: ({ name: string } & BreakpointSpec)[]): BreakpointState[] {
    this.functionBps = bps.map((b) => functionBreakpoint(this.nextBpId++, b.name, b));
    for (const bp of this.functionBps) if (!bp.verified && bp.message) this.reportBreakpointProblem(bp, bp.message);
    return this.functionBps.map(publicState);
  }

  /**
   * A breakpoint problem (a condition that does not parse or fails, an unknown tool, a line
   * with nothing to stop at) goes to the console once — not again each time the client sends
   * its breakpoints or the condition fails on a later step.
   */
  private reportBreakpointProblem(bp: FunctionBreakpoint | LineBreakpoint, problem: string): void {
    const where = 'tool' in bp ? `'${bp.tool}'` : `on line ${bp.requestedLine ?? bp.line}`;
    const key = `${where}\n${problem}`;
    if (this.reportedProblems.has(key)) return;
    this.reportedProblems.add(key);
    this.out(`breakpoint ${where}: ${problem}\n`, 'stderr');
  }

  setLineBreakpoints(file: string, bps: ({ line: number } & BreakpointSpec)[]): BreakpointState[] {
    const mine = !this.cfg || samePath(file, this.cfg.task);
    const placed = bps.map((b) => {
      const bp: LineBreakpoint = { id: this.nextBpId++, verified: false, line: b.line, requestedLine: b.line, cond: new Condition(b) };
      if (!this.cfg) bp.message = 'checked when the task loads';
      else if (mine) this.placeLineBreakpoint(bp, b.line);
      else bp.message = 'this file is not the task being debugged';
      return bp;
    });
    this.lineBpsByFile.set(file, placed);
    if (this.cfg && mine) this.lineBps = placed;
    return placed.map(publicState);
  }

  private placeLineBreakpoint(bp: LineBreakpoint, line: number): void {
    if (!this.lines) { bp.message = 'checked when the task loads'; return; }
    const site = targetAtLine(this.lines, line);
    if (!site) {
      bp.verified = false;
      bp.message = 'no verify entry or solution step on this line';
      this.reportBreakpointProblem(bp, bp.message);
      return;
    }
    bp.target = site.target;
    bp.line = site.line;
    bp.verified = !bp.cond.error;
    bp.message = bp.cond.error ?? (site.target.kind === 'verify' ? `stops when ${site.target.path} is evaluated` : `stops before solution step ${site.target.index + 1}`);
    if (bp.cond.error) this.reportBreakpointProblem(bp, bp.cond.error);
  }

  setExceptionFilters(ids: string[]): string[] {
    const unknown = ids.filter((id) => !FAILURE_KINDS.includes(id as FailureKind));
    this.filters = new Set(ids.filter((id) => FAILURE_KINDS.includes(id as FailureKind)) as FailureKind[]);
    return unknown;
  }

  // ------------------------------------------------------------------ the debugger's hook

  private debuggerHook(): LoopHook {
    return { name: 'debugger', order: HOOK_ORDER.debugger, at: (p) => {
      const stop = this.shouldStop(p);
      if (!stop) return undefined;
      this.nextStop = stop;
      return { pause: stop.description };
    } };
  }

  private viewOf(p: LoopPoint): StepView | undefined {
    if (!('step' in p)) return undefined;
    const ep = this.episode!;
    const cur = ep.current;
    if (p.point === 'step-end') return { step: p.step, observation: p.observation, decision: p.decision, action: p.record.action, record: p.record };
    if (cur && cur.step === p.step) return { step: p.step, observation: cur.observation, decision: cur.decision, action: cur.action, timings: cur.timings };
    return { step: p.step };
  }

  private shouldStop(p: LoopPoint): StopInfo | undefined {
    if (p.point === 'failure' && this.filters.has(p.failure)) {
      const f = EXCEPTION_FILTERS.find((x) => x.id === p.failure)!;
      return { reason: 'exception', description: `${f.label}: ${p.message}`, failure: p.failure, text: p.message };
    }
    const hits = this.breakpointHits(p);
    if (hits.length) return { reason: 'breakpoint', description: this.hitDescription(p, hits), hitBreakpointIds: hits };
    const mode = this.mode;
    if (mode === 'run') return undefined;
    const canonical = acceptsAction(p);
    const at = 'step' in p ? `step ${p.step}` : 'the end';
    if (mode === 'entry' && (p.point === 'before-decision' || p.point === 'episode-end')) return { reason: 'entry', description: `paused on entry, ${at}` };
    if (mode === 'step-in' && p.point !== 'verifier') return { reason: 'step', description: `${p.point}, ${at}` };
    if (mode === 'step-over' && (canonical || p.point === 'episode-end')) return { reason: 'step', description: `${p.point}, ${at}` };
    if (mode === 'step-out' && (p.point === 'step-end' || p.point === 'episode-end')) return { reason: 'step', description: `${p.point}, ${at}` };
    return undefined;
  }

  private breakpointHits(p: LoopPoint, count = true): number[] {
    const hits: number[] = [];
    const test = (bp: FunctionBreakpoint | LineBreakpoint, scope: () => Record<string, unknown>): void => {
      if (!bp.verified) return;
      try {
        const hit = count ? bp.cond.test(scope()) : peek(bp.cond, scope());
        if (hit) hits.push(bp.id);
      } catch (e) {
        bp.message = `${message(e)} (step ${'step' in p ? p.step : 'end'})`;
        this.emit({ type: 'breakpoint-changed', breakpoint: publicState(bp) });
        this.reportBreakpointProblem(bp, message(e));
      }
    };
    if (p.point === 'before-action') {
      const view = this.viewOf(p)!;
      view.action = p.action;
      const tool = actionToCall(p.action).name;
      const scope = (): Record<string, unknown> => celInts(conditionScope(view, this.task)) as Record<string, unknown>;
      for (const bp of this.functionBps) if (bp.tool === '*' || bp.tool === tool || (bp.tool === p.decision.call?.name)) test(bp, scope);
      const index = p.decision.origin?.solutionStep;
      if (index !== undefined) for (const bp of this.lineBps) if (bp.target?.kind === 'solution' && bp.target.index === index) test(bp, scope);
    }
    if (p.point === 'verifier') {
      const scope = (): Record<string, unknown> => celInts({ path: p.result.path, passed: p.result.passed, reason: p.result.reason, observed: p.result.observed ?? null, params: this.task?.params ?? {} }) as Record<string, unknown>;
      for (const bp of this.lineBps) if (bp.target?.kind === 'verify' && bp.target.path === p.result.path) test(bp, scope);
    }
    return hits;
  }

  private hitDescription(p: LoopPoint, ids: number[]): string {
    if (p.point === 'verifier') return `breakpoint: ${p.result.path} ${p.result.passed ? 'passed' : 'failed'} — ${p.result.reason}`;
    const fb = this.functionBps.find((b) => ids.includes(b.id));
    return fb ? `breakpoint on ${fb.tool}, step ${'step' in p ? p.step : ''}` : `breakpoint on solution step, step ${'step' in p ? p.step : ''}`;
  }

  private onPaused(pause: PauseInfo): void {
    let stop: StopInfo;
    if (pause.by === 'debugger' && this.nextStop) stop = this.nextStop;
    else if (pause.reason === 'rewound') stop = this.rewindStop ?? { reason: 'step', description: `stepped back to step ${pause.step}` };
    else stop = { reason: 'pause', description: `paused by ${pause.by === 'episode' ? 'request' : pause.by}` };
    this.nextStop = undefined;
    this.rewindStop = undefined;
    this.lastStop = stop;
    this.mode = 'run';
    this.liveVerify = undefined;
    this.emit({ type: 'stopped', threadId: DebugRuntime.THREAD, ...stop });
  }

  // ------------------------------------------------------------------ execution control

  private paused(): NonNullable<Episode['paused']> {
    const p = this.episode?.paused;
    if (!p) throw new Error('the agent is running: pause it first');
    return p;
  }

  continue(): void {
    this.go('run');
  }

  stepOver(): void {
    this.go('step-over');
  }

  stepIn(): void {
    this.go('step-in');
  }

  stepOut(): void {
    this.go('step-out');
  }

  private go(mode: StepMode): void {
    this.paused();
    this.mode = mode;
    this.episode!.resume();
  }

  pause(): void {
    if (this.episode?.paused) return;
    this.episode?.requestPause();
  }

  /** Step back works on a device that can snapshot (the mock phone). */
  get canStepBack(): boolean {
    return this.episode?.canRewind ?? false;
  }

  /**
   * The device panel's buttons: the same stepping as the client's requests, plus a
   * `continued` event, since the client did not ask for this resume and must be told.
   */
  private panelControls(): PausedEpisodeController {
    const continued = (): void => this.emit({ type: 'continued', threadId: DebugRuntime.THREAD });
    const canStepBack = (): boolean => this.canStepBack;
    return {
      continue: () => { this.continue(); continued(); },
      stepOver: () => { this.stepOver(); continued(); },
      stepBack: async () => { this.paused(); continued(); await this.stepBack(); },
      pause: () => this.pause(),
      get canStepBack() { return canStepBack(); },
    };
  }

  get lastStopInfo(): StopInfo | undefined {
    return this.lastStop;
  }

  private requireRewind(): Episode {
    const ep = this.episode!;
    if (!ep.canRewind) throw new Error(`stepping back needs the mock phone: ${this.device?.id} cannot snapshot its state, so earlier steps cannot be restored`);
    return ep;
  }

  /** The step whose checkpoint "one step back" restores (step-back.ts). */
  private backTarget(): number {
    return stepBackTarget(this.paused(), this.episode!.stepRecords.at(-1)?.step ?? 0);
  }

  /**
   * Checks at once (throwing) whether there is a step to go back to, then rewinds; the stop
   * there comes later as its own `stopped` event, after the request has been answered.
   */
  stepBack(): Promise<void> {
    const ep = this.requireRewind();
    const target = this.backTarget();
    this.rewindStop = { reason: 'step', description: `stepped back to step ${target}` };
    return ep.rewind(target);
  }

  /** Back to the latest earlier step where a breakpoint (or a failure filter) would stop, else the earliest checkpoint. */
  /** Like stepBack: the checks throw at once, the stop is a later `stopped` event. */
  reverseContinue(): Promise<void> {
    const ep = this.requireRewind();
    const from = this.backTarget();
    const kept = ep.checkpoints().map((c) => c.step).filter((s) => s <= from).sort((a, b) => b - a);
    if (kept.length === 0) throw new Error('no checkpoints before this step are kept');
    let target = kept.at(-1)!;
    let stop: StopInfo = { reason: 'step', description: `reached the earliest kept checkpoint (step ${target})` };
    for (const s of kept) {
      const cp = ep.checkpointAt(s);
      const d = cp?.decision;
      if (!cp || !d) continue;
      if (d.action) {
        const hits = this.breakpointHits({ point: 'before-action', step: s, observation: cp.observation!, decision: d, action: d.action }, false);
        if (hits.length) { target = s; stop = { reason: 'breakpoint', description: `breakpoint (reverse), step ${s}`, hitBreakpointIds: hits }; break; }
      } else if (d.error) {
        const failure = decisionFailure(d);
        if (this.filters.has(failure)) { target = s; stop = { reason: 'exception', description: `${failure} (reverse), step ${s}: ${d.error}`, failure, text: d.error }; break; }
      }
    }
    this.rewindStop = stop;
    return ep.rewind(target);
  }

  /** Re-asks the policy for the current step (the device and policy back to before it decided). */
  async restartFrame(): Promise<void> {
    this.paused();
    this.mode = 'step-over';
    await this.episode!.redecide();
  }

  // ------------------------------------------------------------------ inspecting

  /** The current step's view (pending) and the earlier steps from their records. */
  private views(): StepView[] {
    const ep = this.episode;
    if (!ep) return [];
    const cur = ep.current;
    const past: StepView[] = ep.stepRecords.filter((r) => !cur || r.step !== cur.step).map((r) => {
      const cp = ep.checkpointAt(r.step);
      return { step: r.step, observation: cp?.observation, decision: cp?.decision ?? { thought: r.thought, raw: r.raw, call: r.call, source: ep.policy.name }, action: r.action, record: r, ...(r.correction ? { corrected: { by: r.correction.by, original: r.correction.original } } : {}) };
    });
    const views = past.reverse();
    if (cur) {
      // Stopped at an action that failed, its record is not in the list yet: the pause has it.
      const at = ep.paused?.at;
      const failedHere = at?.point === 'failure' && at.record && at.step === cur.step ? at.record : undefined;
      const rec = ep.stepRecords.find((r) => r.step === cur.step) ?? failedHere;
      views.unshift({ step: cur.step, observation: cur.observation, decision: cur.decision, action: cur.action, timings: cur.timings, ...(rec ? { record: rec } : {}), ...(cur.correction ? { corrected: { by: cur.correction.by, original: cur.correction.original } } : {}) });
    }
    return views;
  }

  stack(): Frame[] {
    const file = this.taskFile;
    const lines = this.lines;
    const frames: Frame[] = [];
    const p = this.episode?.paused;
    if (p?.at.point === 'verifier') {
      const r = p.at.result;
      frames.push({ id: VERIFY_FRAME, name: `verify ${r.path}: ${r.passed ? 'passed' : 'failed'}`, line: (lines && lineOfTarget(lines, { kind: 'verify', path: r.path })) ?? lines?.idLine ?? 1, file });
    } else if (p?.at.point === 'episode-end') {
      const v = p.at.verify;
      frames.push({ id: VERIFY_FRAME, name: `end: ${p.at.terminatedBy}${v ? `, verifier ${v.passed ? 'passed' : 'failed'}` : ''}`, line: lines?.idLine ?? 1, file });
    } else if (p?.at.point === 'failure' && END_FAILURES.has(p.at.failure)) {
      frames.push({ id: VERIFY_FRAME, name: `✗ ${p.at.failure}: ${p.at.message.slice(0, 80)}`, line: lines?.idLine ?? 1, file });
    }
    for (const v of this.views()) {
      const index = v.decision?.origin?.solutionStep;
      const line = (index !== undefined && lines ? lineOfTarget(lines, { kind: 'solution', index }) : undefined) ?? lines?.goalLine ?? 1;
      const pending = !v.record;
      frames.push({ id: v.step, name: `${v.step}: ${actionLabel(v)}${pending ? ' (pending)' : v.record?.status === 'failed' ? ' ✗' : ''}`, line, file });
    }
    return frames;
  }

  scopesOf(frameId: number): { name: ScopeName; expensive: boolean }[] {
    if (frameId === VERIFY_FRAME) return [{ name: 'Verifiers', expensive: false }, { name: 'Task', expensive: false }, { name: 'App state', expensive: true }];
    const isTop = this.episode?.current?.step === frameId;
    const base: { name: ScopeName; expensive: boolean }[] = [{ name: 'Action', expensive: false }, { name: 'Model', expensive: false }, { name: 'Observation', expensive: false }, { name: 'Task', expensive: false }];
    return isTop ? [...base, { name: 'App state', expensive: true }, { name: 'Verifiers', expensive: true }] : base;
  }

  async scope(frameId: number, name: ScopeName): Promise<Record<string, unknown>> {
    const ep = this.episode;
    if (!ep) return {};
    const view = this.views().find((v) => v.step === frameId) ?? { step: ep.current?.step ?? ep.stepRecords.length };
    switch (name) {
      case 'Action': return actionScope(view);
      case 'Model': return modelScope(view, ep.goal, ep.historySteps);
      case 'Observation': return observationScope(view.observation);
      case 'Task': return taskScope(this.task, ep.goal, view.step, ep.maxSteps);
      case 'App state': return appStateScope(ep.device, await this.openApps());
      case 'Verifiers': {
        const p = ep.paused?.at;
        if (p?.point === 'verifier') return { thisVerifier: { path: p.result.path, passed: p.result.passed, reason: p.result.reason, observed: p.result.observed ?? null }, evaluated: verifierScope(p.report) };
        if (p?.point === 'episode-end' && p.verify) return verifierScope(p.verify);
        const live = await this.liveVerdicts();
        return verifierScope(live.report, live.error);
      }
    }
  }

  /** Apps with a database that this episode has seen in the foreground or opened. */
  private async openApps(): Promise<string[]> {
    const ep = this.episode!;
    const apps = new Set<string>();
    const fg = ep.current?.observation?.foregroundApp ?? (await ep.device.foregroundApp().catch(() => undefined));
    if (fg) apps.add(fg);
    for (const r of ep.stepRecords) if (r.foregroundApp) apps.add(r.foregroundApp);
    for (const h of ep.historySteps) if (h.call.name === 'open_app' && typeof h.call.args.app === 'string') apps.add(h.call.args.app);
    const withDb = new Set(await this.databaseApps());
    return [...apps].filter((a) => withDb.has(a));
  }

  private async databaseApps(): Promise<string[]> {
    const d = this.device;
    return can(d, 'databasePaths') ? [...new Set(Object.values(d.databasePaths()))] : [];
  }

  /** The task's verifier against the device as it is now (cached until the loop moves). */
  private async liveVerdicts(): Promise<{ report?: VerifyReport; error?: string }> {
    const ep = this.episode;
    if (!ep || !this.task) return { error: 'no task' };
    const key = `${ep.stepRecords.length}:${ep.current?.step ?? ''}`;
    if (this.liveVerify?.key === key) return this.liveVerify;
    try {
      const report = await this.task.verify(ep.device, ep.outcome({ terminatedBy: 'paused' }), { trusted: this.cfg?.trusted ?? true });
      this.liveVerify = { key, report };
    } catch (e) {
      this.liveVerify = { key, error: `the verifier could not run: ${message(e)}` };
    }
    return this.liveVerify;
  }

  // ------------------------------------------------------------------ console and edits

  /** CEL names the console knows (for completions). */
  private scopeNames(): string[] {
    return ['step', 'tool', 'args', 'px', 'points', 'pixels', 'thought', 'raw', 'app', 'screenText', 'error', 'goal', 'params', 'action', 'model', 'observation', 'task', 'apps', 'verifiers'];
  }

  private async celScope(frameId?: number, text = ''): Promise<Record<string, unknown>> {
    const ep = this.episode;
    if (!ep) return {};
    const views = this.views();
    const view = views.find((v) => v.step === frameId) ?? views[0] ?? { step: 0 };
    const scope: Record<string, unknown> = {
      ...conditionScope(view, this.task),
      action: actionScope(view), model: modelScope(view, ep.goal, ep.historySteps),
      observation: observationScope(view.observation), task: taskScope(this.task, ep.goal, view.step, ep.maxSteps),
    };
    // The costly scopes only when the expression names them.
    if (/\bapps\b/.test(text)) scope.apps = await appStateScope(ep.device, await this.openApps());
    if (/\bverifiers\b/.test(text)) { const live = await this.liveVerdicts(); scope.verifiers = verifierScope(live.report, live.error); }
    return scope;
  }

  /** A console line: a command, or a CEL expression. Returns what to show. */
  async evaluate(text: string, frameId?: number, context = 'repl'): Promise<{ result: string; value?: unknown }> {
    const cmd = context === 'repl' ? parseCommand(text) : undefined;
    if (typeof cmd === 'string') throw new Error(cmd);
    if (cmd) return this.runCommand(cmd);
    let program;
    try {
      program = compileCel(text);
    } catch (e) {
      throw new Error(`not a command or a CEL expression: ${message(e).split('\n')[0]}${context === 'repl' ? ' (type help for the commands)' : ''}`);
    }
    let value: unknown;
    try {
      value = plain(fromCelValue(program.evaluate(celInts(await this.celScope(frameId, text)) as Record<string, unknown>)));
    } catch (e) {
      throw new Error(message(e).split('\n')[0]);
    }
    return { result: display(value), value };
  }

  private async runCommand(cmd: Exclude<ReturnType<typeof parseCommand>, string | undefined>): Promise<{ result: string; value?: unknown }> {
    const ep = this.episode;
    if (!ep) throw new Error('nothing is being debugged');
    switch (cmd.kind) {
      case 'help':
        return { result: Object.values(COMMAND_HELP).join('\n') + '\nAnything else is a CEL expression over step, tool, args, px, thought, app, screenText, action, model, observation, task, apps, verifiers.' };
      case 'action': {
        // The human policy waiting for its turn takes the command as its action.
        if (!ep.paused && ep.policy instanceof HumanPolicy && ep.state === 'inferring') {
          ep.policy.push(cmd.action);
          return { result: `step ${ep.current?.step ?? ''}: ${callText(actionToCall(cmd.action))} goes to the human policy` };
        }
        this.editPending(cmd.action);
        return { result: `step ${ep.current?.step}: the pending action is now ${callText(actionToCall(cmd.action))}` };
      }
      case 'sql': {
        if (!ep.device.queryApp) throw new Error(`${ep.device.id} gives no database access`);
        // Bounded as a verifier's query is (time, memory, result size, read only): a runaway
        // query typed here fails with the reason instead of hanging the session.
        const rows = await ep.device.queryApp(cmd.app, cmd.query, [], { timeoutMs: VERIFIER_QUERY_MS });
        return { result: `${rows.length} row${rows.length === 1 ? '' : 's'}`, value: rows };
      }
      case 'ui': {
        const xml = ep.current?.observation?.uiXml ?? (await ep.device.uiTree());
        const tree = parseUiTree(xml);
        const screen = ep.current?.observation?.screen ?? (await ep.device.screenInfo());
        const nodes = findNodes(tree, cmd.selector).map((n) => {
          const c = centerOf(n.bounds);
          const norm = toNormalized(c, screen);
          return { text: n.text, 'resource-id': n.resourceId, class: n.className, bounds: [n.bounds.x1, n.bounds.y1, n.bounds.x2, n.bounds.y2], center: [norm.x, norm.y], centerPx: [c.x, c.y] };
        });
        return { result: `${nodes.length} node${nodes.length === 1 ? '' : 's'} match ${describeSelector(cmd.selector)}`, value: nodes };
      }
      case 'fork':
        return this.fork(cmd.action);
    }
  }

  /** Replaces the pending action (console command, setVariable, the panel). */
  editPending(action: Action, by = 'debugger'): void {
    const ep = this.episode;
    if (!ep?.paused) throw new Error('the agent is running: pause it before changing its action');
    ep.editAction(action, by);
    this.liveVerify = undefined;
  }

  /** Sets one field of the pending action's call (`args.text`, `tool`, `args.points[0][1]`). */
  setPendingField(path: (string | number)[], valueText: string): string {
    const ep = this.episode;
    const cur = ep?.current;
    if (!ep?.paused || !cur) throw new Error('the agent is running: pause it before changing its action');
    const call: ToolCall = structuredClone(cur.action ? actionToCall(cur.action) : cur.decision?.call ?? { name: 'wait', args: {} });
    const value = parseValue(valueText);
    const keys = path[0] === 'argsPx' ? ['args', ...path.slice(1)] : path;
    if (keys.length === 1 && keys[0] === 'tool') {
      if (typeof value !== 'string') throw new Error('tool must be a tool name');
      call.name = value;
    } else if (keys[0] === 'args' && keys.length >= 2) {
      let obj = call.args as Record<string | number, unknown>;
      for (const k of keys.slice(1, -1)) {
        const next = obj[k];
        if (!next || typeof next !== 'object') throw new Error(`args has no ${String(k)}`);
        obj = next as Record<string | number, unknown>;
      }
      obj[keys.at(-1)!] = value;
    } else {
      throw new Error(`only the pending action's tool and args can be changed, not ${keys.join('.')}`);
    }
    const a = toAction(call);
    if (!a.ok) throw new Error(`that makes an unusable action: ${a.reason}`);
    this.editPending(a.action);
    return display(value);
  }

  /** Branches a new episode from the current step's checkpoint, on a new mock phone; runs it to its verdict. */
  async fork(action?: Action): Promise<{ result: string; value?: unknown }> {
    const ep = this.episode!;
    const cur = ep.current;
    const step = cur?.step;
    if (!step) throw new Error('fork from a paused step');
    if (!this.another || !ep.canRewind) throw new Error(`forking needs the mock phone: ${this.device?.id} cannot snapshot its state`);
    const chosen = action ?? cur.action;
    const device = await this.another();
    const policy = await launchPolicy(this.cfg!);
    const fork = ep.fork(step, chosen, { device, policy });
    const threadId = this.nextThreadId++;
    const name = `fork ${fork.id.slice(0, 8)} from step ${step}`;
    this.forks.push({ threadId, episode: fork });
    this.record(fork, device);
    this.options.onEpisode?.(fork, device, this.cfg!);
    this.emit({ type: 'episode', episode: fork, device, launch: this.cfg!, threadId });
    this.emit({ type: 'thread', reason: 'started', threadId, name });
    try {
      const s = await fork.run();
      await this.recorded(fork);
      const v = s.verify;
      const verdict = v ? `${v.passed ? 'passed' : 'FAILED'} (score ${v.score})` : 'not verified';
      this.out(`${name}: ${s.terminatedBy} after ${s.steps.length} steps — verifier ${verdict}\n`);
      return { result: `${name}: ${s.terminatedBy}, verifier ${verdict}`, value: { episodeId: s.episodeId, parent: s.parent, terminatedBy: s.terminatedBy, success: s.success, score: s.score, verify: v ? verifierScope(v) : undefined } };
    } finally {
      this.emit({ type: 'thread', reason: 'exited', threadId, name });
      await policy.close?.();
      await device.close().catch(() => undefined);
    }
  }

  /**
   * Fingerprints of the device's state — the PNG screenshot, the UI tree and each app's
   * database file — so a client can check that a step back restored it exactly.
   */
  async deviceDigest(): Promise<{ screenshot: string; uiTree: string; databases: Record<string, string> }> {
    const d = this.device;
    if (!d) throw new Error('nothing is being debugged');
    const { createHash } = await import('node:crypto');
    const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');
    const databases: Record<string, string> = {};
    if (can(d, 'databaseBytes')) for (const pkg of await this.databaseApps()) databases[pkg] = sha(d.databaseBytes(pkg));
    return { screenshot: sha((await d.screenshot({ format: 'png' })).data), uiTree: sha(await d.uiTree()), databases };
  }

  threads(): { id: number; name: string }[] {
    const ep = this.episode;
    const main = { id: DebugRuntime.THREAD, name: `${this.task?.instanceId ?? 'episode'}${ep ? ` (${ep.id.slice(0, 8)})` : ''}` };
    return [main, ...this.forks.filter((f) => f.episode.state !== 'done').map((f) => ({ id: f.threadId, name: `fork ${f.episode.id.slice(0, 8)}` }))];
  }

  async complete(text: string, column: number): Promise<Completion[]> {
    return completeConsole(text, column, { apps: await this.databaseApps().catch(() => []), variables: this.scopeNames() });
  }

  private out(text: string, category: 'console' | 'stdout' | 'stderr' | 'important' = 'console'): void {
    this.emit({ type: 'output', category, text });
  }
}

function peek(cond: Condition, scope: Record<string, unknown>): boolean {
  const hits = cond.hits;
  try {
    return cond.test(scope);
  } finally {
    cond.hits = hits;
  }
}

function publicState(bp: BreakpointState): BreakpointState {
  return { id: bp.id, verified: bp.verified, ...(bp.message ? { message: bp.message } : {}), ...(bp.line !== undefined ? { line: bp.line } : {}) };
}

function samePath(a: string, b: string): boolean {
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/^([a-z]):/i, (_m, d: string) => `${d.toLowerCase()}:`);
  return norm(a) === norm(b);
}

/** CEL results as plain JSON-able data: ints back to numbers, maps to objects. */
function plain(v: unknown, depth = 0): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (depth > 32 || v === null || typeof v !== 'object' || v instanceof Uint8Array) return v;
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), plain(x, depth + 1)]));
  if (Array.isArray(v)) return v.map((x) => plain(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, depth + 1)]));
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.replace(/^'(.*)'$/s, '$1');
  }
}

export function display(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === undefined) return 'undefined';
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}

function callText(c: ToolCall): string {
  return `${c.name}(${JSON.stringify(c.args)})`;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export type { EpisodeEvent };
