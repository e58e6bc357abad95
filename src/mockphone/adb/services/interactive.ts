// `adb shell` with no command: a line-at-a-time shell with a prompt. Enough for a person
// poking at the mock phone; there is no line editing.
import { defaultVars, runShell, type OutputSink } from '../shell/run';
import type { ShellEnv } from '../shell/env';
import type { AdbStream } from '../stream';
import type { ShellPacketReader } from './shell-v2-packets';

export function interactive(stream: AdbStream, env: ShellEnv, sink: OutputSink, framed?: ShellPacketReader): Promise<number> {
  const prompt = (): void => sink(1, Buffer.from(`${env.phone.props()['ro.product.device'] ?? 'phonebuddy'}:/ $ `));
  const vars = defaultVars();
  let pending = '';
  let status = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return new Promise<number>((resolve) => {
    const finish = (): void => { chain = chain.then(() => resolve(status)); };
    const onLine = async (line: string): Promise<boolean> => {
      sink(1, Buffer.from(line + '\r\n')); // a pty echoes what was typed
      if (/^\s*exit\s*$/.test(line)) return false;
      status = await runShell(line, env, (fd, d) => sink(fd, Buffer.from(d.toString('utf8').replace(/\r?\n/g, '\r\n'))), vars);
      prompt();
      return true;
    };
    const onInput = (text: string): void => {
      pending += text;
      let nl: number;
      while ((nl = pending.search(/[\r\n]/)) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1).replace(/^\n/, '');
        chain = chain.then(async () => { if (!(await onLine(line))) { stream.removeAllListeners('data'); finish(); } });
      }
    };
    prompt();
    stream.on('data', (chunk) => {
      if (!framed) return onInput(chunk.toString('utf8'));
      for (const p of framed.push(chunk)) {
        if (p.id === 0) onInput(p.data.toString('utf8'));
        else if (p.id === 4) finish();
      }
    });
    stream.on('close', () => finish());
  });
}
