// What later features plug into the panel: toolbar items (debugger step controls, the
// recorder's record button) and the agent loop's `human` policy. Kept apart from the panel
// session so a feature depends on these small interfaces, not on the panel's internals.
import type { ToolbarItem } from '../webview-protocol/device-panel';
import type { PanelGesture } from './input';
import { Listeners } from '../agent/emitter';

export interface ToolbarContribution extends ToolbarItem {
  /**
   * Show the item only on panels mirroring this device (a debugger's step buttons belong to
   * the device its episode runs on). Unset: every panel.
   */
  deviceId?: string;
  /** Per-device look (label, checked, badge…) of an item shown on every panel; undefined hides it there. */
  view?(deviceId: string | undefined): Partial<Omit<ToolbarItem, 'id'>> | undefined;
  /** Called with the device the clicking panel mirrors (undefined when none). */
  run(deviceId: string | undefined): void | Promise<void>;
}

/** Registrable toolbar items; panels re-render the toolbar when it changes. */
export class ToolbarRegistry {
  private readonly items = new Map<string, ToolbarContribution>();
  private readonly listeners = new Listeners('toolbar');

  register(item: ToolbarContribution): { dispose(): void } {
    if (this.items.has(item.id)) throw new Error(`toolbar item '${item.id}' is already registered`);
    this.items.set(item.id, item);
    this.fire();
    return { dispose: () => { if (this.items.get(item.id) === item && this.items.delete(item.id)) this.fire(); } };
  }

  /** Change label/enabled/checked of a registered item (e.g. the record button while recording). */
  update(id: string, patch: Partial<Omit<ToolbarItem, 'id'>>): void {
    const item = this.items.get(id);
    if (!item) return;
    Object.assign(item, patch);
    this.fire();
  }

  /** Re-render the toolbars (an item's `view` changed). */
  refresh(): void {
    this.fire();
  }

  /** The items a panel mirroring `deviceId` shows, as the webview draws them. */
  list(deviceId?: string): ToolbarItem[] {
    const out: ToolbarItem[] = [];
    for (const id of this.items.keys()) {
      const item = this.get(id, deviceId);
      if (!item) continue;
      const { label, icon, iconOnly, title, group, enabled, checked, badge } = item;
      out.push(dropUndefined({ id, label, icon, iconOnly, title, group, enabled, checked, badge }));
    }
    return out;
  }

  /** The item as a panel on `deviceId` sees it, or undefined when it is not shown there. */
  get(id: string, deviceId?: string): ToolbarContribution | undefined {
    const item = this.items.get(id);
    if (!item) return undefined;
    if (item.deviceId !== undefined && item.deviceId !== deviceId) return undefined;
    if (!item.view) return item;
    const look = item.view(deviceId);
    return look ? { ...item, ...look } : undefined;
  }

  onDidChange(l: () => void): () => void {
    return this.listeners.add(l);
  }

  private fire(): void {
    this.listeners.fire();
  }
}

function dropUndefined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] === undefined) delete o[k];
  return o;
}

/** A pending turn of the agent loop's `human` policy on one device. */
export interface HumanTurn {
  goal?: string;
  step?: number;
  /** The turn takes a thought note (a recorded demonstration). */
  notes?: boolean;
  /** Letters typed in this turn that have not gone to the phone yet (one `type` action when done). */
  composing?: string;
  /** The task's step budget, when there is one: a step past it is shown as such. */
  budget?: number;
}

/**
 * The bridge between the panel and the agent loop's `human` policy: while a turn is pending
 * on a device, the panel's input becomes the policy's action instead of going to the device.
 */
export interface HumanTurnBridge {
  pending(deviceId: string): HumanTurn | undefined;
  /** Whether a person drives an episode on the device (its input goes to the policy). */
  driving(deviceId: string): boolean;
  /** Hands the gesture to the policy (queued while the loop is busy), or says why it cannot be an agent action. */
  submit(deviceId: string, gesture: PanelGesture): { ok: true } | { ok: false; reason: string };
  /** The person's note for the turn at `step`; ignored unless that turn is the one waiting. */
  setNote(deviceId: string, step: number, note: string): void;
  onDidChange(listener: (deviceId: string) => void): () => void;
}
