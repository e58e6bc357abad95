// Shared by every benchmark script (bench/*.bench.ts): statistics helpers and the one line
// format bench/run.mjs collects. Benchmarks report medians and percentiles measured side by
// side in one run; they never assert on time.

export interface BenchRow {
  metric: string;
  value: number;
  unit: string; // 'ms', 'steps/s', 'fps', 'KiB', 'x' (ratio)…
  /** The issue's target, e.g. '<= 5 ms'. */
  target?: string;
  note?: string;
}

export function median(xs: number[]): number {
  return percentile(xs, 50);
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i];
}

/** Runs `fn` `warmup` times untimed, then `runs` times; returns each run's duration in ms. */
export async function timeRuns(fn: () => unknown, runs: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));

/** Prints one machine-readable line that bench/run.mjs picks up, plus a readable table. */
export function report(benchmark: string, rows: BenchRow[]): void {
  for (const r of rows) {
    console.log(`  ${r.metric.padEnd(48)} ${String(round(r.value)).padStart(10)} ${r.unit}${r.target ? `   (target ${r.target})` : ''}${r.note ? `   ${r.note}` : ''}`);
  }
  console.log(`BENCH_RESULT ${JSON.stringify({ benchmark, rows })}`);
}
