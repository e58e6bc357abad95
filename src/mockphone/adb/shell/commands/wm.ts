// `wm size` and `wm density`, read-only on the mock phone.
import { CommandError, type ShellCommand } from '../env';

export const wm: ShellCommand = async (args, io, env) => {
  const s = await env.phone.screenInfo();
  if (args[0] === 'size' && args.length === 1) { io.out(`Physical size: ${s.width}x${s.height}\n`); return 0; }
  if (args[0] === 'density' && args.length === 1) { io.out(`Physical density: ${s.density}\n`); return 0; }
  throw new CommandError(args[0] === 'size' || args[0] === 'density'
    ? `wm ${args[0]}: the mock phone's display cannot be changed` : `Error: unknown command '${args[0] ?? ''}'`);
};
