// `monkey -p <pkg> -c android.intent.category.LAUNCHER 1`: the launch fallback harnesses use.
import type { ShellCommand } from '../env';

export const monkey: ShellCommand = async (args, io, env) => {
  const pkgs: string[] = [];
  for (let k = 0; k < args.length; k++) if (args[k] === '-p') pkgs.push(args[++k]);
  const pkg = pkgs.find((p) => env.phone.listPackages().includes(p));
  io.out(`  bash arg: ${args.join('\n  bash arg: ')}\nargs: [${args.join(', ')}]\n arg: "${args.join('"\n arg: "')}"\n`);
  if (!pkg || !(await env.phone.openApp(pkg)).ok) {
    io.err('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  io.out('Events injected: 1\n## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)\n');
  return 0;
};
