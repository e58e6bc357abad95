// Typing text on an ADB device: printable ASCII through `input text` (every shell
// metacharacter quoted, spaces as %s), anything else through the ADBKeyboard IME broadcast
// when it is installed, else through the clipboard (`cmd clipboard set-text` + PASTE).
import type { TypeResult } from '../device';
import { DeviceError } from '../errors';
import { KEYCODE_PASTE } from '../keycodes';
import type { ShellResult } from './shell-client';
import { shellQuote } from '../shell-quote';
import { inputTextCommand, isInputTextSafe } from './input-text-encoding';

export const ADB_KEYBOARD_IME = 'com.android.adbkeyboard/.AdbIME';

/**
 * The longest shell command line sent for typing. One shell request travels in one adb packet:
 * adbd before Android 7 takes at most 4 KiB, and the adb server refuses requests over 64 KiB
 * by closing the connection (which looked like "device disconnected"). Longer text is typed in
 * several commands, each under this size.
 */
export const MAX_TYPE_COMMAND_BYTES = 4000;
/** More text than this is refused rather than typed in hundreds of commands. */
export const MAX_TYPE_TEXT_BYTES = 1024 * 1024;

export interface TextInputShell {
  /** Runs a command and returns its result (exit code included). */
  exec(command: string): Promise<ShellResult>;
  /** Runs a command that changes what is on screen; throws unless it exits 0. */
  input(command: string): Promise<void>;
}

export class TextInput {
  private imes: { at: number; list: string[] } | undefined;
  /** The keyboard that was active before we selected ADBKeyboard. */
  private originalIme: string | undefined;

  constructor(private readonly shell: TextInputShell, private readonly deviceId: string) {}

  async type(text: string): Promise<TypeResult> {
    if (typeof text !== 'string') throw new DeviceError('invalid-argument', `text must be a string, got ${typeof text}`, this.deviceId);
    if (text === '') return { method: 'input-text', delivered: true };
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > MAX_TYPE_TEXT_BYTES) {
      throw new DeviceError('invalid-argument', `text is ${bytes} bytes; typing over ADB is limited to ${MAX_TYPE_TEXT_BYTES} bytes (1 MiB) — split it or push a file instead`, this.deviceId);
    }
    if (isInputTextSafe(text)) {
      for (const line of inputTextLines(text, MAX_TYPE_COMMAND_BYTES)) await this.shell.input(line);
      return { method: 'input-text', delivered: true };
    }
    if ((await this.enabledImes()).includes(ADB_KEYBOARD_IME)) {
      await this.typeWithAdbKeyboard(text);
      return { method: 'adb-keyboard', delivered: true };
    }
    // The clipboard holds one piece at a time: set it, paste it, next piece.
    for (const piece of splitText(text, 900)) {
      const set = await this.shell.exec(`cmd clipboard set-text ${shellQuote(piece)}`);
      if (set.exitCode !== 0) {
        const why = (set.stderr.toString('utf8') || set.stdout.toString('utf8')).trim();
        throw new DeviceError('unsupported', `cannot type non-ASCII text: install the ADBKeyboard IME (com.android.adbkeyboard) — the clipboard fallback failed: ${why}`, this.deviceId);
      }
      await this.shell.input(`input keyevent ${KEYCODE_PASTE}`);
    }
    return { method: 'clipboard-paste', delivered: true };
  }

  /** Gives the user their keyboard back, if we switched it. */
  async restoreKeyboard(): Promise<void> {
    if (!this.originalIme) return;
    const ime = this.originalIme;
    this.originalIme = undefined;
    await this.shell.exec(`ime set ${shellQuote(ime)}`);
  }

  /** IMEs enabled on the phone (`ime list -s`), cached for a few seconds. */
  private async enabledImes(): Promise<string[]> {
    if (this.imes && Date.now() - this.imes.at < 5000) return this.imes.list;
    const r = await this.shell.exec('ime list -s');
    const list = r.stdout.toString('utf8').split('\n').map((l) => l.trim()).filter(Boolean);
    this.imes = { at: Date.now(), list };
    return list;
  }

  /**
   * ADBKeyboard only receives broadcasts while it is the active IME. It is selected on first
   * use (with a short pause: the switch is asynchronous on a phone) and stays selected —
   * `input text` works with any IME — until restoreKeyboard().
   */
  private async typeWithAdbKeyboard(text: string): Promise<void> {
    const current = (await this.shell.exec('settings get secure default_input_method')).stdout.toString('utf8').trim();
    // base64 needs no shell quoting; 900 characters are at most 3.6 KiB of UTF-8, 4.8 KiB of
    // base64 — so pieces are cut by UTF-8 size instead: 2 KiB → 2.7 KiB of base64.
    const broadcasts = splitUtf8(text, 2048).map((piece) => `am broadcast -a ADB_INPUT_B64 --es msg ${Buffer.from(piece, 'utf8').toString('base64')} >/dev/null`);
    if (current !== ADB_KEYBOARD_IME) {
      if (current && current !== 'null') this.originalIme ??= current;
      broadcasts[0] = `ime set ${ADB_KEYBOARD_IME} >/dev/null && sleep 0.3 && ${broadcasts[0]}`;
    }
    for (const line of packCommands(broadcasts, MAX_TYPE_COMMAND_BYTES)) await this.shell.input(line);
  }
}

/**
 * `input text` command lines for printable-ASCII text, each at most `maxBytes`: as many
 * characters per line as fit once quoted (a quote becomes 4 bytes, a "%s" a new command).
 */
export function inputTextLines(text: string, maxBytes: number): string[] {
  const lines: string[] = [];
  for (let at = 0; at < text.length;) {
    let n = Math.min(text.length - at, maxBytes);
    let line = inputTextCommand(text.slice(at, at + n));
    while (line.length > maxBytes) {
      n = Math.max(1, Math.floor(n / 2));
      line = inputTextCommand(text.slice(at, at + n));
    }
    lines.push(line);
    at += n;
  }
  return lines;
}

/** `text` in pieces of at most `max` characters (code points: a surrogate pair stays whole). */
export function splitText(text: string, max: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += max) out.push(chars.slice(i, i + max).join(''));
  return out;
}

/** `text` in pieces of at most `maxBytes` of UTF-8, cut between code points. */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const out: string[] = [];
  let piece = '';
  let size = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (size + n > maxBytes && piece) { out.push(piece); piece = ''; size = 0; }
    piece += ch;
    size += n;
  }
  if (piece) out.push(piece);
  return out;
}

/** Commands joined with && into as few lines as fit in `maxBytes` each (each command must fit alone). */
export function packCommands(commands: string[], maxBytes: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const c of commands) {
    if (Buffer.byteLength(c) > maxBytes) throw new Error(`a typing command of ${Buffer.byteLength(c)} bytes exceeds ${maxBytes}`);
    const joined = line ? `${line} && ${c}` : c;
    if (Buffer.byteLength(joined) > maxBytes) { lines.push(line); line = c; } else line = joined;
  }
  if (line) lines.push(line);
  return lines;
}
