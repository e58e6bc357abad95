// `shell,v2,<options>:CMD`: the framed shell protocol adb uses when the device lists
// `shell_v2` (its packets: shell-v2-packets.ts).
import { runShell } from '../shell/run';
import type { ShellEnv } from '../shell/env';
import type { AdbStream } from '../stream';
import { interactive } from './interactive';
import { ShellId, ShellPacketReader, shellPacket } from './shell-v2-packets';

export function shellV2(command: string, env: ShellEnv) {
  return async (stream: AdbStream): Promise<void> => {
    const writes: Promise<void>[] = [];
    const sink = (fd: 1 | 2, data: Buffer): void => {
      if (data.length) writes.push(stream.write(shellPacket(fd === 1 ? ShellId.Stdout : ShellId.Stderr, data)));
    };
    const status = command.trim() === ''
      ? await interactive(stream, { ...env, signal: stream.signal }, sink, new ShellPacketReader())
      : await runShell(command, { ...env, signal: stream.signal }, sink);
    await Promise.all(writes);
    await stream.write(shellPacket(ShellId.Exit, Buffer.from([status & 0xff])));
  };
}
