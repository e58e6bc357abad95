// The seam between whoever controls a paused episode (the debugger, or nobody in particular)
// and the places that show controls for it (the device panel's toolbar). The panel never
// imports the debugger: the debug runtime implements `PausedEpisodeController` and announces
// each episode it makes here; an episode announced without a controller gets the plain one
// below (continue = resume, step over = pause at the next action, step back = rewind).
import { TypedEmitter } from './emitter';
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

/**
 * Where episodes are announced and who listens: the debug runtime announces every episode it
 * makes, the panel hub listens. A caller that runs sessions of its own (the environment
 * service, a worker) creates its own, so its episodes reach only its listeners; the window's
 * debugger and panels share `windowAnnouncements`. A throwing listener is isolated (emitter.ts).
 */
export class EpisodeAnnouncements extends TypedEmitter<{ type: 'announced'; announced: AnnouncedEpisode }> {
  /**
   * Tell the listeners an episode is about to run. They (the panel hub: pause controls and the
   * pending action) attach before `run()`, so they see it start.
   */
  announce(e: AnnouncedEpisode): void {
    this.emit({ type: 'announced', announced: e });
  }

  onAnnounced(listener: (e: AnnouncedEpisode) => void): () => void {
    return this.on('announced', (ev) => listener(ev.announced));
  }
}

/** The window's announcements: the extension's debugger and device panels. */
export const windowAnnouncements = new EpisodeAnnouncements();

/** Announce to the window (windowAnnouncements). */
export function announceEpisode(e: AnnouncedEpisode): void {
  windowAnnouncements.announce(e);
}

export function onEpisodeAnnounced(listener: (e: AnnouncedEpisode) => void): () => void {
  return windowAnnouncements.onAnnounced(listener);
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
