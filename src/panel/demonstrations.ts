// The demonstrations being recorded, one per device, whoever started them (the Record toggle,
// the Record CodeLens): the toggle reads this to show REC and the step count on that device's
// panels, and a click on it finishes whichever demonstration runs there. A demonstration adds
// itself when it starts and is dropped when its result settles.
import { Listeners } from '../agent/emitter';
/** What the list needs of a demonstration (demonstration.ts's Demonstration). */
export interface Tracked {
  onDidChange(listener: () => void): () => void;
  readonly result: Promise<unknown>;
}

export class RunningDemonstrations<Demonstration extends Tracked = Tracked> {
  private readonly byDevice = new Map<string, Demonstration>();
  private readonly listeners = new Listeners('demonstrations');

  get(deviceId: string): Demonstration | undefined {
    return this.byDevice.get(deviceId);
  }

  all(): Demonstration[] {
    return [...this.byDevice.values()];
  }

  /** Throws if a demonstration is being recorded on `deviceId` (one per device). */
  assertFree(deviceId: string): void {
    if (this.byDevice.has(deviceId)) throw new Error(`a demonstration is already being recorded on '${deviceId}'`);
  }

  /** Registers `demo` on `deviceId` until its result settles; its step changes are announced too. */
  add(deviceId: string, demo: Demonstration): void {
    this.assertFree(deviceId);
    this.byDevice.set(deviceId, demo);
    const off = demo.onDidChange(() => this.fire());
    void demo.result.catch(() => undefined).finally(() => {
      off();
      if (this.byDevice.get(deviceId) === demo) this.byDevice.delete(deviceId);
      this.fire();
    });
    this.fire();
  }

  onDidChange(l: () => void): () => void {
    return this.listeners.add(l);
  }

  private fire(): void {
    this.listeners.fire();
  }
}
