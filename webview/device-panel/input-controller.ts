// The person's hands on the mirrored screen: pointer gestures (click → tap, hold → long press,
// drag → swipe with the drag's duration), wheel → scroll, keys and paste → typing. Every
// position is mapped to device pixels by geometry.ts; the host checks them again anyway.
import { TYPE_TEXT_LIMIT, type PanelKey } from '../../src/webview-protocol/device-panel';
import { clientToDevice, clientToDeviceClamped, devicePerClient, type DevicePoint, type Rect, type Size } from './geometry';
import { classifyGesture, WheelAccumulator, wheelToPixels, type Gesture, type PointerSample } from './gestures';

export interface InputSink {
  gesture(g: Gesture): void;
  scroll(at: DevicePoint, dx: number, dy: number): void;
  key(key: PanelKey): void;
  type(text: string): void;
  /** Inspector mode: pointer moved / clicked at a device point. */
  inspectHover(p: DevicePoint | undefined): void;
  inspectClick(p: DevicePoint): void;
  tooLong(length: number): void;
}

const KEYS: Record<string, PanelKey> = {
  Enter: 'enter', Backspace: 'delete', Tab: 'tab', Escape: 'escape',
  ArrowUp: 'dpad_up', ArrowDown: 'dpad_down', ArrowLeft: 'dpad_left', ArrowRight: 'dpad_right',
};

export class InputController {
  inspect = false;
  enabled = true;
  private down: PointerSample | undefined;
  private maxTravel = 0;
  private readonly wheel: WheelAccumulator;

  constructor(
    private readonly stage: HTMLElement,
    private readonly drawn: () => Rect,
    private readonly device: () => Size | undefined,
    private readonly sink: InputSink,
  ) {
    this.wheel = new WheelAccumulator((at, dx, dy) => sink.scroll(at, dx, dy));
    stage.tabIndex = 0;
    stage.addEventListener('pointerdown', (e) => this.onDown(e));
    stage.addEventListener('pointermove', (e) => this.onMove(e));
    stage.addEventListener('pointerup', (e) => this.onUp(e));
    stage.addEventListener('pointercancel', () => { this.down = undefined; });
    stage.addEventListener('pointerleave', () => { if (this.inspect) sink.inspectHover(undefined); });
    stage.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    stage.addEventListener('keydown', (e) => this.onKey(e));
    stage.addEventListener('paste', (e) => this.onPaste(e));
    stage.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  private sample(e: PointerEvent | WheelEvent): PointerSample | undefined {
    const dev = this.device();
    if (!dev) return undefined;
    const p = clientToDevice({ x: e.clientX, y: e.clientY }, this.drawn(), dev);
    // The event's own timestamp: a handler delayed by a busy main thread must not turn a
    // click into a long press.
    return p && { client: { x: e.clientX, y: e.clientY }, device: p, t: e.timeStamp };
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0 || !this.enabled) return;
    this.stage.focus();
    const s = this.sample(e);
    if (!s) return;
    e.preventDefault();
    if (this.inspect) {
      this.sink.inspectClick(s.device);
      return;
    }
    this.down = s;
    this.maxTravel = 0;
    this.stage.setPointerCapture(e.pointerId);
  }

  private onMove(e: PointerEvent): void {
    if (this.inspect) {
      this.sink.inspectHover(this.sample(e)?.device);
      return;
    }
    if (this.down) this.maxTravel = Math.max(this.maxTravel, Math.hypot(e.clientX - this.down.client.x, e.clientY - this.down.client.y));
  }

  private onUp(e: PointerEvent): void {
    const down = this.down;
    this.down = undefined;
    if (!down || this.inspect) return;
    const dev = this.device();
    if (!dev) return;
    // A drag may end off the screen: its end is clamped to the nearest edge.
    const up: PointerSample = { client: { x: e.clientX, y: e.clientY }, device: clientToDeviceClamped({ x: e.clientX, y: e.clientY }, this.drawn(), dev), t: e.timeStamp };
    this.sink.gesture(classifyGesture(down, up, this.maxTravel));
  }

  private onWheel(e: WheelEvent): void {
    if (!this.enabled || this.inspect) return;
    const s = this.sample(e);
    const dev = this.device();
    if (!s || !dev) return;
    e.preventDefault();
    const k = devicePerClient(this.drawn(), dev);
    const page = this.drawn().height;
    this.wheel.add(s.device, wheelToPixels(e.deltaX, e.deltaMode, page) * k, wheelToPixels(e.deltaY, e.deltaMode, page) * k);
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.enabled || e.isComposing) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return; // leave shortcuts (paste, VS Code's) alone
    const key = KEYS[e.key];
    if (key) {
      e.preventDefault();
      this.sink.key(key);
      return;
    }
    if (e.key.length === 1 || [...e.key].length === 1) {
      e.preventDefault();
      // Each letter goes at once (a batching timer here cost up to its own length per key and
      // capped fast typing at one change per period). The host merges letters that queue up
      // behind a slow device call into one (panel-session.ts), so a slow device still gets
      // fast typing as few calls.
      this.sink.type(e.key);
    }
  }

  private onPaste(e: ClipboardEvent): void {
    if (!this.enabled) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    e.preventDefault();
    if (!text) return;
    const n = [...text].length;
    if (n > TYPE_TEXT_LIMIT) {
      this.sink.tooLong(n);
      return;
    }
    this.sink.type(text);
  }
}
