// The Record toggle in every panel's toolbar: on starts a recorded demonstration on the
// panel's device (demonstration.ts), off finishes it. While a demonstration runs on a device —
// started here or by the Record CodeLens — that device's panels show a red dot, "REC" and the
// step count, and a click finishes it; other devices' panels show a plain Record button. Where
// the goal and the folder come from is the caller's business (the extension asks with an input
// box and reads phonebuddy.recording.directory; tests pass them in).
import { Demonstration, type DemonstrationResult } from './demonstration';
import type { PanelHub } from './panel-hub';

export const RECORD_ITEM_ID = 'recorder.toggle';

export interface RecordToggleOptions {
  /** Where episode folders go; undefined: say why not with `problem`. */
  root(): string | undefined;
  /** The demonstration's goal; undefined cancels. */
  askGoal(deviceId: string): Promise<string | undefined>;
  problem(message: string): void;
  started?(deviceId: string, demo: Demonstration): void;
  finished?(deviceId: string, result: DemonstrationResult): void;
  onError?(error: Error, folder: string | undefined): void;
}

export interface RecordToggle {
  /** The demonstration being recorded on a device, if any. */
  active(deviceId: string): Demonstration | undefined;
  /**
   * Turn recording on or off on a device, as a click on the toggle does (`goal` skips the
   * question). Resolves with the result when it turned recording off.
   */
  toggle(deviceId: string | undefined, goal?: string): Promise<DemonstrationResult | undefined>;
  dispose(): void;
}

export function registerRecordToggle(hub: PanelHub, o: RecordToggleOptions): RecordToggle {
  /** The demonstrations this toggle started: only those report through `finished`. */
  const mine = new WeakSet<Demonstration>();
  const toggle = async (deviceId: string | undefined, preset?: string): Promise<DemonstrationResult | undefined> => {
    if (!deviceId) {
      o.problem('Pick a device to record on.');
      return undefined;
    }
    const running = hub.demonstrations.get(deviceId);
    if (running) {
      const result = await running.stop();
      if (mine.has(running)) o.finished?.(deviceId, result);
      return result;
    }
    const root = o.root();
    if (!root) return undefined;
    const goal = preset ?? await o.askGoal(deviceId);
    if (!goal) return undefined;
    if (hub.demonstrations.get(deviceId)) return undefined; // a second click while the goal was asked
    if (hub.pauses.hasEpisode(deviceId)) {
      o.problem('An episode is already running on this device: record when it ends.');
      return undefined;
    }
    const demo = Demonstration.start({ hub, deviceId, goal, root, onError: o.onError });
    mine.add(demo);
    o.started?.(deviceId, demo);
    return undefined;
  };
  // REC and the step count follow every demonstration, whoever started it.
  const offChanges = hub.demonstrations.onDidChange(() => hub.toolbar.refresh());
  const item = hub.toolbar.register({
    id: RECORD_ITEM_ID, label: 'Record', icon: 'record', group: 'record', enabled: true,
    title: 'Record a demonstration: your actions on this screen become a trajectory',
    view: (deviceId) => {
      if (!deviceId) return { enabled: false };
      const demo = hub.demonstrations.get(deviceId);
      if (!demo) {
        if (!hub.registry.device(deviceId)) return { enabled: false, title: 'The device is not connected' };
        // One episode per device: a debug session or an agent run would fight the demonstration.
        if (hub.pauses.hasEpisode(deviceId)) return { enabled: false, title: 'An episode is running on this device: record when it ends' };
        return {};
      }
      const n = demo.steps;
      return { label: 'REC', checked: true, badge: `${n} step${n === 1 ? '' : 's'}`, title: `Recording to ${demo.folder ?? '…'} — click to stop and save` };
    },
    run: async (deviceId) => { await toggle(deviceId); },
  });
  return {
    active: (deviceId) => hub.demonstrations.get(deviceId),
    toggle,
    dispose: () => {
      offChanges();
      item.dispose();
      // Demonstrations this toggle started end with it; the CodeLens ends its own.
      for (const d of hub.demonstrations.all()) if (mine.has(d)) void d.abort('the panel was closed');
    },
  };
}
