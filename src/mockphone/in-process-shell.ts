// The in-process mock phone with a `shell()`: the same shell the phone serves over ADB
// (src/mockphone/adb/shell/), so `shell` steps, `setup.shell` and verifiers of real-phone-style
// tasks run the same in `phonebuddy check`, `phonebuddy run` and the editor, without an adb server.
import type { MockPhone } from './mock-phone';
import { DeviceFiles } from './adb/device-files';
import { LATIN_IME, type ShellEnv } from './adb/shell/env';
import { runShell } from './adb/shell/run';

export function withMockShell(phone: MockPhone): MockPhone {
  const env: ShellEnv = {
    phone, files: new DeviceFiles(phone), ime: 'none', clipboard: { text: '' },
    stockIme: phone.getSetting('secure', 'default_input_method') ?? LATIN_IME,
  };
  const shell = async (command: string): Promise<{ stdout: string; exitCode: number }> => {
    const chunks: Buffer[] = [];
    const exitCode = await runShell(command, env, (fd, data) => { if (fd === 1) chunks.push(data); });
    return { stdout: Buffer.concat(chunks).toString('utf8'), exitCode };
  };
  return Object.assign(phone, { shell });
}
