// `phonebuddy export`: recorded episodes → SFT data (phonebuddy | llamafactory | swift), and
// `--validate <dir>` to re-check an export. Warnings (corrupt, cut-off, missing screenshots)
// go to stderr and never stop the export; the stats report goes to stdout and stats.json.
import { parseCommandArgs } from '../args';
import { exportTrajectories, validateExport, FORMAT_NAMES, type ExportStats, type FormatName } from '../../trajectory/export';

const HELP = `usage: phonebuddy export <episode folders or runs dirs…> --format F --out DIR [options]
       phonebuddy export --validate DIR

  --format F        phonebuddy (PhoneBuddy's own request + target, image inline)
                    | llamafactory (ShareGPT messages + images, dataset_info.json)
                    | swift (ms-swift messages / images / tools)
  --out DIR         where train.jsonl, val.jsonl, images/ and stats.json go
  --only-success    only episodes whose verifiers passed
  --split F         fraction of episodes in train.jsonl, the rest in val.jsonl (default 1)
  --seed S          seed of the split (default 0; the same seed gives the same split)
  --rejected        also write corrected steps as preference pairs (*.preference.jsonl),
                    the correction chosen and the model's original rejected
  --validate DIR    re-read an export: JSON, prompt, <image> tags vs images, image files,
                    every target re-parsed with the protocol parser
  --json            print the stats (or the validation report) as JSON

Exit code: 0 done (warnings allowed), 1 validation found errors, 2 bad usage.
`;

function fmtBytes(n: number): string {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GiB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(1)} KiB`;
  return `${n} B`;
}

export function formatStats(s: ExportStats): string {
  const top = (m: Record<string, number>): string => Object.entries(m).slice(0, 12).map(([k, v]) => `${k} ${v}`).join(', ') || '—';
  const e = s.episodes;
  const skipped = s.steps.skipped;
  return [
    `episodes: ${e.exported} exported of ${e.found} found${e.corrupt ? `, ${e.corrupt} corrupt (skipped)` : ''}${e.live ? `, ${e.live} still recording (skipped)` : ''}${e.notSuccessful ? `, ${e.notSuccessful} not successful (left out)` : ''}`,
    `steps: ${s.steps.exported} (train ${s.steps.train}, val ${s.steps.val}${s.steps.preference ? `, preference pairs ${s.steps.preference}` : ''}${s.steps.human ? `; ${s.steps.human} by a person` : ''}${s.steps.emptyThought ? `; ${s.steps.emptyThought} with an empty <think> (no note)` : ''}); left out: ${skipped.noAction} without an action, ${skipped.failed} failed, ${skipped.missingScreenshot} missing a screenshot, ${skipped.duplicate} duplicates`,
    `success rate: ${(s.success.rate * 100).toFixed(1)}% (${s.success.success}/${s.success.withOutcome} episodes with an outcome)`,
    `per action: ${top(s.perAction)}`,
    `per app: ${top(s.perApp)}`,
    `bytes: ${fmtBytes(s.bytes.total)} (jsonl ${fmtBytes(s.bytes.jsonl)}, images ${fmtBytes(s.bytes.images)}, ${fmtBytes(s.bytes.perStep)}/step) in ${s.durationMs} ms`,
    `files: ${s.files.map((f) => `${f.file} (${f.samples})`).join(', ') || 'none'}`,
  ].join('\n');
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('export', HELP, { args, allowPositionals: true, strict: true, options: {
    format: { type: 'string' }, out: { type: 'string' }, 'only-success': { type: 'boolean' }, split: { type: 'string' },
    seed: { type: 'string' }, rejected: { type: 'boolean' }, validate: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const { values: v, positionals } = parsed;
  const usage = (why: string): number => { process.stderr.write(`phonebuddy export: ${why}\n${HELP}`); return 2; };
  if (v.validate !== undefined) {
    let report;
    try {
      report = validateExport(v.validate);
    } catch (e) {
      return usage((e as Error).message);
    }
    if (v.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      for (const f of report.files) process.stdout.write(`${f.file}: ${f.samples} samples, ${f.errors} with errors\n`);
      for (const e of report.errors) process.stdout.write(`  ${e}\n`);
      if (report.moreErrors) process.stdout.write(`  … and ${report.moreErrors} more\n`);
      process.stdout.write(`${report.samples} samples, ${report.images} images checked: ${report.errors.length + report.moreErrors === 0 ? 'valid' : 'INVALID'}\n`);
    }
    return report.errors.length + report.moreErrors === 0 ? 0 : 1;
  }
  if (positionals.length === 0) return usage('give episode folders or a runs dir to export');
  if (!v.format || !(FORMAT_NAMES as readonly string[]).includes(v.format)) return usage(`--format must be one of ${FORMAT_NAMES.join(', ')}${v.format ? `, got '${v.format}'` : ''}`);
  if (!v.out) return usage('--out DIR is required');
  const split = v.split === undefined ? 1 : Number(v.split);
  if (!(split > 0 && split <= 1)) return usage(`--split must be a number in (0, 1], got '${v.split}'`);
  const seed = v.seed === undefined ? 0 : Number(v.seed);
  if (!Number.isInteger(seed)) return usage(`--seed must be an integer, got '${v.seed}'`);
  const stats = await exportTrajectories({
    inputs: positionals, format: v.format as FormatName, outDir: v.out, onlySuccess: Boolean(v['only-success']), split, seed,
    rejected: Boolean(v.rejected), warn: (m) => process.stderr.write(`warning: ${m}\n`),
  });
  process.stdout.write(v.json ? `${JSON.stringify(stats, null, 2)}\n` : `${formatStats(stats)}\nstats: ${v.out}/stats.json\n`);
  return 0;
}
