// Paused episodes on the panel: while an episode on a device is paused (by the debugger or
// any hook), the panels mirroring that device draw its pending action and show continue /
// step over / step back in their toolbar (pause while it runs); a click, drag, key or typed
// text on the mirrored screen replaces the pending action — an edit through the loop's own
// `editAction`, so the step is recorded as a correction by `panel` with the model's original
// kept. The buttons call a PausedEpisodeController (the debug runtime, or the plain one).
import type { Episode } from '../agent/episode';
import { acceptsAction } from '../agent/hooks';
import { plainController, type PausedEpisodeController } from '../agent/pause-control';
import type { Action } from '../protocol/action';
import type { ScreenSize } from '../protocol/coords';
import type { OverlayAction } from '../webview-protocol/device-panel';
import type { ToolbarRegistry } from './extension-points';
import { gestureToAction } from './human-bridge';
import type { PanelGesture } from './input';
import { pendingFailureOverlay, pendingOverlay } from './pending-overlay';

interface Attached {
  episode: Episode;
  controller: PausedEpisodeController;
  drawn?: OverlayAction;
  /** The text typed on the panel during this pause: more letters extend the same `type`. */
  typed?: { step: number; text: string };
  detach(): void;
}

export type PauseSubmit = { ok: true; call: string } | { ok: false; reason: string };

export class PausedEpisodeBridge {
  private readonly byDevice = new Map<string, Attached>();

  constructor(
    private readonly toolbar: ToolbarRegistry,
    /** Draws on every panel mirroring the device (the hub knows them). */
    private readonly draw: (deviceId: string, layer: string, action: OverlayAction) => void,
    private readonly notify: (deviceId: string, level: 'info' | 'warn' | 'error', message: string) => void = () => {},
  ) {}

  /** Shows `episode`'s pauses on the panels of `deviceId` until it finishes; returns the detach function. */
  attach(deviceId: string, episode: Episode, controller: PausedEpisodeController = plainController(episode)): () => void {
    // A newer episode on the device supersedes the earlier one's controls.
    this.byDevice.get(deviceId)?.detach();
    const state: Attached = { episode, controller, detach: () => detach() };
    this.byDevice.set(deviceId, state);
    const items = this.registerItems(deviceId, state);
    const redraw = () => {
      state.drawn = this.overlayOf(state);
      this.draw(deviceId, 'pending', state.drawn ?? { kind: 'clear' });
      this.toolbar.refresh();
    };
    const offs = [
      episode.on('paused', redraw),
      episode.on('resumed', () => { state.typed = undefined; redraw(); }),
      episode.on('action-edited', redraw),
      episode.on('finished', () => detach()),
    ];
    let detached = false;
    const detach = () => {
      if (detached) return;
      detached = true;
      for (const off of offs) off();
      // Off the map before the items go, so the toolbar re-rendered by their disposal sees
      // the device free (Record and Agent enabled again).
      const current = this.byDevice.get(deviceId) === state;
      if (current) this.byDevice.delete(deviceId);
      for (const i of items) i.dispose();
      if (current) this.draw(deviceId, 'pending', { kind: 'clear' });
      this.toolbar.refresh();
    };
    return detach;
  }

  /** Whether an episode shown with pause controls is running on the device. */
  hasEpisode(deviceId: string): boolean {
    return this.byDevice.has(deviceId);
  }

  /** Whether an episode on the device is paused right now. */
  isPaused(deviceId: string): boolean {
    return this.byDevice.get(deviceId)?.episode.paused !== undefined;
  }

  /** The pending-action drawing for a panel that starts mirroring the device. */
  overlayFor(deviceId: string): OverlayAction | undefined {
    return this.byDevice.get(deviceId)?.drawn;
  }

  /**
   * Replaces the pending action with the panel gesture. Refused (with the reason) when the
   * episode is paused where there is no action to replace.
   */
  submit(deviceId: string, gesture: PanelGesture): PauseSubmit {
    const s = this.byDevice.get(deviceId);
    const p = s?.episode.paused;
    if (!s || !p) return { ok: false, reason: 'no episode is paused on this device' };
    if (!acceptsAction(p.at)) return { ok: false, reason: `the episode is paused at ${p.point}${p.step !== undefined ? ` of step ${p.step}` : ''}: a panel input replaces the action only while it is pending (before it runs)` };
    const screen: ScreenSize | undefined = s.episode.current?.observation?.screen;
    if (!screen) return { ok: false, reason: 'the paused step has no observation to map the input to' };
    const action = this.typedAction(s, p.step, gesture) ?? gestureToAction(gesture, screen);
    if (typeof action === 'string') return { ok: false, reason: action };
    s.episode.editAction(action, 'panel');
    return { ok: true, call: pendingOverlayCall(s) };
  }

  /**
   * Letters typed during one pause are one `type` correction with all of them (each key
   * arrives as its own gesture), and Backspace takes back the last one; any other gesture
   * starts over.
   */
  private typedAction(s: Attached, step: number | undefined, gesture: PanelGesture): Action | undefined {
    const open = s.typed && s.typed.step === step && s.episode.current?.correction?.by === 'panel' && s.episode.current.action?.type === 'type'
      ? s.typed : undefined;
    if (gesture.kind === 'type' && step !== undefined) {
      s.typed = { step, text: (open?.text ?? '') + gesture.text };
      return { type: 'type', text: s.typed.text };
    }
    if (gesture.kind === 'key' && gesture.key === 'delete' && open && open.text) {
      open.text = [...open.text].slice(0, -1).join('');
      return { type: 'type', text: open.text };
    }
    s.typed = undefined;
    return undefined;
  }

  private overlayOf(s: Attached): OverlayAction | undefined {
    const p = s.episode.paused;
    const cur = s.episode.current;
    if (!p || !cur || p.step === undefined || cur.step !== p.step) return undefined;
    if (p.point === 'before-action' && cur.action) return pendingOverlay(p.step, cur.action, cur.correction?.by);
    if (acceptsAction(p.at)) return cur.action ? pendingOverlay(p.step, cur.action, cur.correction?.by) : pendingFailureOverlay(p.step, cur.decision?.error ?? p.reason);
    return undefined;
  }

  private registerItems(deviceId: string, s: Attached) {
    const paused = () => s.episode.paused !== undefined;
    const run = (what: string, f: () => void | Promise<void>) => async () => {
      try {
        await f();
      } catch (e) {
        this.notify(deviceId, 'warn', `${what}: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    const key = `paused.${deviceId}`;
    // Registered once per episode, shown by state: the step buttons only while paused, pause
    // only while running.
    return [
      this.toolbar.register({
        id: `${key}.pause`, label: 'Pause', title: 'Pause the agent at its next step', icon: 'debug-pause', iconOnly: true, group: 'debug', enabled: true, deviceId,
        view: () => (paused() ? undefined : {}), run: run('pause', () => s.controller.pause()),
      }),
      this.toolbar.register({
        id: `${key}.continue`, label: 'Continue', title: 'Continue (run the pending action and go on)', icon: 'debug-continue', iconOnly: true, group: 'debug', enabled: true, deviceId,
        view: () => (paused() ? {} : undefined), run: run('continue', () => s.controller.continue()),
      }),
      this.toolbar.register({
        id: `${key}.stepOver`, label: 'Step over', title: 'Step over (run this step, stop before the next action)', icon: 'debug-step-over', iconOnly: true, group: 'debug', enabled: true, deviceId,
        view: () => (paused() ? {} : undefined), run: run('step over', () => s.controller.stepOver()),
      }),
      this.toolbar.register({
        id: `${key}.stepBack`, label: 'Step back', icon: 'debug-step-back', iconOnly: true, group: 'debug', enabled: true, deviceId,
        view: () => {
          if (!paused()) return undefined;
          return s.controller.canStepBack
            ? { title: 'Step back (restore the checkpoint before the previous step)' }
            : { enabled: false, title: 'Step back needs a device that can snapshot its state (the mock phone)' };
        },
        run: run('step back', () => s.controller.stepBack()),
      }),
    ];
  }
}

function pendingOverlayCall(s: Attached): string {
  const o = s.drawn;
  return o?.kind === 'pending' ? o.call : '';
}
