// `getprop [key [default]]`: one value, or every property as `[key]: [value]`.
import type { ShellCommand } from '../env';

export const getprop: ShellCommand = (args, io, env) => {
  const props = env.phone.props();
  if (args[0] !== undefined) {
    io.out(`${props[args[0]] ?? args[1] ?? ''}\n`);
    return 0;
  }
  io.out(Object.keys(props).sort().map((k) => `[${k}]: [${props[k]}]\n`).join(''));
  return 0;
};
