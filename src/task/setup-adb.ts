// `setup.install` and `setup.push` on ADB devices (real phones, emulators, the mock phone
// served over ADB): through the adb command line, with arguments passed as an argv array (no
// shell), so a path can never become a command.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Device } from '../device/device';

const ADB = process.env.ADB_BIN ?? 'adb';

/** The serial of an ADB device (`adb:<serial>`), or undefined for any other device. */
export function adbSerial(device: Device): string | undefined {
  return device.kind === 'adb' && device.id.startsWith('adb:') ? device.id.slice(4) : undefined;
}

function adb(args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(ADB, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`adb ${args.slice(2).join(' ')}: ${(stderr || err.message).trim()}`));
      else resolve(stdout);
    });
  });
}

/** Files in a task are relative to the task file's folder. */
export function resolveLocal(file: string, taskFile: string | undefined): string {
  return path.isAbsolute(file) || !taskFile ? file : path.resolve(path.dirname(taskFile), file);
}

export async function adbPush(serial: string, local: string, remote: string): Promise<void> {
  await adb(['-s', serial, 'push', local, remote], 120_000);
}

export async function adbInstall(serial: string, apk: string): Promise<void> {
  const out = await adb(['-s', serial, 'install', '-r', apk], 300_000);
  if (!/Success/.test(out)) throw new Error(`adb install ${apk}: ${out.trim().split('\n').pop()}`);
}
