// Carries out one normalised action on any Device, with the reference harnesses' semantics:
// taps at the scaled point, two-point scroll/drag as a swipe (500 ms unless given), type into
// the focused field, back/home/enter/menu keys, open/close by package, wait through the device
// (the mock phone advances its virtual clock). Terminal actions touch nothing.
import type { Device, ScreenInfo } from '../device/device';
import type { Action } from '../protocol/action';
import { toPixels } from '../protocol/coords';

export const DEFAULT_GESTURE_MS = 500;

/**
 * How `type` reaches the phone. `phonebuddy` types the text only; `androidworld` types it and
 * presses Enter, as AndroidWorld's `input_text` does (so does its server, and so do harnesses
 * built on it, PhoneBuddy's runner among them). Tasks should give the same verdict under both.
 */
export type Actuation = 'phonebuddy' | 'androidworld';
export const ACTUATIONS: readonly Actuation[] = ['phonebuddy', 'androidworld'];

export interface ExecOptions {
  actuation?: Actuation;
}

export interface ExecResult {
  /** Device pixels used, in order (one for taps, two for gestures). */
  pixels: { x: number; y: number }[];
  /** Something worth recording that did not fail the step (e.g. typed text went nowhere). */
  warning?: string;
}

/** Thrown when the device refused the action in a way that is not a device error. */
export class ActionFailed extends Error {
  override readonly name = 'ActionFailed';
}

export function actionPixels(action: Action, screen: ScreenInfo): { x: number; y: number }[] {
  switch (action.type) {
    case 'click': case 'double_click': case 'long_press': return [toPixels(action.point, screen)];
    case 'scroll': case 'drag': return [toPixels(action.from, screen), toPixels(action.to, screen)];
    default: return [];
  }
}

export async function executeAction(device: Device, action: Action, screen: ScreenInfo, options: ExecOptions = {}): Promise<ExecResult> {
  const pixels = actionPixels(action, screen);
  switch (action.type) {
    case 'click':
      await device.tap(pixels[0]);
      break;
    case 'double_click':
      await device.doubleTap(pixels[0], action.intervalMs);
      break;
    case 'long_press':
      await device.longPress(pixels[0], action.durationMs);
      break;
    case 'scroll':
      await device.swipe(pixels[0], pixels[1], action.durationMs ?? DEFAULT_GESTURE_MS);
      break;
    case 'drag':
      await device.drag(pixels[0], pixels[1], action.durationMs ?? DEFAULT_GESTURE_MS);
      break;
    case 'type': {
      const r = await device.typeText(action.text);
      if (options.actuation === 'androidworld') await device.pressKey('enter');
      if (!r.delivered) return { pixels, warning: 'typed text was not delivered: no input field had focus' };
      break;
    }
    case 'button_press':
      await device.pressKey(action.button);
      break;
    case 'open_app': {
      const r = await device.openApp(action.app);
      if (!r.ok) throw new ActionFailed(`open_app ${action.app} failed${r.message ? `: ${r.message}` : ''}`);
      break;
    }
    case 'close_app':
      await device.closeApp(action.app);
      break;
    case 'wait':
      await device.wait(action.ms);
      break;
    case 'finish':
      break;
  }
  return { pixels };
}
