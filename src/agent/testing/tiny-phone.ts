// A tiny in-process Device for the loop's own tests: one "notes" app with a text field and
// three buttons, a home screen with a launcher icon, real JPEG screenshots (solid colour per
// screen, via sharp) and a uiautomator XML tree. It can be told to disconnect after N calls
// or to fail open_app, so the loop's error paths are exercised against a real Device.
// Built on the shared test device (src/device/testing/), which brings events and identity.
import sharp from 'sharp';
import type { DeviceInfo, KeyName, OpenAppResult, Point, ScreenInfo, Screenshot, ScreenshotOptions, TypeResult } from '../../device/device';
import { DeviceError } from '../../device/errors';
import { RecordingDevice } from '../../device/testing/recording-device';

export const NOTES_PKG = 'com.example.notes';
const W = 400;
const H = 800;

interface Button { id: string; text: string; bounds: [number, number, number, number] }
const HOME_ICON: Button = { id: 'com.android.launcher:id/notes', text: 'Notes', bounds: [20, 600, 120, 700] };
const FIELD: Button = { id: `${NOTES_PKG}:id/field`, text: '', bounds: [20, 100, 380, 180] };
const BUTTONS: Button[] = [
  { id: `${NOTES_PKG}:id/save`, text: 'Save', bounds: [20, 300, 190, 380] },
  { id: `${NOTES_PKG}:id/clear`, text: 'Clear', bounds: [210, 300, 380, 380] },
  { id: `${NOTES_PKG}:id/list`, text: 'Item', bounds: [0, 400, 400, 800] },
];

export interface TinyPhoneOptions {
  /** Throw a disconnected DeviceError (and emit the event) on the Nth device call. */
  disconnectAfterCalls?: number;
}

const imageCache = new Map<string, Promise<Buffer>>();
function solidImage(colour: string, format: 'png' | 'jpeg'): Promise<Buffer> {
  const key = `${colour}/${format}`;
  let p = imageCache.get(key);
  if (!p) {
    const img = sharp({ create: { width: W, height: H, channels: 3, background: colour } });
    p = (format === 'png' ? img.png() : img.jpeg({ quality: 90 })).toBuffer();
    imageCache.set(key, p);
  }
  return p;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export class TinyPhone extends RecordingDevice {
  foreground: string | undefined;
  fieldText = '';
  focused = false;
  saved: string[] = [];
  scrolls = 0;
  clock = 0;
  readonly log: string[] = [];
  private callCount = 0;

  constructor(private readonly options: TinyPhoneOptions = {}) {
    super('tiny:1', 'Tiny');
  }

  private touch(what: string): void {
    this.callCount++;
    this.log.push(what);
    if (this.options.disconnectAfterCalls !== undefined && this.callCount > this.options.disconnectAfterCalls) {
      this.emit({ type: 'disconnected', reason: 'cable pulled' });
      throw new DeviceError('disconnected', 'device went away', this.id);
    }
  }

  override async info(): Promise<DeviceInfo> { return { serial: 'tiny-1', model: this.model }; }
  override async screenInfo(): Promise<ScreenInfo> { this.touch('screenInfo'); return { width: W, height: H, density: 160 }; }
  override async screenshot(o?: ScreenshotOptions): Promise<Screenshot> {
    this.touch('screenshot');
    const format = o?.format ?? 'png';
    return { format, data: await solidImage(this.foreground ? '#ffffff' : '#203040', format), width: W, height: H };
  }

  override async uiTree(): Promise<string> {
    this.touch('uiTree');
    const node = (b: Button, pkg: string, extra = ''): string =>
      `<node index="0" text="${esc(b.text)}" resource-id="${b.id}" class="android.widget.Button" package="${pkg}" content-desc="" clickable="true"${extra} bounds="[${b.bounds[0]},${b.bounds[1]}][${b.bounds[2]},${b.bounds[3]}]" />`;
    const inner = this.foreground === NOTES_PKG
      ? [node({ ...FIELD, text: this.fieldText }, NOTES_PKG, ` focused="${this.focused}"`).replace('android.widget.Button', 'android.widget.EditText'), ...BUTTONS.map((b) => node(b, NOTES_PKG))].join('')
      : node(HOME_ICON, 'com.android.launcher');
    return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="${this.foreground ?? 'com.android.launcher'}" content-desc="" bounds="[0,0][${W},${H}]">${inner}</node></hierarchy>`;
  }

  private hit(p: Point, b: Button): boolean {
    return p.x >= b.bounds[0] && p.x < b.bounds[2] && p.y >= b.bounds[1] && p.y < b.bounds[3];
  }

  override async tap(p: Point): Promise<void> {
    this.touch(`tap ${p.x},${p.y}`);
    if (!this.foreground) {
      if (this.hit(p, HOME_ICON)) this.foreground = NOTES_PKG;
      return;
    }
    this.focused = this.hit(p, FIELD);
    if (this.hit(p, BUTTONS[0])) { this.saved.push(this.fieldText); this.fieldText = ''; }
    if (this.hit(p, BUTTONS[1])) this.fieldText = '';
  }

  override async doubleTap(p: Point): Promise<void> { await this.tap(p); await this.tap(p); }
  override async longPress(p: Point, d?: number): Promise<void> { this.touch(`longPress ${p.x},${p.y} ${d ?? ''}`); }
  override async swipe(a: Point, b: Point, d?: number): Promise<void> { this.touch(`swipe ${a.x},${a.y}->${b.x},${b.y} ${d}`); this.scrolls++; }
  override async drag(a: Point, b: Point, d?: number): Promise<void> { this.touch(`drag ${a.x},${a.y}->${b.x},${b.y} ${d}`); }
  override async typeText(text: string): Promise<TypeResult> {
    this.touch(`type ${text}`);
    if (!this.focused) return { method: 'mock', delivered: false };
    this.fieldText += text;
    return { method: 'mock', delivered: true };
  }

  override async pressKey(key: KeyName): Promise<void> {
    this.touch(`key ${key}`);
    if (key === 'home' || key === 'back') { this.foreground = undefined; this.focused = false; }
  }

  override async openApp(pkg: string): Promise<OpenAppResult> {
    this.touch(`open ${pkg}`);
    if (pkg !== NOTES_PKG) return { ok: false, message: `No activities found to run, monkey aborted. (${pkg})` };
    this.foreground = NOTES_PKG;
    return { ok: true };
  }

  override async closeApp(pkg: string): Promise<void> { this.touch(`close ${pkg}`); if (this.foreground === pkg) this.foreground = undefined; }
  override async foregroundApp(): Promise<string | undefined> { this.touch('foreground'); return this.foreground; }
  override async wait(ms: number): Promise<void> { this.touch(`wait ${ms}`); this.clock += ms; }
  /** Unlike the base, closing announces nothing: the loop's tests count the events they cause. */
  override async close(): Promise<void> { this.listeners.clear(); }
}
