// The seam between whoever controls a paused episode (the debugger, or nobody in particular)
// and the places that show controls for it (the device panel's toolbar). The panel never
// imports the debugger: the debug runtime implements `PausedEpisodeController` and announces
// each episode it makes here; an episode announced without a controller gets the plain one
// below (continue = resume, step over = pause at the next action, step back = rewind).
import type { Episode } from './episode';
import type { LoopPoint } from './events';
import { acceptsAction, HOOK_ORDER, type LoopHook } from './hooks';
import { stepBackTarget } from './step-back';

/** What the panel's continue / step over / step back / pause buttons call. */
export interface PausedEpisodeController {
  continue(): void;
  /** Run one whole agent step and stop before the next action. */
  stepOver(): void;
  /** Back to the checkpoint before the previous step (refused on devices that cannot snapshot). */
  stepBack(): Promise<void>;
  /** Ask a running episode to stop at its next pause point. */
  pause(): void;
  /** False on a device that cannot snapshot: the step back button is then disabled. */
  readonly canStepBack: boolean;
}

export interface AnnouncedEpisode {
  episode: Episode;
  /** The device the episode acts on (panels mirroring it show its pause controls). */
  deviceId: string;
  controller?: PausedEpisodeController;
}

type Listener = (e: AnnouncedEpisode) => void;
const listeners = new Set<Listener>();

/**
 * Tell the window an episode is about to run (the debug runtime does this for every episode
 * it makes). Listeners (the panel hub: pause controls and the pending action) attach before
 * `run()`, so they see it start.
 */
export function announceEpisode(e: AnnouncedEpisode): void {
  for (const l of [...listeners]) l(e);
}

export function onEpisodeAnnounced(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The controller for an episode nobody else controls: continue resumes; step over resumes and
 * pauses again at the next pending action (through a hook at the panel's place in the chain);
 * step back rewinds to the checkpoint before the previous step.
 */
export function plainController(ep: Episode): PausedEpisodeController {
  let stepping = false;
  // The point step over was pressed at: later hooks at that same point must not stop again.
  let from: LoopPoint | undefined;
  const hook: LoopHook = {
    name: 'panel', order: HOOK_ORDER.panel,
    at(p) {
      if (!stepping || p === from) return undefined;
      if (acceptsAction(p) || p.point === 'episode-end') {
        stepping = false;
        return { pause: `stepped to ${p.point}` };
      }
      return undefined;
    },
  };
  const detach = ep.use(hook);
  ep.on('finished', detach);
  return {
    continue() { stepping = false; ep.resume(); },
    stepOver() {
      from = ep.paused?.at;
      stepping = true;
      if (!ep.resume()) stepping = false;
    },
    async stepBack() {
      const p = ep.paused;
      if (!p) throw new Error('the agent is running: pause it first');
      await ep.rewind(stepBackTarget(p, ep.stepRecords.at(-1)?.step ?? 0));
    },
    pause() { ep.requestPause(); },
    get canStepBack() { return ep.canRewind; },
  };
}
