// Hangs an EpisodeRecorder on an episode through the loop's hooks (hooks.ts), at the
// recorder's place in the chain (HOOK_ORDER.recorder: after the debugger and the panel, so it
// sees their edits):
//   step-end      the step's record is final → queue its write (it overlaps the next observation)
//   before-action await the queued writes: the previous step is durable before this action runs
//   episode-end   await them again before the episode reports its end
// The outcome is written on `finished`; whoever ran the episode awaits `finished()`.
// A rewind voids the steps from the rewound one on: the recording so far is closed as it is
// (append-only, nothing rewritten) and the rest goes into a new folder whose parent is the
// abandoned branch at the step before — the same shape as a debugger fork.
import type { Episode } from '../episode';
import { HOOK_ORDER, type LoopHook } from '../hooks';
import type { EpisodeEvent } from '../events';
import { EpisodeRecorder, type RecorderOptions } from './recorder';

export interface AttachedRecorder {
  /** The recorder of the current branch (a rewind starts a new one). */
  readonly recorder: EpisodeRecorder;
  /** Every folder this episode was recorded into, in order. */
  readonly folders: string[];
  boundary(): Promise<void>;
  /** Resolves when the recording is complete on disk (after the episode finished). */
  finished(): Promise<void>;
}

export function attachRecorder(ep: Episode, options: RecorderOptions): AttachedRecorder {
  let recorder: EpisodeRecorder;
  const folders: string[] = [];
  const onFolder = (f: string): void => { folders.push(f); options.onFolder?.(f); };
  recorder = new EpisodeRecorder({ ...options, onFolder });
  let started: { episodeId: string; goal: string; policy: string } | undefined;
  let ended: Promise<void> | undefined;
  let resolveEnded!: () => void;
  const endedSignal = new Promise<void>((r) => { resolveEnded = r; });
  let forkPending = ep.parent !== undefined;

  const hook: LoopHook = {
    name: 'recorder',
    order: HOOK_ORDER.recorder,
    async at(p) {
      if (p.point === 'step-end') {
        const history = ep.historySteps;
        // At step-end the loop has already added this step's call to the history.
        const before = p.record.call ? history.slice(0, -1) : history.slice();
        recorder.step({ observation: p.observation, decision: p.decision, record: p.record, history: before, forked: forkPending || p.record.correction?.by === 'fork' });
        forkPending = false;
      } else if (p.point === 'before-action' || p.point === 'episode-end') {
        await recorder.boundary();
      }
    },
  };
  ep.use(hook);
  ep.onAny((e: EpisodeEvent) => {
    if (e.type === 'episode-started') {
      started = { episodeId: e.episodeId, goal: e.goal, policy: e.policy };
      recorder.start({ ...started, ...(e.parent ? { parent: { ...e.parent } } : {}) });
    } else if (e.type === 'rewound' && started) {
      const old = recorder;
      const oldFolder = old.folder;
      void old.end({ success: false, score: 0, terminatedBy: 'aborted', reason: `rewound to step ${e.step}; the episode went on in a new recording` });
      recorder = new EpisodeRecorder({ ...options, onFolder });
      recorder.start({ ...started, parent: { episodeId: started.episodeId, step: e.step - 1, ...(oldFolder ? { folder: oldFolder } : {}) } });
      forkPending = true;
    } else if (e.type === 'finished') {
      ended = recorder.end(e.summary);
      resolveEnded();
    }
  });
  return {
    get recorder() { return recorder; },
    folders,
    boundary: () => recorder.boundary(),
    finished: async () => {
      await endedSignal;
      await ended;
    },
  };
}
