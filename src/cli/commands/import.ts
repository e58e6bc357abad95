// `phonebuddy import <task.json…> [--out DIR]`: converts MyPhoneBench / PhoneWorld task JSON
// into *.task.yaml files (or prints them), listing what needs finishing by hand.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseCommandArgs } from '../args';
import { importMyPhoneBench } from '../../task/import/myphonebench';

const HELP = `usage: phonebuddy import <task.json…> [--out DIR] [--force]

Converts MyPhoneBench / PhoneWorld task JSON (verification: {type: sqlite, table, rules,
expect}) into the PhoneBuddy task language. Without --out the YAML is printed.

  --out DIR   write <id>.task.yaml files into DIR
  --force     overwrite existing files
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('import', HELP, { args, allowPositionals: true, strict: true, options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length === 0) {
    process.stderr.write(`phonebuddy import: name at least one task JSON file\n${HELP}`);
    return 2;
  }
  let failures = 0;
  if (values.out) await fs.mkdir(values.out, { recursive: true });
  for (const file of positionals) {
    try {
      const json: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
      const r = importMyPhoneBench(json, path.basename(file));
      if (!values.out) {
        process.stdout.write(`${r.yaml}---\n`);
        continue;
      }
      const target = path.join(values.out, `${r.task.id}.task.yaml`);
      if (!values.force && (await fs.stat(target).catch(() => undefined))) throw new Error(`${target} exists (use --force to overwrite)`);
      await fs.writeFile(target, r.yaml);
      process.stderr.write(`${file} → ${target}${r.notes.length ? ` (${r.notes.length} TODO${r.notes.length === 1 ? '' : 's'})` : ''}\n`);
    } catch (e) {
      failures++;
      process.stderr.write(`phonebuddy import: ${file}: ${(e as Error).message}\n`);
    }
  }
  return failures ? 1 : 0;
}
