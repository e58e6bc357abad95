#!/usr/bin/env node
// `npm run bench [-- filter…]`: runs every bench/*.bench.ts as its own script (node --import
// tsx), one after another so they do not compete for the cores, collects the
// `BENCH_RESULT {json}` lines bench/report.ts prints, and writes bench/results/latest.json
// and bench/results/latest.md (a table). Exits 1 if a benchmark failed or reported nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchFiles, runBench } from './lib/run-bench.mjs';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const outDir = path.join(benchDir, 'results');
const filters = process.argv.slice(2);

/**
 * A row's value for the table. A NaN or infinite value (a median of nothing: a phase that
 * produced no samples) arrives as null, since JSON has no NaN: it is shown as "n/a" instead of
 * crashing the whole report.
 */
function valueCell(value) {
  return typeof value === 'number' && Number.isFinite(value) ? Number(value.toFixed(2)) : 'n/a';
}

function markdown(report) {
  const cell = (s) => String(s ?? '').replace(/\|/g, '\\|');
  const lines = [
    `# Benchmarks — ${report.date}`,
    '',
    `${report.machine}; Node ${report.node}; commit ${report.commit}.`,
    '',
    '| benchmark | metric | value | unit | target | note |',
    '|---|---|---:|---|---|---|',
  ];
  for (const run of report.runs) {
    if (!run.ok) lines.push(`| ${cell(run.file)} | **failed** (exit ${run.exit}) | | | | |`);
    for (const r of run.results) {
      for (const row of r.rows) {
        lines.push(`| ${cell(r.benchmark)} | ${cell(row.metric)} | ${cell(valueCell(row.value))} | ${cell(row.unit)} | ${cell(row.target)} | ${cell(row.note)} |`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

const files = benchFiles(benchDir, filters);
if (files.length === 0) {
  console.error('no benchmark matched');
  process.exit(1);
}

const runs = [];
for (const file of files) {
  console.log(`▶ ${path.relative(root, file)}`);
  const run = await runBench(file, root);
  console.log(`${run.ok ? '✔' : '✘'} ${run.file} (${run.seconds.toFixed(1)} s)`);
  runs.push(run);
}

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown';
const report = {
  date: new Date().toISOString(),
  node: process.versions.node,
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  commit,
  runs,
};
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(report, null, 2));
fs.writeFileSync(path.join(outDir, 'latest.md'), markdown(report));
const failed = runs.filter((r) => !r.ok);
console.log(`\nwrote bench/results/latest.json and latest.md: ${runs.length - failed.length} of ${runs.length} benchmarks ran${failed.length ? `; failed: ${failed.map((r) => r.file).join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
