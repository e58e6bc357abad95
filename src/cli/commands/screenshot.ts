// `phonebuddy screenshot`: renders one frame of the mock phone to a PNG or JPEG file.
import fs from 'node:fs';
import { parseCommandArgs } from '../args';
import { MOCK_OPTIONS, MOCK_OPTIONS_HELP, phoneFromOptions } from '../mock-phone-options';

const HELP = `usage: phonebuddy screenshot --device mock [--open PACKAGE] [--seed N] [--locale L]
                             --out FILE [--format png|jpeg] [--quality Q]

${MOCK_OPTIONS_HELP}
  --out FILE         where to write the image (required)
  --format F         png or jpeg (default: from the file extension, else png)
  --quality Q        JPEG quality 1–100 (default 90)
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('screenshot', HELP, { args, strict: true, options: { ...MOCK_OPTIONS, out: { type: 'string' }, format: { type: 'string' }, quality: { type: 'string', default: '90' } } });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const out = values.out;
  const format = values.format ?? (out && /\.jpe?g$/i.test(out) ? 'jpeg' : 'png');
  const quality = Number(values.quality);
  const problems = [
    !out ? '--out FILE is required' : '',
    format !== 'png' && format !== 'jpeg' ? `--format must be png or jpeg, got '${format}'` : '',
    !Number.isInteger(quality) || quality < 1 || quality > 100 ? `--quality must be an integer 1–100, got '${values.quality}'` : '',
  ].filter(Boolean);
  if (problems.length) { process.stderr.write(`phonebuddy screenshot: ${problems.join('; ')}\n`); return 2; }
  const phone = await phoneFromOptions(values);
  if (typeof phone === 'string') { process.stderr.write(`phonebuddy screenshot: ${phone}\n`); return 2; }
  try {
    const shot = await phone.screenshot({ format: format as 'png' | 'jpeg', quality });
    fs.writeFileSync(out!, shot.data);
    process.stdout.write(`${out}: ${shot.width}x${shot.height} ${shot.format}, ${shot.data.length} bytes (foreground ${await phone.foregroundApp()})\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`phonebuddy screenshot: cannot write ${out}: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await phone.close();
  }
}
