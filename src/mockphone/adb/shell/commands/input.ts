// `input [source] [-d display] <command> …`, as Android's InputShellCommand parses it.
// Notably `input text` takes ONE argument and turns "%s" into a space; a same-point swipe
// with a duration is how callers long-press.
import { CommandError, type ShellCommand } from '../env';
import { KEYCODE_PASTE, KEYCODE_TO_KEY } from '../../../../device/keycodes';
import { keycodeChar, parseKeycode } from './keycodes';

const SOURCES = new Set(['keyboard', 'mouse', 'joystick', 'touchnavigation', 'touchpad', 'trackball', 'stylus', 'dpad', 'gamepad', 'touchscreen', 'rotaryencoder']);

const USAGE = `Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]

The commands and default sources are:
      text <string> (Default: touchscreen)
      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)
      tap <x> <y> (Default: touchscreen)
      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      press (Default: trackball)
      roll <dx> <dy> (Default: trackball)
`;

/** Android's sendText: "%s" becomes a space; nothing else is unescaped. */
export function decodeInputText(text: string): string {
  return text.replace(/%s/g, ' ');
}

function num(s: string | undefined, what: string): number {
  const n = Number(s);
  if (s === undefined || s === '' || !Number.isFinite(n)) throw new CommandError(`Error: Invalid ${what}: ${s ?? '(missing)'}\n${USAGE}`);
  return n;
}

export const input: ShellCommand = async (argv, io, env) => {
  const args = [...argv];
  if (args[0] && SOURCES.has(args[0])) args.shift();
  if (args[0] === '-d') args.splice(0, 2);
  const [cmd, ...rest] = args;
  const phone = env.phone;
  switch (cmd) {
    case 'text': {
      if (rest[0] === undefined) throw new CommandError(`Error: Invalid arguments for command: text\n${USAGE}`);
      const text = decodeInputText(rest[0]);
      // Android maps text through the virtual keyboard's key map, which only knows ASCII:
      // anything else makes getEvents() return null and the command dies. Harnesses must
      // use an IME (ADBKeyboard) for such text, and the mock phone holds them to it.
      if (!/^[\x20-\x7e\n\t]*$/.test(text)) {
        io.err("Exception occurred while executing 'text':\njava.lang.NullPointerException: Attempt to get length of null array\n");
        return 255;
      }
      await phone.typeText(text);
      return 0;
    }
    case 'tap':
      await phone.tap({ x: num(rest[0], 'x'), y: num(rest[1], 'y') });
      return 0;
    case 'swipe':
    case 'draganddrop': {
      const from = { x: num(rest[0], 'x1'), y: num(rest[1], 'y1') };
      const to = { x: num(rest[2], 'x2'), y: num(rest[3], 'y2') };
      const duration = rest[4] === undefined ? undefined : num(rest[4], 'duration');
      if (cmd === 'draganddrop') await phone.drag(from, to, duration);
      else if (from.x === to.x && from.y === to.y) await phone.longPress(from, duration ?? 300);
      else await phone.swipe(from, to, duration);
      return 0;
    }
    case 'keyevent': {
      const longpress = rest[0] === '--longpress';
      const doubletap = rest[0] === '--doubletap';
      const codes = rest.filter((a) => !a.startsWith('--'));
      if (codes.length === 0) throw new CommandError(`Error: Invalid arguments for command: keyevent\n${USAGE}`);
      for (const c of codes) {
        const code = parseKeycode(c);
        if (code === undefined) { io.err(`Error: Invalid keycode: ${c}\n`); return 1; }
        for (let k = 0; k < (doubletap ? 2 : 1); k++) await pressKeycode(code, env, longpress);
      }
      return 0;
    }
    case 'press':
    case 'roll':
      // Trackball input: no mock app reacts to it, like most touch-only phones.
      return 0;
    default:
      io.err(cmd ? `Error: Unknown command: ${cmd}\n${USAGE}` : USAGE);
      return 1;
  }
};

async function pressKeycode(code: number, env: Parameters<ShellCommand>[2], _longpress: boolean): Promise<void> {
  const key = KEYCODE_TO_KEY[code];
  if (key) return env.phone.pressKey(key);
  if (code === KEYCODE_PASTE) {
    if (env.clipboard.text) await env.phone.typeText(env.clipboard.text);
    return;
  }
  const ch = keycodeChar(code);
  if (ch) await env.phone.typeText(ch);
  // Other keys (power, volume…) have no effect on the mock phone.
}
