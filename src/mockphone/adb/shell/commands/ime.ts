// `ime list -s | set | enable`: which input methods the served phone has. ADBKeyboard is
// present only when the phone is served with `--ime adbkeyboard` (the default).
import { ADB_KEYBOARD_IME, CommandError, type ShellCommand, type ShellEnv } from '../env';

export function installedImes(env: ShellEnv): string[] {
  return env.ime === 'adbkeyboard' ? [ADB_KEYBOARD_IME, env.stockIme] : [env.stockIme];
}

export function currentIme(env: ShellEnv): string {
  return env.phone.getSetting('secure', 'default_input_method') ?? env.stockIme;
}

export const ime: ShellCommand = (args, io, env) => {
  const [sub, ...rest] = args;
  const id = rest.find((a) => !a.startsWith('-'));
  switch (sub) {
    case 'list':
      io.out(installedImes(env).map((i) => (rest.includes('-s') ? i : `${i}:\n  mId=${i}`) + '\n').join(''));
      return 0;
    case 'enable':
    case 'set':
      if (!id || !installedImes(env).includes(id)) {
        io.err(`Unknown input method ${id ?? ''} cannot be ${sub === 'set' ? 'selected' : 'enabled'} for user #0\n`);
        return 1;
      }
      if (sub === 'set') {
        env.phone.putSetting('secure', 'default_input_method', id);
        io.out(`Input method ${id} selected for user #0\n`);
      } else io.out(`Input method ${id}: already enabled for user #0\n`);
      return 0;
    default:
      throw new CommandError('ime <command>:\n  list [-a] [-s]\n  enable <ID>\n  set <ID>');
  }
};
