// How the mock phone's `input keyevent` reads a key: by number, KEYCODE_ name or letter/digit
// (the table itself is device/keycodes.ts).
import { KEYCODES } from '../../../../device/keycodes';

/** Parses `4`, `KEYCODE_BACK` or `BACK`; undefined if unknown (Android prints an error). */
export function parseKeycode(s: string): number | undefined {
  if (/^\d+$/.test(s)) return Number(s);
  const name = s.toUpperCase().replace(/^KEYCODE_/, '');
  if (Object.hasOwn(KEYCODES, name)) return KEYCODES[name];
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
