// `phonebuddy report <runs dirs…> [--compare <runs dir>] [--out report/]`: a self-contained
// HTML report of one run (several runs dirs are shards of it and merge), compared with another
// run when --compare is given. The work is src/report's; this only parses and prints.
import path from 'node:path';
import { parseCommandArgs } from '../args';

const HELP = `usage: phonebuddy report <runs dirs…> [--compare <runs dir>] [--out DIR]

  <runs dirs…>      the --out folders of \`phonebuddy run\`; several are shards of one
                    suite (\`run --shard i/n\`) and merge into one run (an instance found
                    twice is counted once and named; a shard not given is named)
  --compare DIR     the run to compare with (the base: an earlier checkpoint or model);
                    shards of it: give --compare once per dir
  --out DIR         the report folder (default report/); open DIR/index.html from disk
  --title T         the report's title
  --label L         the name of the run (default: its runs dirs' folder names)
  --compare-label L the name of the --compare run
  --json            also write the report's data as DIR/report.json

The report needs no server or network: index.html, its script, stylesheet, Chart.js and the
filmstrips' screenshots (copied from the recordings of \`run --record\`) are all in DIR.
Exit code: 0 written, 1 a runs dir could not be read, 2 bad usage.
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('report', HELP, { args, allowPositionals: true, strict: true, options: {
    compare: { type: 'string', multiple: true }, label: { type: 'string' }, 'compare-label': { type: 'string' }, out: { type: 'string' }, title: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const { values: v, positionals } = parsed;
  if (positionals.length === 0) {
    process.stderr.write(`phonebuddy report: give one or more runs dirs\n${HELP}`);
    return 2;
  }
  const { loadRun, RunsDirError } = await import('../../report/load');
  const { buildReport } = await import('../../report/build');
  const { writeReport } = await import('../../report/write');
  const { viewAssets } = await import('../../report/view-assets');
  const started = performance.now();
  let runLoaded, base;
  try {
    runLoaded = loadRun(positionals, v.label);
    base = v.compare?.length ? loadRun(v.compare, v['compare-label']) : undefined;
  } catch (e) {
    if (!(e instanceof RunsDirError)) throw e;
    process.stderr.write(`phonebuddy report: ${e.message}\n`);
    return 1;
  }
  const built = await buildReport(runLoaded, base, { title: v.title });
  const out = v.out ?? 'report';
  const index = await writeReport(out, built, await viewAssets());
  if (v.json) {
    const fs = await import('node:fs');
    fs.writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(built.data, null, 1)}\n`);
  }
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  for (const r of built.data.runs) {
    const o = r.overall;
    process.stdout.write(`${r.label}: ${o.success}/${o.total} passed (${pct(o.rate)}, 95% CI ${pct(o.ci.lo)}–${pct(o.ci.hi)}), ${o.violations} violation${o.violations === 1 ? '' : 's'}\n`);
    for (const n of r.notes) if (n.level === 'warning') process.stderr.write(`warning: ${n.text}\n`);
  }
  const c = built.data.compare;
  if (c) process.stdout.write(`compare: ${c.shared} shared, won ${c.won}, lost ${c.lost}, both ${c.both}, neither ${c.neither}; McNemar exact p = ${c.mcnemarP.toPrecision(3)}\n`);
  process.stdout.write(`report: ${path.resolve(index)} (${built.files.length} screenshots, ${Math.round(performance.now() - started)} ms)\n`);
  return 0;
}
