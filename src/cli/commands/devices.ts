// `phonebuddy devices [list|connect|disconnect|track]`: the adb server's devices, and
// connecting TCP devices (Wi-Fi phones, remote ADB, DeviceFarmer STF "remote connect").
import { parseCommandArgs } from '../args';
import { AdbDevice, AdbDeviceTracker, adbClient, connectTcpDevice, DEFAULT_ADB_SERVER, disconnectTcpDevice, listAdbDevices } from '../../device/adb';
import { isDeviceError } from '../../device/errors';

const HELP = `usage: phonebuddy devices [list] [--long]
       phonebuddy devices connect HOST[:PORT]
       phonebuddy devices disconnect HOST[:PORT]
       phonebuddy devices track

  list        devices known to the adb server (--long adds model and SDK)
  connect     adb connect a TCP device (Wi-Fi phone, emulator, STF remote connect URL)
  disconnect  adb disconnect it
  track       print devices as they are plugged, unplugged, go offline or unauthorized
The adb server is ANDROID_ADB_SERVER_PORT (default 5037); it is started if needed.
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('devices', HELP, { args, allowPositionals: true, strict: true, options: { long: { type: 'boolean', short: 'l' }, help: { type: 'boolean', short: 'h' } } });
  if (typeof parsed === 'number') return parsed;
  const [sub = 'list', target, ...extra] = parsed.positionals;
  try {
    switch (sub) {
      case 'list': return await list(Boolean(parsed.values.long));
      case 'connect':
      case 'disconnect':
        if (!target || extra.length) { process.stderr.write(`phonebuddy devices ${sub}: expected one HOST[:PORT]\n`); return 2; }
        if (sub === 'connect') process.stdout.write(`connected to ${await connectTcpDevice(target)}\n`);
        else { await disconnectTcpDevice(target); process.stdout.write(`disconnected ${target}\n`); }
        return 0;
      case 'track': return await track();
      default:
        process.stderr.write(`phonebuddy devices: unknown subcommand '${sub}'\n${HELP}`);
        return 2;
    }
  } catch (e) {
    process.stderr.write(`phonebuddy devices ${sub}: ${isDeviceError(e) ? `${e.code}: ` : ''}${(e as Error).message}\n`);
    return 1;
  }
}

async function list(long: boolean): Promise<number> {
  const devices = await listAdbDevices();
  if (devices.length === 0) process.stdout.write('no devices (plug in a phone, start an emulator, or `phonebuddy devices connect HOST:PORT`)\n');
  for (const d of devices) {
    let extra = '';
    if (long && d.state === 'device') {
      const dev = await AdbDevice.open(d.serial, { timeoutMs: 5000, reconnect: false }).catch(() => undefined);
      const info = await dev?.info().catch(() => undefined);
      await dev?.close();
      if (info) extra = `\t${info.model}\tSDK ${info.sdk ?? '?'}`;
    }
    process.stdout.write(`${d.serial}\t${d.state}${extra}\n`);
  }
  return 0;
}

async function track(): Promise<number> {
  const tracker = new AdbDeviceTracker(adbClient(DEFAULT_ADB_SERVER), DEFAULT_ADB_SERVER);
  tracker.on('change', (d, old) => process.stdout.write(`${new Date().toISOString()}\t${d.serial}\t${old ?? 'new'} -> ${d.state}\n`));
  tracker.on('error', (e) => process.stderr.write(`adb server: ${e.message}\n`));
  await tracker.start();
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  tracker.stop();
  return 0;
}
