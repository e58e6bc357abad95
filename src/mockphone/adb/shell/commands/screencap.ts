// `screencap [-p] [file]`: PNG of the mock phone's screen, to stdout or a file. Without -p
// and without a .png file name real screencap writes raw RGBA; we only serve PNG and say so.
import { CommandError, type ShellCommand } from '../env';

export const screencap: ShellCommand = async (args, io, env) => {
  const png = args.includes('-p');
  const file = args.find((a) => !a.startsWith('-'));
  if (!png && !(file?.endsWith('.png'))) throw new CommandError('screencap: the mock phone only produces PNG (use -p)');
  const shot = await env.phone.screenshot({ format: 'png' });
  if (file) env.files.write(file, shot.data);
  else io.out(shot.data);
  return 0;
};
