// Hangs an EpisodeRecorder on an episode. The step data comes from the episode's events; the
// durability wait comes from an awaited hook: `beforeAction` (the step boundary: the previous
// step is durable before this action runs) and `finished()` (awaited by whoever ran the
// episode, before it reports the episode done).
import type { Episode } from '../episode';
import type { Decision, EpisodeEvent, Observation } from '../events';
import type { HistoryStep } from '../../protocol/history';
import { EpisodeRecorder, type RecorderOptions } from './recorder';

export interface AttachedRecorder {
  recorder: EpisodeRecorder;
  /** Await before an action runs. */
  boundary(): Promise<void>;
  /** Resolves when the recording is complete on disk (after the episode finished). */
  finished(): Promise<void>;
}

export function attachRecorder(ep: Episode, options: RecorderOptions): AttachedRecorder {
  const recorder = new EpisodeRecorder(options);
  // The history the loop shows the policy, rebuilt the way the loop builds it: one entry per
  // step that produced a call.
  const history: HistoryStep[] = [];
  let observation: Observation | undefined;
  let decision: Decision | undefined;
  let ended: Promise<void> | undefined;
  let resolveEnded!: () => void;
  const endedSignal = new Promise<void>((r) => { resolveEnded = r; });
  ep.onAny((e: EpisodeEvent) => {
    switch (e.type) {
      case 'episode-started':
        recorder.start({ episodeId: e.episodeId, goal: e.goal, policy: e.policy });
        break;
      case 'observed':
        observation = e.observation;
        break;
      case 'decided':
        // The loop edits the decision's source in place on a correction: keep the policy's own.
        decision = { ...e.decision };
        break;
      case 'acted':
        if (observation && decision) recorder.step({ observation, decision, record: e.record, history: history.slice() });
        if (e.record.call) history.push({ thought: e.record.thought, call: e.record.call });
        observation = undefined;
        decision = undefined;
        break;
      case 'finished':
        ended = recorder.end(e.summary);
        resolveEnded();
        break;
      default:
        break;
    }
  });
  return {
    recorder,
    boundary: () => recorder.boundary(),
    finished: async () => {
      await endedSignal;
      await ended;
    },
  };
}
