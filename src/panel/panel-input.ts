// Where a panel's input goes once it is valid for the device's screen: the pending action of a
// paused episode, the policy's queue when a person drives the episode, else the device —
// one after another in the order the person made them, also when the screen size had to be
// asked for first. Letters that arrive while typing waits behind a running input join it.
import type { Device } from '../device/device';
import { TYPE_TEXT_LIMIT } from '../webview-protocol/device-panel';
import type { HumanTurnBridge } from './extension-points';
import type { PausedEpisodeBridge } from './pause-bridge';
import { applyGesture, checkInput, type InputMessage, type PanelGesture } from './input';

export type InputOutcome = { ok: true; notice?: string } | { ok: false; reason: string };

/** What the router needs from its panel. */
export interface InputHost {
  humanTurns?: HumanTurnBridge;
  pauses?: Pick<PausedEpisodeBridge, 'isPaused' | 'submit'>;
  log(level: 'info' | 'warn' | 'error', message: string): void;
  /** The screen size the panel knows from its frames, if any. */
  knownScreen(): { width: number; height: number } | undefined;
  /** A gesture reached the device (the stream shows its result; the UI tree is stale). */
  applied(device: Device, inputSeq: number): void;
}

export class InputRouter {
  private chain: Promise<unknown> = Promise.resolve();
  /** Orders inputs from their arrival to their place in `chain` or the policy's queue. */
  private arrival: Promise<unknown> = Promise.resolve();
  /**
   * The last input queued behind a running one, if it is typing that has not started: letters
   * that arrive meanwhile join it, so a burst of keys waiting on a slow device call (ADB's
   * `input text`) goes as one call, and a fast device (the mock phone) gets each key at once.
   */
  private queuedType: { device: Device; gesture: { kind: 'type'; text: string }; inputSeq: number; run?: Promise<void> } | undefined;

  constructor(private readonly host: InputHost) {}

  async route(device: Device, msg: InputMessage): Promise<InputOutcome> {
    // Everything after the await is synchronous until the input has its place (device chain,
    // pause, policy queue): each input waits for the one before it to have its screen.
    const known = this.host.knownScreen();
    const screenReady = this.arrival.then(() => known ?? device.screenInfo());
    this.arrival = screenReady.catch(() => undefined);
    const screen = await screenReady;
    const checked = checkInput(msg, { ...screen, density: 0 });
    if (!checked.ok) return checked;
    const gesture = checked.gesture;
    // A paused episode on this device: the input is the new pending action, not a device call.
    const pauses = this.host.pauses;
    if (pauses?.isPaused(device.id)) {
      const r = pauses.submit(device.id, gesture);
      return r.ok ? { ok: true, notice: `Pending action replaced: ${r.call}. Continue or step to run it.` } : r;
    }
    const human = this.host.humanTurns;
    if (human?.driving(device.id)) return human.submit(device.id, gesture);
    const queued = this.queuedType;
    if (gesture.kind === 'type' && queued?.run && queued.device === device
      && [...queued.gesture.text].length + [...gesture.text].length <= TYPE_TEXT_LIMIT) {
      queued.gesture.text += gesture.text;
      queued.inputSeq = Math.max(queued.inputSeq, msg.inputSeq);
      // A failure is reported once, by the message that queued the typing.
      await queued.run.catch(() => undefined);
      return { ok: true };
    }
    // Inputs run one after another, in the order the person made them.
    const entry = gesture.kind === 'type' ? { device, gesture: { kind: 'type' as const, text: gesture.text }, inputSeq: msg.inputSeq } : undefined;
    const run = this.chain.then(() => {
      if (!entry) return this.run(device, gesture, msg.inputSeq);
      if (this.queuedType === entry) this.queuedType = undefined; // started: nothing joins it now
      return this.run(device, entry.gesture, entry.inputSeq);
    });
    this.queuedType = entry && Object.assign(entry, { run });
    this.chain = run.catch(() => undefined);
    await run;
    return { ok: true };
  }

  private async run(device: Device, gesture: PanelGesture, inputSeq: number): Promise<void> {
    this.host.log('info', `device panel: #${inputSeq} ${describeGesture(gesture)} on ${device.id}`);
    await applyGesture(device, gesture);
    this.host.applied(device, inputSeq);
  }
}

function describeGesture(g: PanelGesture): string {
  switch (g.kind) {
    case 'tap': return `tap (${g.at.x}, ${g.at.y})`;
    case 'longPress': return `long press (${g.at.x}, ${g.at.y}) ${g.durationMs} ms`;
    case 'swipe': return `swipe (${g.from.x}, ${g.from.y}) → (${g.to.x}, ${g.to.y}) ${g.durationMs} ms`;
    case 'key': return `key ${g.key}`;
    case 'type': return `type ${g.text.length} characters`;
  }
}
