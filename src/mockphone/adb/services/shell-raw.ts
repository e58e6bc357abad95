// `shell:CMD` and `exec:CMD` without the v2 framing: the command's stdout and stderr go
// straight down the stream (adbkit always uses this), then the stream closes. An empty
// command is an interactive shell reading lines.
import { runShell } from '../shell/run';
import type { ShellEnv } from '../shell/env';
import type { AdbStream } from '../stream';
import { interactive } from './interactive';

export function rawShell(command: string, env: ShellEnv, options: { mergeStderr: boolean }) {
  return async (stream: AdbStream): Promise<void> => {
    if (command.trim() === '') {
      await interactive(stream, { ...env, signal: stream.signal }, (_fd, data) => { void stream.write(data); });
      return;
    }
    const writes: Promise<void>[] = [];
    await runShell(command, { ...env, signal: stream.signal }, (fd, data) => {
      if (fd === 1 || options.mergeStderr) writes.push(stream.write(data));
    });
    await Promise.all(writes);
  };
}
