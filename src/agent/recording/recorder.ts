// The trajectory recorder: turns one episode's steps into an episode folder (src/trajectory/).
// It knows nothing of where it is attached — attach.ts hangs it on the loop — and only does
// three things: `start` opens the folder, `step` queues a finished step's write (screenshot
// bytes as the model got them, UI tree, instruction text as sent, decision, action, timings,
// flags), `boundary()` resolves once every queued write is durable, and `end` writes the
// outcome. The loop awaits `boundary()` before the next action and before the episode ends,
// so the fsync overlaps the next observation instead of adding to the step.
// A write that fails (disk full) stops the recording — reported once through `onError`, with
// what was flushed kept — and never breaks the episode.
import type { Device } from '../../device/device';
import type { Action } from '../../protocol/action';
import type { HistoryStep } from '../../protocol/history';
import { instructionText } from '../../protocol/messages';
import type { TaskInstance, VerifyReport } from '../../task/runnable';
import type { DurableFs, RecordingWriteError } from '../../trajectory/durable-fs';
import type { EpisodeSource, ManifestOutcome, OriginalDecision, StepInput } from '../../trajectory';
import { EpisodeWriter, createEpisodeFolder } from '../../trajectory/writer';
import type { Decision, EpisodeSummary, Observation, StepRecord } from '../events';

export interface RecorderOptions {
  /** Folder the episode folder is created in (`run --record <dir>`). */
  root: string;
  source: EpisodeSource;
  device: Device;
  task?: TaskInstance;
  model?: string;
  fs?: DurableFs;
  /** Called once when the recording stops early (disk full, write error). */
  onError?: (error: RecordingWriteError | Error, folder: string | undefined) => void;
  /** Called when the folder exists (the Trajectories view refreshes on it). */
  onFolder?: (folder: string) => void;
}

export interface StartInfo {
  episodeId: string;
  goal: string;
  policy: string;
  parent?: { episodeId: string; step: number; folder?: string };
}

export interface StepInfo {
  observation: Observation;
  /** The policy's decision (its `action`/`call` are what the model chose). */
  decision: Decision;
  /** The final record (the action that ran, after any correction). */
  record: StepRecord;
  /** The history the policy was shown for this step (earlier steps only). */
  history: readonly HistoryStep[];
  /** Set on the first step of a fork. */
  forked?: boolean;
  /** A person's note for this step (demonstrations). */
  note?: string;
}

const sameAction = (a?: Action, b?: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

export class EpisodeRecorder {
  private writer?: Promise<EpisodeWriter | undefined>;
  private goal = '';
  private stopped?: Error;
  private folderPath?: string;
  private queue: Promise<unknown> = Promise.resolve();
  private written = 0;

  constructor(private readonly o: RecorderOptions) {}

  get folder(): string | undefined {
    return this.folderPath;
  }

  /** Why the recording stopped early, if it did. */
  get error(): Error | undefined {
    return this.stopped;
  }

  get steps(): number {
    return this.written;
  }

  start(info: StartInfo): void {
    this.goal = info.goal;
    const { device, task } = this.o;
    this.writer = (async () => {
      const [devInfo, screen] = await Promise.all([device.info().catch(() => undefined), device.screenInfo()]);
      const folder = await createEpisodeFolder(this.o.root, task?.instanceId ?? info.policy, info.episodeId);
      this.folderPath = folder;
      const w = await EpisodeWriter.create(folder, {
        episodeId: info.episodeId, source: this.o.source, goal: info.goal,
        ...(task ? { task: { taskId: task.taskId, instanceId: task.instanceId, title: task.title, file: task.file, family: task.family, tags: task.tags, params: task.params, seed: task.seed } } : {}),
        device: { id: device.id, kind: device.kind, model: devInfo?.model, serial: devInfo?.serial, sdk: devInfo?.sdk, screen: { width: screen.width, height: screen.height, density: screen.density } },
        ...(task?.locale ? { locale: task.locale } : {}),
        policy: info.policy, ...(this.o.model ? { model: this.o.model } : {}),
        startedAt: new Date().toISOString(), ...(info.parent ? { parent: info.parent } : {}),
      }, { fs: this.o.fs });
      this.o.onFolder?.(folder);
      return w;
    })().catch((e: unknown) => { this.fail(e); return undefined; });
    this.queue = this.writer;
  }

  step(s: StepInfo): void {
    if (!this.writer || this.stopped) return;
    const input = this.stepInput(s);
    const writer = this.writer;
    this.queue = this.queue.then(async () => {
      const w = await writer;
      if (!w || this.stopped) return;
      try {
        await w.appendStep(input);
        this.written++;
      } catch (e) {
        this.fail(e);
      }
    });
  }

  /** Resolves once every queued write is durable (or the recording has stopped). */
  boundary(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Writes the outcome; resolves when the recording is complete on disk. */
  async end(summary: Pick<EpisodeSummary, 'success' | 'score' | 'terminatedBy' | 'reason' | 'answer' | 'error' | 'verify'>): Promise<void> {
    await this.boundary();
    const w = await this.writer;
    if (!w || this.stopped) return;
    const outcome: ManifestOutcome = {
      success: summary.success, score: summary.score, terminatedBy: summary.terminatedBy, reason: summary.reason,
      ...(summary.answer !== undefined ? { answer: summary.answer } : {}), ...(summary.error ? { error: summary.error } : {}),
      ...(summary.verify ? { verify: reportOf(summary.verify) } : {}),
    };
    try {
      await w.finish(outcome, summary.terminatedBy === 'aborted' ? 'stopped' : 'complete');
    } catch (e) {
      this.fail(e);
    }
  }

  private stepInput(s: StepInfo): StepInput {
    const { observation: ob, decision: d, record: r } = s;
    // The debugger's record says who corrected it; without it, compare with the decision.
    const correction = (r as StepRecord & { correction?: { by: string; original?: Action; originalCall?: StepRecord['call'] } }).correction;
    const edited = correction !== undefined || (d.action !== undefined && !sameAction(d.action, r.action)) || (d.action === undefined && r.action !== undefined && d.source !== 'human');
    const original: OriginalDecision | undefined = edited
      ? { thought: d.thought, ...(d.raw !== undefined ? { raw: d.raw } : {}), ...(correction?.originalCall ?? d.call ? { call: correction?.originalCall ?? d.call } : {}), ...(correction?.original ?? d.action ? { action: correction?.original ?? d.action } : {}) }
      : undefined;
    // Corrections are made by a person (at the debugger or the panel), like demonstrations.
    const human = d.source.startsWith('human') || edited;
    const shot = ob.screenshot;
    // A person's thought is a note they typed (a demonstration step): kept as the step's
    // thought, which the exports put in <think>, and flagged as a note for the viewer.
    const note = s.note ?? (d.source === 'human' && !edited && r.thought.trim() ? r.thought : undefined);
    return {
      index: r.step, time: new Date().toISOString(),
      ...(shot ? { image: { data: shot.data, format: shot.format, width: shot.width, height: shot.height } } : {}),
      ...(ob.uiXml !== undefined ? { uiXml: ob.uiXml } : {}),
      ...(ob.foregroundApp ? { foregroundApp: ob.foregroundApp } : {}),
      instruction: instructionText(this.goal, s.history),
      ...(r.raw !== undefined ? { raw: r.raw } : d.raw !== undefined ? { raw: d.raw } : {}),
      thought: r.thought,
      ...(r.call ? { call: r.call } : {}), ...(r.action ? { action: r.action } : {}),
      ...(r.pixels ? { pixels: r.pixels } : {}), ...(r.targetNode ? { targetNode: r.targetNode } : {}),
      status: r.status, ...(r.error ? { error: r.error } : {}),
      source: correction ? `${d.source}+${correction.by}` : d.source, timings: { ...r.timings },
      ...(d.usage ? { usage: d.usage } : {}),
      ...(original ? { corrected: original } : {}),
      ...(human ? { human: true } : {}), ...(s.forked ? { forked: true } : {}),
      ...(note ? { note } : {}),
    };
  }

  private fail(e: unknown): void {
    if (this.stopped) return;
    this.stopped = e instanceof Error ? e : new Error(String(e));
    this.o.onError?.(this.stopped, this.folderPath);
  }
}

function reportOf(v: VerifyReport): ManifestOutcome['verify'] {
  return JSON.parse(JSON.stringify(v)) as ManifestOutcome['verify'];
}
