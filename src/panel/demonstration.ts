// A recorded demonstration on the panel (the toolbar's Record toggle): an episode on the
// mirrored device whose policy is the person at the panel (HumanPolicy through the hub's
// drive-by-hand bridge), with the trajectory recorder attached exactly as `run --record`
// attaches it. Each gesture becomes the step's action in 0–1000; every step is on disk
// before the next one runs, so a killed window leaves a recording the store repairs. Turning
// Record off finishes the episode (a `finish` step, then the task's verifiers if there is a
// task) and completes the folder. No `vscode` import: the extension asks for the goal and
// the folder, tests drive it directly.
import type { Device } from '../device/device';
import { Episode, type EpisodeOptions } from '../agent/episode';
import type { EpisodeSummary } from '../agent/events';
import { HumanPolicy } from '../agent/policies/human';
import { attachRecorder, type AttachedRecorder } from '../agent/recording/attach';
import type { DeviceRegistry } from './devices/registry';
import type { RunningDemonstrations } from './demonstrations';
import type { AttachOptions, EpisodeEventSource, HumanPolicyBridge } from './human-bridge';
import { Listeners } from '../agent/emitter';

/** What a demonstration needs of the panel hub (panel-hub.ts fits): no import of the hub itself. */
export interface DemonstrationHub {
  readonly registry: DeviceRegistry;
  readonly demonstrations: RunningDemonstrations<Demonstration>;
  readonly humanTurns: Pick<HumanPolicyBridge, 'flushTyping'>;
  showEpisode(deviceId: string, episode: Episode): () => void;
  driveByHand(deviceId: string, policy: HumanPolicy, events: EpisodeEventSource, options?: AttachOptions): () => void;
}

export interface DemonstrationOptions {
  hub: DemonstrationHub;
  deviceId: string;
  goal: string;
  /** Folder the episode folder is created in (phonebuddy.recording.directory). */
  root: string;
  /** A task makes Finish run its verifiers (a failed demonstration is kept, marked failed). */
  task?: EpisodeOptions['task'];
  /** Run the task's setup first (a fresh mock phone); default false: record from the screen as it is. */
  setup?: boolean;
  /**
   * Whether the task's `shell` setup steps and verifiers may run: false in an untrusted VS Code
   * workspace. Default false — a caller that knows the workspace is trusted says so.
   */
  trusted?: boolean;
  maxSteps?: number;
  /** A pause in typing this long ends the `type` step (default TYPING_IDLE_MS, typing-composer.ts). */
  typingIdleMs?: number;
  /** The recording stopped early (disk full): what was flushed is kept. */
  onError?: (error: Error, folder: string | undefined) => void;
}

export interface DemonstrationResult {
  summary: EpisodeSummary;
  /** The episode folder(s): more than one after a step back continued in a new branch. */
  folders: string[];
  steps: number;
}

export class Demonstration {
  readonly policy = new HumanPolicy();
  readonly episode: Episode;
  private readonly recording: AttachedRecorder;
  private readonly done: Promise<DemonstrationResult>;
  private readonly offs: (() => void)[] = [];
  private readonly listeners = new Listeners('demonstration');
  private ending = false;

  private constructor(readonly device: Device, private readonly o: DemonstrationOptions) {
    this.episode = new Episode({
      device, policy: this.policy, goal: o.goal, task: o.task, maxSteps: o.maxSteps ?? 200, skipSetup: !o.setup, trusted: o.trusted ?? false,
      // What the model would have been shown, so the demonstration trains it as is.
      observe: { screenshot: true, uiTree: true },
      checkpoints: { keep: 16 },
      // A person's slips are not errors to stop at: they act again.
      maxConsecutiveErrors: 1_000,
    });
    this.recording = attachRecorder(this.episode, { root: o.root, source: 'demo', device, task: o.task, onError: o.onError });
    this.offs.push(
      o.hub.showEpisode(o.deviceId, this.episode),
      o.hub.driveByHand(o.deviceId, this.policy, this.episode, { notes: true, budget: o.task?.maxSteps, typingIdleMs: o.typingIdleMs }),
      this.episode.on('acted', () => this.fire()),
      this.episode.on('rewound', () => this.fire()),
    );
    this.done = this.run();
  }

  /** Starts recording on `deviceId` (a connected device of the hub's registry). */
  static start(o: DemonstrationOptions): Demonstration {
    const device = o.hub.registry.device(o.deviceId);
    if (!device) throw new Error(`no connected device '${o.deviceId}' to record on`);
    o.hub.demonstrations.assertFree(o.deviceId); // before the episode starts
    const demo = new Demonstration(device, o);
    o.hub.demonstrations.add(o.deviceId, demo);
    return demo;
  }

  /** Steps done so far (what the Record button's badge shows). */
  get steps(): number {
    return this.episode.stepRecords.length;
  }

  get folder(): string | undefined {
    return this.recording.recorder.folder;
  }

  get result(): Promise<DemonstrationResult> {
    return this.done;
  }

  onDidChange(l: () => void): () => void {
    return this.listeners.add(l);
  }

  /** Record off: a `finish` step ends the demonstration; resolves when the folder is complete. */
  stop(note = 'demonstration finished'): Promise<DemonstrationResult> {
    if (!this.ending) {
      this.ending = true;
      if (this.episode.paused) this.episode.resume();
      // Letters still being composed were typed before Finish was pressed: they go first.
      this.o.hub.humanTurns.flushTyping(this.o.deviceId);
      this.policy.push({ type: 'finish', text: note, tool: 'finish' });
    }
    return this.done;
  }

  /** Ends without a finish step (the panel closed): recorded as aborted, steps kept. */
  abort(reason = 'the demonstration was cancelled'): Promise<DemonstrationResult> {
    this.ending = true;
    this.episode.stop(reason);
    return this.done;
  }

  private async run(): Promise<DemonstrationResult> {
    try {
      const summary = await this.episode.run();
      await this.recording.finished();
      return { summary, folders: [...this.recording.folders], steps: summary.steps.length };
    } finally {
      for (const off of this.offs.splice(0)) off();
      this.fire();
    }
  }

  private fire(): void {
    this.listeners.fire();
  }
}
