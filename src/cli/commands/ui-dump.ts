// `phonebuddy ui-dump`: prints the mock phone's UI tree as `uiautomator dump` XML.
import fs from 'node:fs';
import { parseCommandArgs } from '../args';
import { MOCK_OPTIONS, MOCK_OPTIONS_HELP, phoneFromOptions } from '../mock-phone-options';

const HELP = `usage: phonebuddy ui-dump --device mock [--open PACKAGE] [--seed N] [--locale L] [--out FILE]

${MOCK_OPTIONS_HELP}
  --out FILE         write the XML to FILE instead of stdout
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('ui-dump', HELP, { args, strict: true, options: { ...MOCK_OPTIONS, out: { type: 'string' } } });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const phone = await phoneFromOptions(values);
  if (typeof phone === 'string') { process.stderr.write(`phonebuddy ui-dump: ${phone}\n`); return 2; }
  try {
    const xml = await phone.uiTree();
    if (values.out) fs.writeFileSync(values.out, xml);
    else process.stdout.write(xml);
    return 0;
  } catch (e) {
    process.stderr.write(`phonebuddy ui-dump: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await phone.close();
  }
}
