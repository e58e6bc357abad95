// `dumpsys window [windows]`: the focus lines callers grep for the foreground app.
import type { ShellCommand } from '../env';
import { launcherActivity } from './activity';

export const dumpsys: ShellCommand = async (args, io, env) => {
  const [service] = args;
  if (service !== 'window' && service !== 'activity') {
    io.out(`Can't find service: ${service ?? ''}\n`);
    return 0;
  }
  const pkg = await env.phone.foregroundApp();
  const activity = pkg ? launcherActivity(pkg) : undefined;
  const screen = await env.phone.screenInfo();
  io.out(`WINDOW MANAGER WINDOWS (dumpsys window windows)\n`
    + `  mCurrentFocus=${activity ? `Window{7a1c2e3 u0 ${activity.replace('/.', '/' + pkg + '.')}}` : 'null'}\n`
    + `  mFocusedApp=${activity ? `ActivityRecord{5b2d9f1 u0 ${activity} t17}` : 'null'}\n`
    + `  mDisplayInfo: app ${screen.width} x ${screen.height}, density ${screen.density}\n`);
  return 0;
};
