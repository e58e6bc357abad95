// `phonebuddy check` with mutation checking on vs off, side by side in one run: the time to
// prove a task (median over the example instances, one actuation, one seed), the ratio, and
// the whole examples folder as the CLI runs it with --parallel 2 (the target:
// ≤ 60 s on 2 cores). The baseline for check's own speed-up is a new phone for every run
// (as check did before phones were pooled), measured interleaved with today's pooled phones.
// Load average is printed with the figures: the machine is shared.
//   node --import tsx bench/check.bench.ts
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { mockCheckDeps } from '../src/studio/check-deps';
import { checkInstance } from '../src/task/check/check-task';
import { loadMockTasks as loadTasks } from '../src/studio/tasks';
import { median, report, round } from './report';

const root = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const { instances } = await loadTasks([path.join(root, 'tasks-examples')], { seed: 0 });
  const mock = instances.filter((i) => i.device !== 'adb').filter((_, i) => i % 3 === 0); // every 3rd: a spread of families
  const on = await mockCheckDeps({ mutations: true });
  const off = await mockCheckDeps({ mutations: false });
  const fresh = await mockCheckDeps({ mutations: true, reusePhones: false });
  const tOn: number[] = [];
  const tOff: number[] = [];
  const tFresh: number[] = [];
  let mutants = 0;
  for (const inst of mock) {
    // Interleaved, so both see the same load.
    let t = performance.now();
    const r = await checkInstance(inst, on);
    tOn.push(performance.now() - t);
    mutants += r.mutants?.tried ?? 0;
    t = performance.now();
    await checkInstance(inst, off);
    tOff.push(performance.now() - t);
    t = performance.now();
    await checkInstance(inst, fresh);
    tFresh.push(performance.now() - t);
  }
  await Promise.all([on.close?.(), off.close?.(), fresh.close?.()]);
  const load = os.loadavg()[0];
  const started = performance.now();
  const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), 'check', path.join(root, 'tasks-examples'), '--parallel', '2', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  const whole = (performance.now() - started) / 1000;
  const proven = cli.status === 0 || cli.status === 1 ? (JSON.parse(cli.stdout) as { checks: { ok: boolean }[] }).checks : [];
  report('check', [
    { metric: `check one instance, mutations on (median of ${mock.length})`, value: round(median(tOn)), unit: 'ms', note: `${round(mutants / mock.length, 1)} mutants per instance` },
    { metric: 'check one instance, mutations off (each step dropped only)', value: round(median(tOff)), unit: 'ms' },
    { metric: 'mutations on / off', value: round(median(tOn) / median(tOff)), unit: 'x' },
    { metric: 'check one instance, mutations on, a new phone per run (baseline)', value: round(median(tFresh)), unit: 'ms' },
    { metric: 'pooled phones vs a new phone per run', value: round(median(tOn) / median(tFresh)), unit: 'x', note: 'below 1 is faster' },
    { metric: 'all examples: check --parallel 2 (3 seeds, both actuations)', value: round(whole, 1), unit: 's', target: '<= 60 s on 2 cores', note: `${proven.filter((c) => c.ok).length}/${proven.length} proven; load avg ${round(load, 1)} on ${os.cpus().length} cores` },
  ]);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
