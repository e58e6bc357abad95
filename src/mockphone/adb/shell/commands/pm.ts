// `pm list packages|features`, `pm path <pkg>` (adbkit's isInstalled uses it).
import { CommandError, type ShellCommand } from '../env';
import { listPackages } from './cmd';

export const pm: ShellCommand = (args, io, env) => {
  const [sub, ...rest] = args;
  if (sub === 'list') return listPackages(rest, io, env);
  if (sub === 'path') {
    const pkg = rest.find((a) => !a.startsWith('-'));
    if (!pkg || !env.phone.listPackages().includes(pkg)) return 1;
    io.out(`package:/data/app/${pkg}-1/base.apk\n`);
    return 0;
  }
  throw new CommandError(`Unknown command: ${sub ?? '(none)'}`);
};
