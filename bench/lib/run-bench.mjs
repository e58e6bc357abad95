// Runs one benchmark script (node --import tsx) in a checkout and collects the
// `BENCH_RESULT {json}` lines bench/report.ts prints. Shared by bench/run.mjs (this tree) and
// bench/ab.mjs (two commits side by side).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const TIMEOUT_MS = Number(process.env.PHONEBUDDY_BENCH_TIMEOUT_MS ?? 15 * 60_000);

/** The bench/*.bench.ts files whose names contain one of `filters` (all when none). */
export function benchFiles(benchDir, filters) {
  return fs.readdirSync(benchDir).filter((f) => f.endsWith('.bench.ts')).sort()
    .filter((f) => filters.length === 0 || filters.some((flt) => f.includes(flt)))
    .map((f) => path.join(benchDir, f));
}

/** Runs `file` with `cwd` as the project root; its other output is echoed, indented. */
export function runBench(file, cwd, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PHONEBUDDY_BENCH: '1' } });
    const results = [];
    let buffered = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        if (line.startsWith('BENCH_RESULT ')) {
          try {
            results.push(JSON.parse(line.slice('BENCH_RESULT '.length)));
          } catch (err) {
            console.error(`  bad BENCH_RESULT line from ${path.basename(file)}: ${err.message}`);
          }
        } else if (!quiet) {
          console.log(`  ${line}`);
        }
      }
    });
    child.stderr.on('data', (chunk) => { if (!quiet) process.stderr.write(chunk); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ file: path.relative(cwd, file), ok: code === 0 && results.length > 0, exit: signal ?? code, seconds: (Date.now() - started) / 1000, results });
    });
  });
}
