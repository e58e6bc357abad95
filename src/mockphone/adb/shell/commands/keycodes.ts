// Android key codes the mock phone understands, by number and by KEYCODE_ name.
import type { KeyName } from '../../../../device/device';

export const KEYCODE_TO_KEY: Record<number, KeyName> = {
  3: 'home', 4: 'back', 187: 'recents', 66: 'enter', 82: 'menu', 67: 'delete', 61: 'tab', 62: 'space',
  19: 'dpad_up', 20: 'dpad_down', 21: 'dpad_left', 22: 'dpad_right', 111: 'escape',
};

export const KEY_TO_KEYCODE: Record<KeyName, number> = Object.fromEntries(
  Object.entries(KEYCODE_TO_KEY).map(([code, key]) => [key, Number(code)]),
) as Record<KeyName, number>;

export const KEYCODE_PASTE = 279;

const NAMED: Record<string, number> = {
  HOME: 3, BACK: 4, APP_SWITCH: 187, ENTER: 66, MENU: 82, DEL: 67, TAB: 61, SPACE: 62,
  DPAD_UP: 19, DPAD_DOWN: 20, DPAD_LEFT: 21, DPAD_RIGHT: 22, ESCAPE: 111, PASTE: 279,
  POWER: 26, VOLUME_UP: 24, VOLUME_DOWN: 25, WAKEUP: 224, SLEEP: 223, FORWARD_DEL: 112,
  MOVE_HOME: 122, MOVE_END: 123, DPAD_CENTER: 23, SEARCH: 84, CLEAR: 28,
};

/** Parses `4`, `KEYCODE_BACK` or `BACK`; undefined if unknown (Android prints an error). */
export function parseKeycode(s: string): number | undefined {
  if (/^\d+$/.test(s)) return Number(s);
  const name = s.toUpperCase().replace(/^KEYCODE_/, '');
  if (name in NAMED) return NAMED[name];
  if (/^[A-Z]$/.test(name)) return 29 + name.charCodeAt(0) - 65;
  if (/^[0-9]$/.test(name)) return 7 + Number(name);
  return undefined;
}

/** The character a letter/digit key types, for key codes outside KeyName. */
export function keycodeChar(code: number): string | undefined {
  if (code >= 29 && code <= 54) return String.fromCharCode(97 + code - 29);
  if (code >= 7 && code <= 16) return String(code - 7);
  return undefined;
}
