// A JSONAction carried out on a Device the way AndroidWorld's actuation
// (android_world/env/actuation.py) does it, so a harness sees the same effects on our server
// as on an emulator. Where the reference would crash or act off-screen, we answer with a
// named 422 or keep inside the screen; docs/agent-loop.md lists those deliberate differences.
import { setTimeout as sleep } from 'node:timers/promises';
import { can } from '../../device/capabilities';
import type { Device, KeyName, Point, ScreenInfo } from '../../device/device';
import type { AwAction } from '../../device/androidworld/api';
import { parseUiTree, type Bounds } from '../../device/ui-tree';
import { HttpProblem } from './query';

/** The swipe `input swipe` makes without a duration (Android's default). */
export const ADB_SWIPE_MS = 300;
/** A direction-only `swipe` (the reference passes 500 ms). */
export const AW_SWIPE_MS = 500;
/** AndroidWorld's `wait` and the pause before typing into a clicked field. */
export const AW_WAIT_MS = 1000;

const KEYCODES: Record<string, KeyName> = {
  KEYCODE_BACK: 'back', KEYCODE_HOME: 'home', KEYCODE_ENTER: 'enter', KEYCODE_MENU: 'menu', KEYCODE_DEL: 'delete',
  KEYCODE_TAB: 'tab', KEYCODE_SPACE: 'space', KEYCODE_ESCAPE: 'escape', KEYCODE_APP_SWITCH: 'recents',
  KEYCODE_DPAD_UP: 'dpad_up', KEYCODE_DPAD_DOWN: 'dpad_down', KEYCODE_DPAD_LEFT: 'dpad_left', KEYCODE_DPAD_RIGHT: 'dpad_right',
};

/** What a phone may offer beyond `Device` (the mock phone does). */
export interface ActuationContext {
  phone: Device;
  /** App names AndroidWorld sends ("Contacts") → packages. */
  appPackage(name: string): string;
  /** For `status` and `answer`. */
  onStatus(goalStatus: string | undefined): void;
  onAnswer(text: string): void;
}

export async function executeAwAction(a: AwAction, c: ActuationContext): Promise<void> {
  const phone = c.phone;
  const screen = await phone.screenInfo();
  const at = async (): Promise<Point> => {
    if (a.index !== undefined) return centre(await elementBounds(phone, a.index));
    if (a.x !== undefined && a.y !== undefined) return { x: a.x, y: a.y };
    throw new HttpProblem(422, `${a.action_type} needs x and y, or index`);
  };
  switch (a.action_type) {
    case 'click': await phone.tap(await at()); break;
    case 'double_tap': await phone.doubleTap(await at()); break;
    case 'long_press': await phone.longPress(await at(), a.duration); break;
    case 'scroll': await scroll(phone, a, screen); break;
    case 'swipe': await swipe(phone, a, screen); break;
    case 'input_text': {
      if (a.text === undefined || a.text === null) throw new HttpProblem(422, 'input_text needs text');
      // The reference logs a warning and does nothing for empty text.
      if (a.text === '') break;
      if (a.index !== undefined || (a.x !== undefined && a.y !== undefined)) await phone.tap(await at());
      if (a.clear_text) {
        // Select all, then delete — what clearing a field means on Android.
        if (can(phone, 'selectAllText')) {
          if (await phone.selectAllText()) await phone.pressKey('delete');
        } else {
          for (let i = 0; i < 64; i++) await phone.pressKey('delete');
        }
      }
      await phone.typeText(a.text);
      await phone.pressKey('enter');
      break;
    }
    case 'navigate_home': await phone.pressKey('home'); break;
    case 'navigate_back': await phone.pressKey('back'); break;
    case 'keyboard_enter': await phone.pressKey('enter'); break;
    case 'open_app': {
      if (!a.app_name) throw new HttpProblem(422, 'open_app needs app_name');
      const r = await phone.openApp(c.appPackage(a.app_name));
      if (!r.ok) throw new HttpProblem(500, `open_app ${a.app_name} failed: ${r.message ?? 'unknown app'}`);
      break;
    }
    case 'wait':
      // The reference sleeps 1 s. A phone following the wall clock lets that second pass by
      // itself; a strictly virtual one is advanced by it.
      if (can(phone, 'clockMode') && phone.clockMode() === 'virtual') await phone.wait(AW_WAIT_MS);
      else await sleep(AW_WAIT_MS / (can(phone, 'wallClockRate') ? phone.wallClockRate() : 1));
      break;
    case 'status': c.onStatus(a.goal_status); break;
    case 'answer': c.onAnswer(a.text ?? ''); break;
    case 'unknown':
      if (a.keycode) {
        const key = KEYCODES[a.keycode.toUpperCase()];
        if (!key) throw new HttpProblem(422, `unknown keycode '${a.keycode}' (known: ${Object.keys(KEYCODES).join(', ')})`);
        await phone.pressKey(key);
      }
      break;
  }
}

/**
 * `scroll`: from the centre of the element (index ≥ 1; 0 and none mean the whole screen, as in
 * the reference's `if action.index:`) to its edge, so content moves in `direction`. With
 * x, y, x2, y2 (the patched server PhoneBuddy's runner targets) it is that literal swipe.
 */
async function scroll(phone: Device, a: AwAction, screen: ScreenInfo): Promise<void> {
  if (literal(a)) { await phone.swipe({ x: a.x!, y: a.y! }, { x: a.x2!, y: a.y2! }, a.duration ?? AW_SWIPE_MS); return; }
  if (!a.direction) throw new HttpProblem(422, 'scroll needs direction (or x, y, x2, y2)');
  let box = { x1: 0, y1: 0, x2: screen.width, y2: screen.height };
  if (a.index) {
    const b = await elementBounds(phone, a.index);
    box = { x1: Math.max(b.x1, 0), y1: Math.max(b.y1, 0), x2: Math.min(b.x2, screen.width), y2: Math.min(b.y2, screen.height) };
  }
  const from = { x: Math.floor((box.x1 + box.x2) / 2), y: Math.floor((box.y1 + box.y2) / 2) };
  const to = {
    down: { x: from.x, y: box.y1 }, up: { x: from.x, y: box.y2 },
    right: { x: box.x1, y: from.y }, left: { x: box.x2, y: from.y },
  }[a.direction];
  await phone.swipe(inside(from, screen), inside(to, screen), a.duration ?? ADB_SWIPE_MS);
}

/** `swipe` with only a direction: edge to edge through the middle of the screen, 500 ms. */
async function swipe(phone: Device, a: AwAction, screen: ScreenInfo): Promise<void> {
  if (literal(a)) { await phone.swipe({ x: a.x!, y: a.y! }, { x: a.x2!, y: a.y2! }, a.duration ?? AW_SWIPE_MS); return; }
  if (!a.direction) throw new HttpProblem(422, 'swipe needs direction (or x, y, x2, y2)');
  const { width: w, height: h } = screen;
  const mx = Math.floor(w / 2);
  const my = Math.floor(h / 2);
  const [from, to] = {
    down: [{ x: mx, y: 0 }, { x: mx, y: h }], up: [{ x: mx, y: h }, { x: mx, y: 0 }],
    left: [{ x: 0, y: my }, { x: w, y: my }], right: [{ x: w, y: my }, { x: 0, y: my }],
  }[a.direction];
  await phone.swipe(inside(from, screen), inside(to, screen), a.duration ?? AW_SWIPE_MS);
}

const literal = (a: AwAction): boolean => a.x !== undefined && a.y !== undefined && a.x2 !== undefined && a.y2 !== undefined;

/** The reference swipes to x = width / y = height, one pixel past the last; keep on screen. */
function inside(p: Point, screen: ScreenInfo): Point {
  return { x: Math.min(Math.max(p.x, 0), screen.width - 1), y: Math.min(Math.max(p.y, 0), screen.height - 1) };
}

function centre(b: { x1: number; y1: number; x2: number; y2: number }): Point {
  return { x: Math.floor((b.x1 + b.x2) / 2), y: Math.floor((b.y1 + b.y2) / 2) };
}

/** Bounds of the index-th UI element (nodes with bounds in document order). */
async function elementBounds(phone: Device, index: number): Promise<Bounds> {
  const nodes = parseUiTree(await phone.uiTree()).nodes.filter((n) => n.attributes.bounds !== undefined);
  const node = nodes[index];
  if (!node) throw new HttpProblem(422, `Invalid element index: ${index}, must be between 0 and ${nodes.length - 1}.`);
  return node.bounds;
}
