// Typing text on an ADB device: printable ASCII through `input text` (every shell
// metacharacter quoted, spaces as %s), anything else through the ADBKeyboard IME broadcast
// when it is installed, else through the clipboard (`cmd clipboard set-text` + PASTE).
import type { TypeResult } from '../device';
import { DeviceError } from '../errors';
import { KEYCODE_PASTE } from './keycodes';
import type { ShellResult } from './shell-client';
import { inputTextCommand, isInputTextSafe, shellQuote } from './shell-escape';

export const ADB_KEYBOARD_IME = 'com.android.adbkeyboard/.AdbIME';

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
    if (isInputTextSafe(text)) {
      await this.shell.input(inputTextCommand(text));
      return { method: 'input-text', delivered: true };
    }
    if ((await this.enabledImes()).includes(ADB_KEYBOARD_IME)) {
      await this.typeWithAdbKeyboard(text);
      return { method: 'adb-keyboard', delivered: true };
    }
    const set = await this.shell.exec(`cmd clipboard set-text ${shellQuote(text)}`);
    if (set.exitCode !== 0) {
      const why = (set.stderr.toString('utf8') || set.stdout.toString('utf8')).trim();
      throw new DeviceError('unsupported', `cannot type non-ASCII text: install the ADBKeyboard IME (com.android.adbkeyboard) — the clipboard fallback failed: ${why}`, this.deviceId);
    }
    await this.shell.input(`input keyevent ${KEYCODE_PASTE}`);
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
    const b64 = Buffer.from(text, 'utf8').toString('base64'); // base64 needs no shell quoting
    const broadcast = `am broadcast -a ADB_INPUT_B64 --es msg ${b64} >/dev/null`;
    if (current === ADB_KEYBOARD_IME) {
      await this.shell.input(broadcast);
      return;
    }
    if (current && current !== 'null') this.originalIme ??= current;
    await this.shell.input(`ime set ${ADB_KEYBOARD_IME} >/dev/null && sleep 0.3 && ${broadcast}`);
  }
}
