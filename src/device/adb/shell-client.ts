// Running one shell command on a device through the adb server. With `shell_v2` (Android
// 7+, and our mock phone) the output is framed, so we get stdout, stderr and the exit
// code, and a stream that ends without an exit packet means the device went away. Older
// devices get plain `shell:` with an exit-status marker appended.
import { DeviceError } from '../errors';
import { openDeviceService, type AdbServerAddress, type SocketReader } from './server-socket';

export interface ShellResult {
  stdout: Buffer;
  stderr: Buffer;
  exitCode: number;
}

// Legacy devices: `cmd; r=$?; echo; echo __PB_EXIT__:$r` — the extra echo guarantees the
// marker starts a line, and we drop exactly that one newline again.
const EXIT_MARKER = '__PB_EXIT__:';

export interface ShellCall {
  result: Promise<ShellResult>;
  /** Tears the call down (used on timeout). */
  abort(): void;
}

export function runShellCommand(addr: AdbServerAddress, serial: string, command: string, shellV2: boolean): ShellCall {
  let reader: SocketReader | undefined;
  let aborted = false;
  const result = (async () => {
    const service = shellV2 ? `shell,v2,raw:${command}` : `shell:${command}; r=$?; echo; echo ${EXIT_MARKER}$r`;
    reader = await openDeviceService(addr, serial, service);
    if (aborted) reader.socket.destroy();
    return shellV2 ? readV2(reader) : readLegacy(reader);
  })();
  return { result, abort: () => { aborted = true; reader?.socket.destroy(); } };
}

async function readV2(reader: SocketReader): Promise<ShellResult> {
  // Close stdin at once: commands that read stdin see EOF instead of waiting for us.
  reader.socket.write(Buffer.from([4, 0, 0, 0, 0]));
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  try {
    for (;;) {
      const head = await reader.read(5);
      if (!head) throw new DeviceError('disconnected', 'the device closed the shell before reporting an exit status');
      const len = head.readUInt32LE(1);
      const data = len ? await reader.read(len) : Buffer.alloc(0);
      if (!data) throw new DeviceError('disconnected', 'the device went away in the middle of a shell reply');
      if (head[0] === 1) stdout.push(data);
      else if (head[0] === 2) stderr.push(data);
      else if (head[0] === 3) return { stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr), exitCode: data[0] ?? 0 };
    }
  } finally {
    reader.socket.destroy();
  }
}

async function readLegacy(reader: SocketReader): Promise<ShellResult> {
  try {
    const all = await reader.readAll();
    const at = all.lastIndexOf('\n' + EXIT_MARKER);
    if (at < 0) throw new DeviceError('disconnected', 'the device closed the shell before reporting an exit status');
    const code = parseInt(all.subarray(at + 1 + EXIT_MARKER.length).toString('ascii'), 10);
    const stdout = all.subarray(0, at);
    return { stdout, stderr: Buffer.alloc(0), exitCode: Number.isFinite(code) ? code : 0 };
  } finally {
    reader.socket.destroy();
  }
}

/**
 * `exec:CMD` — raw bytes, no pty, no exit status (Android 5+). Used for binary output on
 * devices without shell_v2, whose plain `shell:` may run under a pty that mangles \n.
 */
export function runExecOut(addr: AdbServerAddress, serial: string, command: string): ShellCall {
  let reader: SocketReader | undefined;
  let aborted = false;
  const result = (async () => {
    reader = await openDeviceService(addr, serial, `exec:${command}`);
    if (aborted) reader.socket.destroy();
    try {
      return { stdout: await reader.readAll(), stderr: Buffer.alloc(0), exitCode: 0 };
    } finally {
      reader.socket.destroy();
    }
  })();
  return { result, abort: () => { aborted = true; reader?.socket.destroy(); } };
}
