// Foundation figures: how big the bundles are and how long a build takes (dev and
// production, median of several builds run side by side), plus the activation time the last
// integration run measured inside VS Code (read from .test-output/vscode/results.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { median, report, type BenchRow } from './report';

const root = path.resolve(__dirname, '..');
const RUNS = 3;

function build(production: boolean): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['esbuild.mjs', ...(production ? ['--production'] : [])], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

function kib(file: string): number {
  return fs.statSync(file).size / 1024;
}

function bundleSizes(label: string): BenchRow[] {
  const dist = path.join(root, 'dist');
  const rows: BenchRow[] = [];
  let total = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'test' && e.name !== 'node_modules') walk(full);
      } else if (!e.name.endsWith('.map')) {
        total += kib(full);
        if (e.name.endsWith('.js')) rows.push({ metric: `${label} ${path.relative(dist, full)}`, value: kib(full), unit: 'KiB' });
      }
    }
  };
  walk(dist);
  rows.push({ metric: `${label} dist/ total (no maps)`, value: total, unit: 'KiB' });
  return rows;
}

const rows: BenchRow[] = [];
const prodTimes: number[] = [];
const devTimes: number[] = [];
build(false); // warm the file cache
for (let i = 0; i < RUNS; i++) {
  prodTimes.push(build(true));
  devTimes.push(build(false));
}
rows.push({ metric: 'build (npm run build), median', value: median(devTimes), unit: 'ms', note: `${RUNS} runs, node startup included` });
rows.push({ metric: 'build --production, median', value: median(prodTimes), unit: 'ms', note: `${RUNS} runs` });
build(true);
rows.push(...bundleSizes('production'));
build(false); // leave the dev build (with source maps) in dist/
rows.push({ metric: 'dev dist/extension.js', value: kib(path.join(root, 'dist', 'extension.js')), unit: 'KiB' });

const integration = path.join(root, '.test-output', 'vscode', 'results.json');
if (fs.existsSync(integration)) {
  const r = JSON.parse(fs.readFileSync(integration, 'utf8')) as { metrics?: Record<string, number>; vscodeVersion?: string };
  const note = `from the last npm run test:vscode (VS Code ${r.vscodeVersion})`;
  if (r.metrics?.['activation.activateMs'] !== undefined) rows.push({ metric: 'activation: inside activate()', value: r.metrics['activation.activateMs'], unit: 'ms', note });
  if (r.metrics?.['activation.sinceBundleLoadMs'] !== undefined) rows.push({ metric: 'activation: bundle load → activate() done', value: r.metrics['activation.sinceBundleLoadMs'], unit: 'ms', note });
}

report('foundation', rows);
