// The devices the extension knows about — mock phones started in this window and ADB devices
// tracked through the adb server — with their online state. Devices that disconnect stay
// listed (offline) so a panel mirroring one can say so and offer to reconnect. A plain event
// source with no `vscode` import: the panel, the runner and tests share it.
import type { Device, DeviceKind } from '../../device/device';
import type { DeviceSummary } from '../../webview-protocol/device-panel';
import { Listeners } from '../../agent/emitter';

export interface DeviceEntry {
  id: string;
  label: string;
  kind: DeviceKind;
  online: boolean;
  device?: Device;
  /** Why it went offline. */
  reason?: string;
  /** Brings the device back (adb reconnect, restart the mock phone); resolves to the new handle. */
  reconnect?: () => Promise<Device>;
}

export type RegistryListener = () => void;

export class DeviceRegistry {
  private readonly entries = new Map<string, DeviceEntry>();
  private readonly unsubscribers = new Map<string, () => void>();
  private readonly listeners = new Listeners('device registry');

  /** Adds (or brings back online) a device. */
  add(device: Device, label: string, reconnect?: () => Promise<Device>): void {
    this.unsubscribers.get(device.id)?.();
    const entry: DeviceEntry = { id: device.id, label, kind: device.kind, online: true, device, reconnect: reconnect ?? this.entries.get(device.id)?.reconnect };
    this.entries.set(device.id, entry);
    this.unsubscribers.set(device.id, device.onEvent((e) => {
      if (e.type === 'disconnected') this.markOffline(device.id, e.reason);
    }));
    this.fire();
  }

  markOffline(id: string, reason: string): void {
    const e = this.entries.get(id);
    if (!e || !e.online) return;
    this.unsubscribers.get(id)?.();
    this.unsubscribers.delete(id);
    this.entries.set(id, { ...e, online: false, device: undefined, reason });
    this.fire();
  }

  remove(id: string): void {
    this.unsubscribers.get(id)?.();
    this.unsubscribers.delete(id);
    if (this.entries.delete(id)) this.fire();
  }

  get(id: string): DeviceEntry | undefined {
    return this.entries.get(id);
  }

  /** The live handle, or undefined when unknown or offline. */
  device(id: string): Device | undefined {
    return this.entries.get(id)?.device;
  }

  list(): DeviceEntry[] {
    return [...this.entries.values()];
  }

  summaries(): DeviceSummary[] {
    return this.list().map((e) => ({ id: e.id, label: e.label, kind: e.kind, online: e.online }));
  }

  async reconnect(id: string): Promise<Device> {
    const e = this.entries.get(id);
    if (!e) throw new Error(`no device '${id}' is known`);
    if (e.online && e.device) return e.device;
    if (!e.reconnect) throw new Error(`${e.label} cannot be reconnected from here`);
    const device = await e.reconnect();
    this.add(device, e.label, e.reconnect);
    return device;
  }

  onDidChange(listener: RegistryListener): () => void {
    return this.listeners.add(listener);
  }

  private fire(): void {
    this.listeners.fire();
  }

  dispose(): void {
    for (const u of this.unsubscribers.values()) u();
    this.unsubscribers.clear();
    this.listeners.clear();
  }
}
