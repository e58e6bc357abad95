// What a shell command sees: the phone (only through MockPhoneApi), its files, the IME
// state, and stdin/stdout/stderr for this one invocation.
import type { MockPhoneApi } from '../../mock-phone-api';
import type { DeviceFiles } from '../device-files';

export type ImeMode = 'adbkeyboard' | 'none';

export const ADB_KEYBOARD_IME = 'com.android.adbkeyboard/.AdbIME';
export const LATIN_IME = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';

export interface ShellEnv {
  phone: MockPhoneApi;
  files: DeviceFiles;
  /** Whether ADBKeyboard is installed on this served phone (`serve-device --ime`). */
  ime: ImeMode;
  /** The phone's own keyboard (its initial secure default_input_method). */
  stockIme: string;
  /** The phone's clipboard, for `cmd clipboard` + KEYCODE_PASTE. */
  clipboard: { text: string };
  /** Called with every command's argv before it runs (tests check nothing unexpected ran). */
  onCommand?: (argv: string[]) => void;
  /** Aborted when the host closes the stream: long commands (sleep) stop early. */
  signal?: AbortSignal;
  /** Test hook: lets a test hold a command (e.g. to kill the phone mid-screenshot). */
  beforeCommand?: (argv: string[]) => Promise<void> | void;
}

export interface CommandIo {
  stdin: Buffer;
  out(data: string | Buffer): void;
  err(data: string | Buffer): void;
}

/** A shell command: gets argv without the command name, returns the exit status. */
export type ShellCommand = (args: string[], io: CommandIo, env: ShellEnv) => Promise<number> | number;

/** Thrown by commands for a usage error; the runner prints it on stderr. */
export class CommandError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}
