// `cmd <service> …`: `cmd package resolve-activity --brief <pkg>` (how harnesses find the
// launcher activity) and `cmd clipboard` (our clipboard-paste text fallback).
import { CommandError, type ShellCommand } from '../env';
import { launcherActivity } from './activity';

export const cmd: ShellCommand = (args, io, env) => {
  const [service, sub, ...rest] = args;
  if (service === 'package' && sub === 'resolve-activity') {
    const pkg = rest.filter((a) => !a.startsWith('-')).pop();
    if (!pkg || !env.phone.listPackages().includes(pkg)) {
      io.out('No activity found\n');
      return 0;
    }
    if (!rest.includes('--brief')) io.out(`Activity Resolver Table:\n  ${launcherActivity(pkg)}\n`);
    else io.out(`priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n${launcherActivity(pkg)}\n`);
    return 0;
  }
  if (service === 'package' && sub === 'list') {
    return listPackages(rest, io, env);
  }
  if (service === 'clipboard') {
    if (sub === 'set-text' || sub === 'set') { env.clipboard.text = rest.join(' '); return 0; }
    if (sub === 'get-text' || sub === 'get') { io.out(env.clipboard.text + '\n'); return 0; }
    throw new CommandError('clipboard commands: set-text <TEXT> | get-text');
  }
  io.err(`cmd: Can't find service: ${service ?? ''}\n`);
  return 20;
};

export const listPackages: (args: string[], io: Parameters<ShellCommand>[1], env: Parameters<ShellCommand>[2]) => number = (args, io, env) => {
  const [what, ...rest] = args;
  if (what === 'packages') {
    const filter = rest.find((a) => !a.startsWith('-'));
    io.out(env.phone.listPackages().filter((p) => !filter || p.includes(filter)).map((p) => `package:${p}\n`).join(''));
    return 0;
  }
  if (what === 'features') {
    io.out(['android.hardware.touchscreen', 'android.hardware.touchscreen.multitouch', 'android.hardware.wifi', 'android.software.input_methods']
      .map((f) => `feature:${f}\n`).join('') + 'reqGlEsVersion=0x30002\n');
    return 0;
  }
  throw new CommandError(`Error: unknown list type '${what ?? ''}'`);
};
