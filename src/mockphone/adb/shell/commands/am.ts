// `am start|force-stop|broadcast`. Broadcasts reach the ADBKeyboard IME when it is
// installed and selected, as on a phone with ADBKeyboard (github.com/senzhk/ADBKeyBoard).
import { CommandError, type ShellCommand, type ShellEnv, ADB_KEYBOARD_IME } from '../env';
import { launcherActivity } from './activity';

const SETTINGS_APP = 'com.android.settings';
import { currentIme } from './ime';

export const am: ShellCommand = async (args, io, env) => {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'start':
    case 'start-activity':
      return start(rest, io, env);
    case 'force-stop':
    case 'kill': {
      const pkg = rest.find((a) => !a.startsWith('-'));
      if (!pkg) throw new CommandError('Error: no package specified');
      if (env.phone.listPackages().includes(pkg)) await env.phone.closeApp(pkg);
      return 0;
    }
    case 'broadcast':
      return broadcast(rest, io, env);
    default:
      throw new CommandError(`Unknown command: ${sub ?? '(none)'}`);
  }
};

async function start(args: string[], io: Parameters<ShellCommand>[1], env: ShellEnv): Promise<number> {
  let component: string | undefined;
  let action: string | undefined;
  let positional: string | undefined;
  const categories: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '-n') component = args[++k];
    else if (a === '-a') action = args[++k];
    else if (a === '-c') categories.push(args[++k]);
    else if (['-d', '-t', '-f', '--user', '-e', '--es', '--ei', '--ez'].includes(a)) k += a.startsWith('--e') || a === '-e' ? 2 : 1;
    else if (a.startsWith('-')) continue; // -W, -S, -R n… are accepted and ignored
    else positional = a;
  }
  // Implicit intents the mock phone can resolve: HOME, and system settings screens.
  if (!component && !positional && action === 'android.intent.action.MAIN' && categories.includes('android.intent.category.HOME')) {
    io.out('Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.HOME] }\n');
    await env.phone.pressKey('home');
    return 0;
  }
  if (!component && !positional && action?.startsWith('android.settings.') && env.phone.listPackages().includes(SETTINGS_APP)) {
    component = launcherActivity(SETTINGS_APP);
  }
  const target = component ?? positional;
  const pkg = target?.split('/')[0];
  const intent = `Intent { ${action ? `act=${action} ` : ''}${target ? `cmp=${target} ` : ''}}`;
  io.out(`Starting: ${intent}\n`);
  if (!pkg) {
    io.err('Error: Activity not started, unable to resolve Intent { ' + (action ? `act=${action} ` : '') + 'flg=0x10000000 }\n');
    return 1;
  }
  const result = env.phone.listPackages().includes(pkg) ? await env.phone.openApp(pkg) : { ok: false };
  if (!result.ok) {
    io.err(`Error type 3\nError: Activity class {${target?.includes('/') ? target : launcherActivity(pkg)}} does not exist.\n`);
    return 1;
  }
  return 0;
}

async function broadcast(args: string[], io: Parameters<ShellCommand>[1], env: ShellEnv): Promise<number> {
  let action: string | undefined;
  const extras = new Map<string, string>();
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === '-a') action = args[++k];
    else if (a === '--es' || a === '--ei' || a === '-e') { extras.set(args[k + 1], args[k + 2]); k += 2; }
    else if (a === '-n' || a === '-p' || a === '--user') k++;
  }
  io.out(`Broadcasting: Intent { ${action ? `act=${action} ` : ''}flg=0x400000${extras.size ? ' (has extras)' : ''} }\n`);
  if (action && env.ime === 'adbkeyboard' && currentIme(env) === ADB_KEYBOARD_IME) await adbKeyboard(action, extras, env);
  io.out('Broadcast completed: result=0\n');
  return 0;
}

async function adbKeyboard(action: string, extras: Map<string, string>, env: ShellEnv): Promise<void> {
  const msg = extras.get('msg');
  if (action === 'ADB_INPUT_B64' && msg !== undefined) await env.phone.typeText(Buffer.from(msg, 'base64').toString('utf8'));
  else if (action === 'ADB_INPUT_TEXT' && msg !== undefined) await env.phone.typeText(msg);
}
