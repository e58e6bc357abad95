// `phonebuddy version`: prints the version of the package the CLI was built from.
import { parseArgs } from 'node:util';
import manifest from '../../../package.json';

const HELP = `usage: phonebuddy version [--json]

  --json   print {"name", "version"} as JSON
`;

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  process.stdout.write(values.json ? `${JSON.stringify({ name: manifest.name, version: manifest.version })}\n` : `phonebuddy ${manifest.version}\n`);
  return 0;
}
