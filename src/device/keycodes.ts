// Android key codes, the one table: what the ADB device sends with `input keyevent` and what
// the mock phone's `input keyevent` understands (by number or KEYCODE_ name).
import type { KeyName } from './device';

/** Android's KEYCODE_ names (without the prefix) → key codes, for those used here. */
export const KEYCODES: Readonly<Record<string, number>> = {
  HOME: 3, BACK: 4, APP_SWITCH: 187, ENTER: 66, MENU: 82, DEL: 67, TAB: 61, SPACE: 62,
  DPAD_UP: 19, DPAD_DOWN: 20, DPAD_LEFT: 21, DPAD_RIGHT: 22, ESCAPE: 111, PASTE: 279,
  POWER: 26, VOLUME_UP: 24, VOLUME_DOWN: 25, WAKEUP: 224, SLEEP: 223, FORWARD_DEL: 112,
  MOVE_HOME: 122, MOVE_END: 123, DPAD_CENTER: 23, SEARCH: 84, CLEAR: 28,
};

/** KeyName → Android key code, for `input keyevent`. */
export const ANDROID_KEYCODES: Readonly<Record<KeyName, number>> = {
  back: KEYCODES.BACK, home: KEYCODES.HOME, recents: KEYCODES.APP_SWITCH, enter: KEYCODES.ENTER, menu: KEYCODES.MENU,
  delete: KEYCODES.DEL, tab: KEYCODES.TAB, space: KEYCODES.SPACE, dpad_up: KEYCODES.DPAD_UP, dpad_down: KEYCODES.DPAD_DOWN,
  dpad_left: KEYCODES.DPAD_LEFT, dpad_right: KEYCODES.DPAD_RIGHT, escape: KEYCODES.ESCAPE,
};

/** Android key code → KeyName, for the keys a Device can press. */
export const KEYCODE_TO_KEY: Readonly<Record<number, KeyName>> = Object.fromEntries(
  Object.entries(ANDROID_KEYCODES).map(([key, code]) => [code, key as KeyName]),
);

export const KEYCODE_PASTE = KEYCODES.PASTE;
