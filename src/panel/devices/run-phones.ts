// The phones that Run, Record and Test Explorer start, one per run. A finished run's phone
// stays on screen so its final state can be looked at — until the next run starts: then the
// finished phones nobody kept are released (closed and taken off the picker), so their
// panels are free and the next run's phone opens in one of them instead of a new tab each
// time. A "Keep phone" toolbar item on a finished phone keeps it (and its tab) for good.
import type { Device } from '../../device/device';
import type { ToolbarRegistry } from '../extension-points';
import type { DeviceRegistry } from './registry';

export const KEEP_ITEM = 'run.keepPhone';

export class RunPhones {
  /** Finished, not kept: released when the next run starts. */
  private readonly finishedPhones = new Map<string, { device: Device; keepItem: { dispose(): void } }>();

  constructor(private readonly registry: DeviceRegistry, private readonly toolbar: ToolbarRegistry) {}

  /** A new run's phone: the finished ones nobody kept go first, then it is listed. */
  async start(device: Device, label: string): Promise<void> {
    await this.releaseFinished();
    this.registry.add(device, label);
  }

  /** The run on `device` ended: it stays until the next run, unless kept. */
  finished(device: Device): void {
    if (this.finishedPhones.has(device.id) || !this.registry.get(device.id)) return;
    const keepItem = this.toolbar.register({
      id: `${KEEP_ITEM}.${device.id}`, label: 'Keep phone', icon: 'pin', group: 'run', enabled: true, deviceId: device.id,
      title: 'Keep this finished run\'s phone (else the next run releases it and takes its tab)',
      run: () => this.keep(device.id),
    });
    this.finishedPhones.set(device.id, { device, keepItem });
  }

  keep(deviceId: string): void {
    const f = this.finishedPhones.get(deviceId);
    if (!f) return;
    f.keepItem.dispose();
    this.finishedPhones.delete(deviceId);
  }

  /** Finished phones waiting to be released (for tests and the status line). */
  get waiting(): string[] {
    return [...this.finishedPhones.keys()];
  }

  async releaseFinished(): Promise<void> {
    const all = [...this.finishedPhones.values()];
    this.finishedPhones.clear();
    for (const { device, keepItem } of all) {
      keepItem.dispose();
      this.registry.remove(device.id);
      await device.close().catch(() => undefined);
    }
  }

  async dispose(): Promise<void> {
    await this.releaseFinished();
  }
}
