// `phonebuddy serve-device`: serves a mock phone as an ADB device over TCP until Ctrl-C, so
// `adb connect 127.0.0.1:PORT` makes it a device for adb, adbkit and any harness.
import { parseCommandArgs } from '../args';
import { createMockPhone, withMockShell } from '../../mockphone';
import { serveMockPhoneOverAdb } from '../../mockphone/adb/server';
import { serveSuiteOverAndroidWorld } from '../../agent/androidworld/serve-suite';
import { mockAppCatalog, mockAppManifests } from '../../studio/app-catalog';
import { mockParamData } from '../../studio/param-data';
import { phoneApps } from '../../studio/phone-apps';
import { workspaceApps } from '../../studio/workspace-apps';
import { APPS_HELP, APPS_OPTION, reportAppProblems } from '../apps-option';

const HELP = `usage: phonebuddy serve-device [--port 15555] [--host 127.0.0.1] [--serial-name NAME]
                               [--seed N] [--locale en-US|zh-CN] [--ime adbkeyboard|none]
                               [--clock wall|virtual]
                               [--androidworld-port N [--tasks PATH]… [--androidworld-screenshot pixels|png]]

Serves a mock phone on the ADB wire protocol. Then: adb connect 127.0.0.1:PORT
(the default port avoids 5555–5585, which the adb server scans by itself).

  --port N         TCP port (default 15555; 0 picks a free one)
  --host ADDR      address to listen on (default 127.0.0.1)
  --serial-name S  the phone's ro.serialno
  --seed N         mock phone seed (default 0)
  --locale L       en-US (default) or zh-CN
  --ime I          adbkeyboard (default: ADBKeyboard installed, Unicode typing works) or
                   none (only the stock keyboard: Unicode goes through the clipboard)
  --clock C        wall (default): the phone's clock also follows real time, as an
                   emulator's does, so timers run while a client pauses between steps;
                   virtual: time moves only when the phone is driven (reproducible)
  --androidworld-port N  also serve the phone and a task suite through the AndroidWorld
                   server API (e.g. 5001) for existing AndroidWorld harnesses
  --tasks PATH     task files or folders for --androidworld-port (repeatable; default .)
  --androidworld-screenshot F  pixels (default: the reference's {"pixels": …} JSON) or png
                   (an image/png body, which PhoneBuddy's runner also decodes; much faster)
${APPS_HELP}`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('serve-device', HELP, { args, strict: true, options: {
    port: { type: 'string', default: '15555' }, host: { type: 'string', default: '127.0.0.1' },
    'serial-name': { type: 'string' }, seed: { type: 'string', default: '0' }, locale: { type: 'string', default: 'en-US' },
    ime: { type: 'string', default: 'adbkeyboard' }, help: { type: 'boolean', short: 'h' },
    'androidworld-port': { type: 'string' }, tasks: { type: 'string', multiple: true },
    clock: { type: 'string', default: 'wall' }, 'androidworld-screenshot': { type: 'string', default: 'pixels' }, ...APPS_OPTION,
  } });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const port = Number(values.port);
  const seed = Number(values.seed);
  const problems = [
    !Number.isInteger(port) || port < 0 || port > 65535 ? `--port must be 0–65535, got '${values.port}'` : '',
    !Number.isInteger(seed) ? `--seed must be an integer, got '${values.seed}'` : '',
    values.locale !== 'en-US' && values.locale !== 'zh-CN' ? `--locale must be en-US or zh-CN, got '${values.locale}'` : '',
    values.ime !== 'adbkeyboard' && values.ime !== 'none' ? `--ime must be adbkeyboard or none, got '${values.ime}'` : '',
    values.clock !== 'wall' && values.clock !== 'virtual' ? `--clock must be wall or virtual, got '${values.clock}'` : '',
    values['androidworld-screenshot'] !== 'pixels' && values['androidworld-screenshot'] !== 'png' ? `--androidworld-screenshot must be pixels or png, got '${values['androidworld-screenshot']}'` : '',
  ].filter(Boolean);
  if (problems.length) { process.stderr.write(`phonebuddy serve-device: ${problems.join('; ')}\n`); return 2; }

  const clock = values.clock as 'wall' | 'virtual';
  // With its in-process shell, as in check and run: served tasks' `shell` steps and verifiers work.
  // The workspace's apps (--apps) beside the built-ins; an app file with errors is reported and left out.
  await reportAppProblems(values.apps);
  const { apps } = await phoneApps(values.apps);
  const phone = withMockShell(await createMockPhone({ seed, locale: values.locale as 'en-US' | 'zh-CN', clock, ...(apps ? { apps } : {}), ...(values['serial-name'] ? { serial: values['serial-name'] } : {}) }));
  let server;
  try {
    server = await serveMockPhoneOverAdb(phone, { port, host: values.host, ime: values.ime as 'adbkeyboard' | 'none' });
  } catch (e) {
    process.stderr.write(`phonebuddy serve-device: cannot listen on ${values.host}:${port}: ${(e as Error).message}\n`);
    await phone.close();
    return 1;
  }
  process.stdout.write(`mock phone served on ${server.serial} (seed ${seed}, ${values.locale}, ime ${values.ime}, ${clock} clock)\nconnect with: adb connect ${server.serial}\n`);
  const aw = values['androidworld-port'] === undefined ? undefined : await startAndroidWorld(phone, values['androidworld-port'], values.host, values.tasks ?? ['.'], seed, values['androidworld-screenshot'] as 'pixels' | 'png', values.apps);
  if (aw === null) { await server.close(); await phone.close(); return 1; }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await aw?.close();
  await server.close();
  await phone.close();
  return 0;
}

/** The AndroidWorld API on the same phone (src/agent/androidworld); null after reporting a failure. */
async function startAndroidWorld(phone: Parameters<typeof serveSuiteOverAndroidWorld>[0]['phone'], portText: string, host: string | undefined, taskPaths: string[], seed: number, screenshot: 'pixels' | 'png', appsDir: string | undefined) {
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`phonebuddy serve-device: --androidworld-port must be 0–65535, got '${portText}'\n`);
    return null;
  }
  try {
    const aw = await serveSuiteOverAndroidWorld({ phone, port, host, taskPaths, seed, screenshot, catalog: await mockAppCatalog(appsDir), apps: mockAppManifests((await workspaceApps(appsDir)).infos), paramData: mockParamData(appsDir), warn: (l) => process.stderr.write(`${l}\n`) });
    process.stdout.write(`AndroidWorld API on ${aw.url} (${aw.tasks} task instances)\n`);
    return aw;
  } catch (e) {
    process.stderr.write(`phonebuddy serve-device: cannot serve the AndroidWorld API on ${host}:${port}: ${(e as Error).message}\n`);
    return null;
  }
}
