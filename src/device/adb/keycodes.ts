// KeyName → Android key code, for `input keyevent`.
import type { KeyName } from '../device';

export const ANDROID_KEYCODES: Record<KeyName, number> = {
  back: 4, home: 3, recents: 187, enter: 66, menu: 82, delete: 67, tab: 61, space: 62,
  dpad_up: 19, dpad_down: 20, dpad_left: 21, dpad_right: 22, escape: 111,
};

export const KEYCODE_PASTE = 279;
