// A scriptable `Device` for unit tests of the panel host: records every call, announces
// changes on demand and can be made slow or failing. Not a phone — tests that need real app
// behaviour use the mock phone (src/mockphone/).
import type {
  Device, DeviceEvent, DeviceInfo, DeviceListener, KeyName, OpenAppResult, Point, ScreenInfo, Screenshot,
  ScreenshotOptions, TypeResult,
} from '../../device/device';
import { DeviceError } from '../../device/errors';

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
  private listeners = new Set<DeviceListener>();
  private closed = false;

  constructor(readonly id = 'mock:test') {}

  emit(event: DeviceEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  private record(op: string, ...args: unknown[]): void {
    if (this.closed) throw new DeviceError('disconnected', `${this.id} is closed`, this.id);
    this.calls.push({ op, args });
  }

  async info(): Promise<DeviceInfo> {
    return { serial: this.id, model: 'Recording device' };
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
