// Live device discovery through the adb server (`host:track-devices`, via adbkit): emits
// every device that appears, changes state (device / offline / unauthorized) or goes away.
// If the adb server dies the tracker restarts it (`adb start-server`) and resubscribes.
import { EventEmitter } from 'node:events';
import type Client from '@devicefarmer/adbkit/dist/src/adb/client';
import type Tracker from '@devicefarmer/adbkit/dist/src/adb/tracker';
import { DeviceError } from '../errors';
import { listAdbDevices, type AdbState, type TrackedDevice } from './adb-client';
import { startAdbServer, type AdbServerAddress } from './server-socket';


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
  private poll: NodeJS.Timeout | undefined;

  /**
   * `pollMs`: adb 29 does not push state changes of TCP devices (a dropped connection, an
   * unanswered auth prompt) to trackers, so the device list is also polled and reconciled.
   */
  constructor(private readonly client: Client, private readonly server: AdbServerAddress, private readonly retryMs = 1000, private readonly pollMs = 2000) {
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
    if (this.pollMs > 0) {
      this.poll = setInterval(() => void this.reconcile(), this.pollMs);
      this.poll.unref?.();
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.poll);
    this.tracker?.end();
    this.tracker = undefined;
  }

  private set(serial: string, state: AdbState): void {
    const old = this.devices.get(serial);
    if (old === state || (state === 'gone' && old === undefined)) return;
    if (state === 'gone') this.devices.delete(serial);
    else this.devices.set(serial, state);
    this.emit('change', { serial, state }, old);
  }

  /** Brings the map in line with `host:devices` (only while the live subscription is up). */
  private async reconcile(): Promise<void> {
    if (this.stopped || !this.tracker) return;
    let listed: TrackedDevice[];
    try {
      listed = await listAdbDevices(this.server, 3000);
    } catch {
      return; // the subscription's own error handling restarts the server
    }
    if (this.stopped) return;
    const present = new Set(listed.map((d) => d.serial));
    for (const d of listed) this.set(d.serial, d.state);
    for (const serial of [...this.devices.keys()]) if (!present.has(serial)) this.set(serial, 'gone');
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
      (this.server.autoStart === false ? Promise.resolve() : startAdbServer(this.server))
        .then(() => this.subscribe())
        .catch((e: unknown) => {
          this.emit('error', e instanceof DeviceError ? e : new DeviceError('server', `adb server lost: ${String(err)}`));
          this.scheduleRetry(e);
        });
    }, this.retryMs);
    this.retry.unref?.();
  }
}

const shared = new Map<string, { tracker: AdbDeviceTracker; refs: number; started: Promise<void> }>();

/**
 * One tracker per adb server for every AdbDevice (a farm of 50 phones needs one tracking
 * connection, not 50). Call `release()` when done; the last release stops it.
 */
export async function acquireTracker(client: Client, server: AdbServerAddress): Promise<{ tracker: AdbDeviceTracker; release: () => void }> {
  const key = `${server.host}:${server.port}`;
  let entry = shared.get(key);
  if (!entry) {
    const tracker = new AdbDeviceTracker(client, server);
    tracker.setMaxListeners(0); // one listener per open device
    entry = { tracker, refs: 0, started: tracker.start() };
    shared.set(key, entry);
  }
  entry.refs++;
  const mine = entry;
  await mine.started;
  let released = false;
  return {
    tracker: mine.tracker,
    release: () => {
      if (released) return;
      released = true;
      if (--mine.refs === 0 && shared.get(key) === mine) {
        shared.delete(key);
        mine.tracker.stop();
      }
    },
  };
}
