// Drive by hand: connects the panel to the agent loop's `human` policy. While an episode whose
// policy is a HumanPolicy runs on a device, the panel's gestures are converted to the
// model's action vocabulary (points in 0–1000 for the observed screen) and queued on the
// policy; the loop then executes them on the device like any model action, so the episode,
// recorder and verifiers see a human exactly as they see a model. In a demonstration the
// person may type a thought note for the step; it goes with the gesture as the step's thought.
// While the episode runs, every gesture goes to the policy, in order — also one made while the
// loop is still carrying out the previous step (it waits in the policy's queue) — so nothing
// the person does reaches the phone unrecorded. Typed letters are composed into one `type`
// action per burst (typing-composer.ts).
import type { EpisodeEvent } from '../agent/events';
import type { HumanPolicy } from '../agent/policies/human';
import { actionToCall, type Action } from '../protocol/action';
import { toNormalized, type ScreenSize } from '../protocol/coords';
import type { HumanTurn, HumanTurnBridge } from './extension-points';
import type { PanelGesture } from './input';
import { TypingComposer } from './typing-composer';
import { Listeners } from '../agent/emitter';

interface Attached {
  policy: HumanPolicy;
  goal: string;
  step?: number;
  screen?: ScreenSize;
  awaiting: boolean;
  notes: boolean;
  /** The note typed for the waiting turn (cleared when the next step is observed). */
  note: string;
  budget?: number;
  composer: TypingComposer;
}

export interface AttachOptions {
  /** Offer a thought note per step (demonstrations): it becomes the step's thought. */
  notes?: boolean;
  /** The task's step budget: panels warn once the episode runs past it. */
  budget?: number;
  /** How long a pause in typing ends the `type` step (default TYPING_IDLE_MS). */
  typingIdleMs?: number;
}

export interface EpisodeEventSource {
  onAny(listener: (e: EpisodeEvent) => void): () => void;
}

export class HumanPolicyBridge implements HumanTurnBridge {
  private readonly byDevice = new Map<string, Attached>();
  private readonly listeners = new Listeners<[deviceId: string]>('human turn');

  /** Call when an episode driven by `policy` starts on `deviceId`; returns the detach function. */
  attach(deviceId: string, policy: HumanPolicy, events: EpisodeEventSource, options: AttachOptions = {}): () => void {
    const composer = new TypingComposer({
      idleMs: options.typingIdleMs,
      commit: (text) => this.push(state, { type: 'type', text }),
      changed: () => this.fire(deviceId),
    });
    const state: Attached = { policy, goal: '', awaiting: false, notes: options.notes === true, note: '', budget: options.budget, composer };
    this.byDevice.set(deviceId, state);
    const off = events.onAny((e) => {
      if (e.type === 'episode-started') state.goal = e.goal;
      else if (e.type === 'observed') {
        state.step = e.step;
        state.screen = e.observation.screen;
        state.awaiting = true;
        state.note = '';
      } else if (e.type === 'decided') state.awaiting = false;
      else if (e.type === 'finished') detach();
      this.fire(deviceId);
    });
    const detach = () => {
      off();
      composer.dispose();
      if (this.byDevice.get(deviceId) === state) this.byDevice.delete(deviceId);
      this.fire(deviceId);
    };
    return detach;
  }

  pending(deviceId: string): HumanTurn | undefined {
    const s = this.byDevice.get(deviceId);
    if (!s?.awaiting) return undefined;
    const composing = s.composer.composing;
    return {
      goal: s.goal, step: s.step, ...(s.notes ? { notes: true } : {}),
      ...(composing ? { composing } : {}),
      ...(s.budget !== undefined ? { budget: s.budget } : {}),
    };
  }

  /** Whether a person drives an episode on the device: its input goes to the policy. */
  driving(deviceId: string): boolean {
    return this.byDevice.has(deviceId);
  }

  /** Ends the open typing burst on the device now (Finish, before its finish step). */
  flushTyping(deviceId: string): void {
    this.byDevice.get(deviceId)?.composer.flush();
  }

  setNote(deviceId: string, step: number, note: string): void {
    const s = this.byDevice.get(deviceId);
    if (s?.awaiting && s.notes && s.step === step) s.note = note;
  }

  submit(deviceId: string, gesture: PanelGesture): { ok: true } | { ok: false; reason: string } {
    const s = this.byDevice.get(deviceId);
    if (!s) return { ok: false, reason: 'the agent is not waiting for a human action' };
    if (gesture.kind === 'type') {
      s.composer.add(gesture.text);
      return { ok: true };
    }
    if (gesture.kind === 'key' && gesture.key === 'delete' && s.composer.backspace()) return { ok: true };
    if (!s.screen) return { ok: false, reason: 'the agent has not looked at the screen yet: wait for your turn' };
    const action = gestureToAction(gesture, s.screen);
    if (typeof action === 'string') return { ok: false, reason: action };
    // The letters before it were typed first: they go first.
    s.composer.flush();
    this.push(s, action);
    return { ok: true };
  }

  /**
   * One action to the policy. A gesture made while the loop still carries out the previous
   * step waits in the policy's queue (in order); its thought is the note of the turn it was
   * made in.
   */
  private push(s: Attached, action: Action): void {
    // The note is what the person was thinking: the step's thought, as a model's would be.
    const thought = s.awaiting ? s.note.trim() : '';
    s.awaiting = false;
    s.policy.push(thought ? { call: actionToCall(action), thought } : action);
    for (const [id, v] of this.byDevice) if (v === s) this.fire(id);
  }

  onDidChange(listener: (deviceId: string) => void): () => void {
    return this.listeners.add(listener);
  }

  private fire(deviceId: string): void {
    this.listeners.fire(deviceId);
  }
}

/** A panel gesture as the model would have written it, or why the model's tools cannot say it. */
export function gestureToAction(g: PanelGesture, screen: ScreenSize): Action | string {
  const n = (p: { x: number; y: number }) => toNormalized(p, screen);
  switch (g.kind) {
    case 'tap': return { type: 'click', point: n(g.at) };
    case 'longPress': return { type: 'long_press', point: n(g.at), durationMs: g.durationMs };
    case 'swipe': return { type: 'scroll', from: n(g.from), to: n(g.to), durationMs: g.durationMs, tool: 'scroll' };
    case 'type': return { type: 'type', text: g.text };
    case 'key':
      if (g.key === 'back' || g.key === 'home' || g.key === 'enter') return { type: 'button_press', button: g.key };
      return `the agent's tools have no '${g.key}' key (only back, home and enter)`;
  }
}
