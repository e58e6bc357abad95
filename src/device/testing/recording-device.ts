// The shared test-device kit: a scriptable `Device` that records every call, announces
// changes on demand and can be made slow or failing. The fakes of the other layers' tests
// extend it (task/testing/fake-device.ts: app databases and a shell; agent/testing/
// tiny-phone.ts: a one-app phone; mockphone/adb/testing/fake-phone.ts: the MockPhoneApi
// extras for the wire layer). Not a phone — tests that need real app behaviour use the mock
// phone (src/mockphone/).
import type {
  Device, DeviceEvent, DeviceInfo, DeviceListener, KeyName, OpenAppResult, Point, ScreenInfo, Screenshot,
  ScreenshotOptions, TypeResult,
} from '../device';
import { DeviceError } from '../errors';

export type RecordedCall = { op: string; args: unknown[] };

export class RecordingDevice implements Device {
  readonly kind = 'mock' as const;
  readonly calls: RecordedCall[] = [];
  screen: ScreenInfo = { width: 1080, height: 2400, density: 440 };
  uiXml = '<?xml version="1.0"?><hierarchy rotation="0"></hierarchy>';
  screenshotDelayMs = 0;
  failScreenshots = false;
  /** When set, every screenshot has these bytes (a screen that does not change). */
  fixedFrame: string | undefined;
  screenshots = 0;
  protected readonly listeners = new Set<DeviceListener>();
  protected closed = false;

  constructor(readonly id = 'mock:test', protected readonly model = 'Recording device') {}

  emit(event: DeviceEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  /** Notes a call (arguments as passed); a closed device throws like a real one that went away. */
  protected record(op: string, ...args: unknown[]): void {
    if (this.closed) throw new DeviceError('disconnected', `${this.id} is closed`, this.id);
    this.calls.push({ op, args });
  }

  async info(): Promise<DeviceInfo> {
    return { serial: this.id, model: this.model };
  }
  async screenInfo(): Promise<ScreenInfo> {
    return { ...this.screen };
  }
  async screenshot(options?: ScreenshotOptions): Promise<Screenshot> {
    if (this.screenshotDelayMs) await new Promise((r) => setTimeout(r, this.screenshotDelayMs));
    if (this.failScreenshots) throw new DeviceError('command-failed', 'screencap failed', this.id);
    this.screenshots++;
    const data = Buffer.from(this.fixedFrame ?? `frame-${this.screenshots}`);
    return { format: options?.format ?? 'png', data, width: this.screen.width, height: this.screen.height };
  }
  async uiTree(): Promise<string> {
    return this.uiXml;
  }
  async tap(p: Point): Promise<void> {
    this.record('tap', p);
  }
  async doubleTap(p: Point, intervalMs?: number): Promise<void> {
    this.record('doubleTap', p, intervalMs);
  }
  async longPress(p: Point, durationMs?: number): Promise<void> {
    this.record('longPress', p, durationMs);
  }
  async swipe(from: Point, to: Point, durationMs?: number): Promise<void> {
    this.record('swipe', from, to, durationMs);
  }
  async drag(from: Point, to: Point, durationMs?: number): Promise<void> {
    this.record('drag', from, to, durationMs);
  }
  async typeText(text: string): Promise<TypeResult> {
    this.record('typeText', text);
    return { method: 'mock', delivered: true };
  }
  async pressKey(key: KeyName): Promise<void> {
    this.record('pressKey', key);
  }
  async openApp(packageName: string): Promise<OpenAppResult> {
    this.record('openApp', packageName);
    return { ok: true };
  }
  async closeApp(packageName: string): Promise<void> {
    this.record('closeApp', packageName);
  }
  async foregroundApp(): Promise<string | undefined> {
    return undefined;
  }
  async wait(ms: number): Promise<void> {
    this.record('wait', ms);
  }
  onEvent(listener: DeviceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
  async close(): Promise<void> {
    this.closed = true;
    this.emit({ type: 'disconnected', reason: 'closed' });
  }
}
