// Turns a validated input message from the webview into a device gesture — after checking it
// against the device's real screen. The webview is not trusted: its coordinates must lie on
// the screen, its text must be short and printable. The result is a `PanelGesture`, which
// either goes to the device (`applyGesture`) or, while the agent's `human` policy waits, to
// the agent loop as the human's action.
import type { Device, KeyName, Point, ScreenInfo } from '../device/device';
import { TYPE_TEXT_LIMIT, type PanelMessageOf } from '../webview-protocol/device-panel';

export type PanelGesture =
  | { kind: 'tap'; at: Point }
  | { kind: 'longPress'; at: Point; durationMs: number }
  | { kind: 'swipe'; from: Point; to: Point; durationMs: number }
  | { kind: 'key'; key: KeyName }
  | { kind: 'type'; text: string };

export type InputMessage = PanelMessageOf<'tap' | 'longPress' | 'swipe' | 'scroll' | 'key' | 'type'>;

export type Checked = { ok: true; gesture: PanelGesture } | { ok: false; reason: string };

const INPUT_TYPES = new Set(['tap', 'longPress', 'swipe', 'scroll', 'key', 'type']);
export const isInputMessage = (m: { type: string }): m is InputMessage => INPUT_TYPES.has(m.type);

/** Control characters other than tab and newline have no business in typed text. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

export function checkInput(msg: InputMessage, screen: ScreenInfo): Checked {
  const onScreen = (p: Point, what: string): string | undefined =>
    p.x >= 0 && p.y >= 0 && p.x < screen.width && p.y < screen.height
      ? undefined
      : `${what} (${p.x}, ${p.y}) is outside the ${screen.width}×${screen.height} screen`;
  const px = (p: Point): Point => ({ x: Math.floor(p.x), y: Math.floor(p.y) });
  switch (msg.type) {
    case 'tap': {
      const bad = onScreen(msg, 'tap');
      return bad ? { ok: false, reason: bad } : { ok: true, gesture: { kind: 'tap', at: px(msg) } };
    }
    case 'longPress': {
      const bad = onScreen(msg, 'long press');
      return bad ? { ok: false, reason: bad } : { ok: true, gesture: { kind: 'longPress', at: px(msg), durationMs: Math.round(msg.durationMs) } };
    }
    case 'swipe': {
      const bad = onScreen(msg.from, 'swipe start') ?? onScreen(msg.to, 'swipe end');
      return bad ? { ok: false, reason: bad } : { ok: true, gesture: { kind: 'swipe', from: px(msg.from), to: px(msg.to), durationMs: Math.round(msg.durationMs) } };
    }
    case 'scroll': {
      const bad = onScreen(msg, 'scroll');
      if (bad) return { ok: false, reason: bad };
      return { ok: true, gesture: scrollToSwipe(px(msg), msg.dx, msg.dy, screen) };
    }
    case 'key':
      return { ok: true, gesture: { kind: 'key', key: msg.key } };
    case 'type': {
      const n = [...msg.text].length;
      if (n === 0) return { ok: false, reason: 'nothing to type' };
      if (n > TYPE_TEXT_LIMIT) {
        return { ok: false, reason: `pasted text is ${n.toLocaleString('en-US')} characters; the panel types at most ${TYPE_TEXT_LIMIT.toLocaleString('en-US')} at a time — paste it in parts or put it in a task step` };
      }
      if (CONTROL.test(msg.text)) return { ok: false, reason: 'text contains control characters the phone cannot type' };
      return { ok: true, gesture: { kind: 'type', text: msg.text } };
    }
  }
}

/**
 * A wheel scroll of (dx, dy) device pixels becomes a finger swipe the opposite way (the finger
 * pushes content up to reveal what is below), kept on the screen and a little away from its
 * edges, where Android reserves gesture navigation.
 */
export function scrollToSwipe(at: Point, dx: number, dy: number, screen: ScreenInfo): PanelGesture {
  const margin = Math.round(Math.min(screen.width, screen.height) * 0.02);
  const clampX = (x: number) => Math.min(screen.width - 1 - margin, Math.max(margin, Math.round(x)));
  const clampY = (y: number) => Math.min(screen.height - 1 - margin, Math.max(margin, Math.round(y)));
  const from = { x: clampX(at.x), y: clampY(at.y) };
  const to = { x: clampX(at.x - dx), y: clampY(at.y - dy) };
  const distance = Math.hypot(to.x - from.x, to.y - from.y);
  return { kind: 'swipe', from, to, durationMs: Math.round(Math.min(600, Math.max(150, distance * 0.6))) };
}

export async function applyGesture(device: Device, g: PanelGesture): Promise<void> {
  switch (g.kind) {
    case 'tap': return device.tap(g.at);
    case 'longPress': return device.longPress(g.at, g.durationMs);
    case 'swipe': return device.swipe(g.from, g.to, g.durationMs);
    case 'key': return device.pressKey(g.key);
    case 'type': {
      const r = await device.typeText(g.text);
      if (!r.delivered) throw new Error('nothing on the phone has keyboard focus; tap a text field first');
      return;
    }
  }
}
