// `settings get|put|delete <namespace> <key> [value]` on the mock phone's settings.
import { CommandError, type ShellCommand } from '../env';

const NAMESPACES = new Set(['system', 'secure', 'global']);

export const settings: ShellCommand = (args, io, env) => {
  const [sub, ns, key, ...value] = args;
  if (!ns || !NAMESPACES.has(ns)) throw new CommandError(`Invalid namespace '${ns ?? ''}' (use system, secure or global)`);
  if (!key) throw new CommandError(`settings ${sub ?? ''}: missing key`);
  if (sub === 'get') { io.out(`${env.phone.getSetting(ns, key) ?? 'null'}\n`); return 0; }
  if (sub === 'put') {
    if (value.length === 0) throw new CommandError('settings put: missing value');
    env.phone.putSetting(ns, key, value[0]);
    return 0;
  }
  throw new CommandError(`Invalid command: ${sub ?? ''}`);
};
