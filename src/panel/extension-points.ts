// What later features plug into the panel: toolbar items (debugger step controls, the
// recorder's record button) and the agent loop's `human` policy. Kept apart from the panel
// session so a feature depends on these small interfaces, not on the panel's internals.
import type { ToolbarItem } from '../webview-protocol/device-panel';
import type { PanelGesture } from './input';

export interface ToolbarContribution extends ToolbarItem {
  /** Called with the device the clicking panel mirrors (undefined when none). */
  run(deviceId: string | undefined): void | Promise<void>;
}

/** Registrable toolbar items; panels re-render the toolbar when it changes. */
export class ToolbarRegistry {
  private readonly items = new Map<string, ToolbarContribution>();
  private readonly listeners = new Set<() => void>();

  register(item: ToolbarContribution): { dispose(): void } {
    if (this.items.has(item.id)) throw new Error(`toolbar item '${item.id}' is already registered`);
    this.items.set(item.id, item);
    this.fire();
    return { dispose: () => { if (this.items.delete(item.id)) this.fire(); } };
  }

  /** Change label/enabled/checked of a registered item (e.g. the record button while recording). */
  update(id: string, patch: Partial<Omit<ToolbarItem, 'id'>>): void {
    const item = this.items.get(id);
    if (!item) return;
    this.items.set(id, { ...item, ...patch });
    this.fire();
  }

  list(): ToolbarItem[] {
    return [...this.items.values()].map(({ id, label, icon, group, enabled, checked }) => ({ id, label, icon, group, enabled, checked }));
  }

  get(id: string): ToolbarContribution | undefined {
    return this.items.get(id);
  }

  onDidChange(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private fire(): void {
    for (const l of [...this.listeners]) l();
  }
}

/** A pending turn of the agent loop's `human` policy on one device. */
export interface HumanTurn {
  goal?: string;
  step?: number;
}

/**
 * The bridge between the panel and the agent loop's `human` policy: while a turn is pending
 * on a device, the panel's input becomes the policy's action instead of going to the device.
 */
export interface HumanTurnBridge {
  pending(deviceId: string): HumanTurn | undefined;
  /** Hands the gesture to the waiting policy, or says why it cannot be an agent action. */
  submit(deviceId: string, gesture: PanelGesture): { ok: true } | { ok: false; reason: string };
  onDidChange(listener: (deviceId: string) => void): () => void;
}
