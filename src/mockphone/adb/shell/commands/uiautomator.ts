// `uiautomator dump [--compressed] [file]`: writes the UI tree and prints Android's own
// (misspelt) confirmation line, which callers grep for.
import { CommandError, type ShellCommand } from '../env';

export const DEFAULT_DUMP_PATH = '/sdcard/window_dump.xml';

export const uiautomator: ShellCommand = async (args, io, env) => {
  const [sub, ...rest] = args;
  if (sub !== 'dump') throw new CommandError(`Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\ndump: creates an XML dump of current UI hierarchy\n`);
  const file = rest.find((a) => !a.startsWith('-')) ?? DEFAULT_DUMP_PATH;
  const xml = await env.phone.uiTree();
  if (file === '/dev/tty' || file === '/dev/stdout') io.out(xml);
  else env.files.write(file, Buffer.from(xml, 'utf8'));
  io.out(`UI hierchary dumped to: ${file}\n`);
  return 0;
};
