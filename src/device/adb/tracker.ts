// Live device discovery through the adb server (`host:track-devices`, via adbkit): emits
// every device that appears, changes state (device / offline / unauthorized) or goes away.
// If the adb server dies the tracker restarts it (`adb start-server`) and resubscribes.
import { EventEmitter } from 'node:events';
import type Client from '@devicefarmer/adbkit/dist/src/adb/client';
import type Tracker from '@devicefarmer/adbkit/dist/src/adb/tracker';
import { DeviceError } from '../errors';
import { startAdbServer, type AdbServerAddress } from './server-socket';

/** adb's states; 'device' means ready. */
export type AdbState = 'device' | 'emulator' | 'offline' | 'unauthorized' | 'unknown' | 'gone';

export interface TrackedDevice {
  serial: string;
  state: AdbState;
}

export interface TrackerEvents {
  /** A device appeared, changed state, or went away (state 'gone'). */
  change: [TrackedDevice, AdbState | undefined];
  /** The adb server went away and could not be restarted (tracking keeps retrying). */
  error: [DeviceError];
}

export class AdbDeviceTracker extends EventEmitter<TrackerEvents> {
  private tracker: Tracker | undefined;
  private readonly devices = new Map<string, AdbState>();
  private stopped = true;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly client: Client, private readonly server: AdbServerAddress, private readonly retryMs = 1000) {
    super();
  }

  list(): TrackedDevice[] {
    return [...this.devices].map(([serial, state]) => ({ serial, state }));
  }

  state(serial: string): AdbState {
    return this.devices.get(serial) ?? 'gone';
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.subscribe();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.tracker?.end();
    this.tracker = undefined;
  }

  private set(serial: string, state: AdbState): void {
    const old = this.devices.get(serial);
    if (old === state) return;
    if (state === 'gone') this.devices.delete(serial);
    else this.devices.set(serial, state);
    this.emit('change', { serial, state }, old);
  }

  private async subscribe(): Promise<void> {
    let tracker: Tracker;
    try {
      tracker = await this.client.trackDevices();
    } catch (err) {
      this.scheduleRetry(err);
      return;
    }
    if (this.stopped) { tracker.end(); return; }
    this.tracker = tracker;
    tracker.on('add', (d) => this.set(d.id, d.type as AdbState));
    tracker.on('change', (d) => this.set(d.id, d.type as AdbState));
    tracker.on('remove', (d) => this.set(d.id, 'gone'));
    const lost = (err?: unknown): void => {
      if (this.tracker !== tracker) return;
      this.tracker = undefined;
      // The server is gone, so are its devices.
      for (const serial of [...this.devices.keys()]) this.set(serial, 'gone');
      this.scheduleRetry(err ?? new Error('adb server closed the tracking connection'));
    };
    tracker.on('end', () => lost());
    tracker.on('error', (err) => lost(err));
  }

  private scheduleRetry(err: unknown): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      startAdbServer(this.server)
        .then(() => this.subscribe())
        .catch((e: unknown) => {
          this.emit('error', e instanceof DeviceError ? e : new DeviceError('server', `adb server lost: ${String(err)}`));
          this.scheduleRetry(e);
        });
    }, this.retryMs);
    this.retry.unref?.();
  }
}
