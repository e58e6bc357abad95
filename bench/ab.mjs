#!/usr/bin/env node
// `npm run bench:ab -- --base REV [--rounds 3] filter…`: the same benchmarks on two commits,
// side by side in one run — the base checked out into a temporary worktree (sharing this
// tree's node_modules), then base, head, base, head… alternately, so a machine whose load
// drifts during the run moves both sides alike. Prints, per metric, the median of each side
// over the rounds and head ÷ base. For "did this change make anything slower?".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchFiles, runBench } from './lib/run-bench.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { base: { type: 'string' }, rounds: { type: 'string', default: '3' } } });
if (!values.base) {
  console.error('usage: npm run bench:ab -- --base REV [--rounds N] [filter…]');
  process.exit(2);
}
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`--rounds must be a positive integer, not '${values.rounds}'`);
  process.exit(2);
}
const git = (...args) => {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
};
const baseRev = git('rev-parse', '--short', values.base);
const headRev = git('rev-parse', '--short', 'HEAD');
const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), `phonebuddy-bench-${baseRev}-`));
git('worktree', 'add', '--detach', baseDir, baseRev);
fs.symlinkSync(path.join(root, 'node_modules'), path.join(baseDir, 'node_modules'));

/** metric key → { base: number[], head: number[], unit } */
const seen = new Map();
const collect = (side, run) => {
  for (const r of run.results) {
    for (const row of r.rows) {
      if (typeof row.value !== 'number' || !Number.isFinite(row.value)) continue;
      const key = `${r.benchmark} · ${row.metric}`;
      const m = seen.get(key) ?? { base: [], head: [], unit: row.unit };
      m[side].push(row.value);
      seen.set(key, m);
    }
  }
};

try {
  const files = benchFiles(path.join(root, 'bench'), positionals).map((f) => path.basename(f));
  if (files.length === 0) throw new Error('no benchmark matched');
  for (let round = 1; round <= rounds; round++) {
    for (const file of files) {
      for (const [side, dir] of [['base', baseDir], ['head', root]]) {
        if (!fs.existsSync(path.join(dir, 'bench', file))) continue;
        console.log(`▶ round ${round}/${rounds} ${side} (${side === 'base' ? baseRev : headRev}) ${file}`);
        const run = await runBench(path.join(dir, 'bench', file), dir, { quiet: true });
        if (!run.ok) console.log(`  ✘ exit ${run.exit}`);
        collect(side, run);
      }
    }
  }
} finally {
  git('worktree', 'remove', '--force', baseDir);
}

const median = (xs) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const fmt = (x) => (Number.isFinite(x) ? String(Number(x.toFixed(2))) : '—');
console.log(`\n| metric | unit | base ${baseRev} | head ${headRev} | head ÷ base |\n|---|---|---:|---:|---:|`);
for (const [key, m] of seen) {
  const b = median(m.base), h = median(m.head);
  console.log(`| ${key} | ${m.unit} | ${fmt(b)} | ${fmt(h)} | ${fmt(h / b)} |`);
}
console.log(`\nmedians over ${rounds} round(s) each, the sides alternating; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`);
