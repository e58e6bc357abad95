// `dumpsys window [windows]`: the focus lines callers grep for the foreground app;
// `dumpsys package <pkg>`: its runtime permissions.
import type { ShellCommand } from '../env';
import { launcherActivity } from './activity';

// The mock phone's permission names as Android's (what `dumpsys package` prints).
const ANDROID_PERMISSIONS: Record<string, string> = {
  notifications: 'android.permission.POST_NOTIFICATIONS', location: 'android.permission.ACCESS_FINE_LOCATION',
  camera: 'android.permission.CAMERA', contacts: 'android.permission.READ_CONTACTS',
  microphone: 'android.permission.RECORD_AUDIO', storage: 'android.permission.READ_EXTERNAL_STORAGE',
};

export const dumpsys: ShellCommand = async (args, io, env) => {
  const [service] = args;
  if (service === 'package') {
    // The runtime permissions answered on the package's permission dialogs, in Android's
    // format, so a verifier can tell whether a permission was granted.
    const pkg = args[1];
    if (!pkg || !env.phone.listPackages().includes(pkg)) {
      io.out(pkg ? `Unable to find package: ${pkg}\n` : 'Packages:\n');
      return 0;
    }
    const answered = Object.entries(env.phone.permissions?.() ?? {}).filter(([k]) => k.split('|')[0] === pkg);
    const lines = answered.map(([k, v]) => `      ${ANDROID_PERMISSIONS[k.split('|')[1]] ?? k.split('|')[1]}: granted=${v === 'allowed'}, flags=[ USER_SET ]\n`);
    io.out(`Packages:\n  Package [${pkg}]:\n    runtime permissions:\n${lines.join('')}`);
    return 0;
  }
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
