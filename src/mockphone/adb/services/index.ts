// Routes an OPEN destination to its service, like adbd's service_to_fd.
import type { DeviceFiles } from '../device-files';
import type { ServiceHandler } from '../connection';
import type { ShellEnv } from '../shell/env';
import { rawShell } from './shell-raw';
import { shellV2 } from './shell-v2';
import { syncService } from './sync';

export function createRouter(env: ShellEnv, files: DeviceFiles): (destination: string) => ServiceHandler | undefined {
  return (destination) => {
    if (destination.startsWith('shell')) {
      // shell[,opt1,opt2…]:command — options such as v2, raw, pty, TERM=xterm.
      const m = /^shell((?:,[^:]*)?):([\s\S]*)$/.exec(destination);
      if (!m) return undefined;
      const options = m[1].split(',').filter(Boolean);
      return options.includes('v2') ? shellV2(m[2], env) : rawShell(m[2], env, { mergeStderr: true });
    }
    if (destination.startsWith('exec:')) return rawShell(destination.slice(5), env, { mergeStderr: false });
    if (destination === 'sync:') return syncService(files);
    return undefined;
  };
}
