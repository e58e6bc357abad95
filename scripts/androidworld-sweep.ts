// `npm run sweep:androidworld -- [--apps DIR] [--seed N]… [--rate R] [--only ID,…] [PATH…]`:
// every served task type of the task files at PATH (default tasks-examples) played through
// PhoneBuddy's AndroidWorld runner (its stand-in, src/agent/androidworld/testing/reference-runner.ts)
// against our AndroidWorld server on loopback, serving the phone as `serve-device
// --androidworld-port --apps DIR` does, with the perfect scripted model; each verdict compared
// with our own runner's (solution policy, AndroidWorld actuation). The whole catalogue:
//   npm run sweep:androidworld -- --apps catalogue/apps catalogue/tasks
// CI plays a sample of it (src/agent/androidworld/reference-runner-catalogue.test.ts); this is the
// full sweep, one line per task type, exit 1 when any fails or differs.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startRunnerHarness, verdictDiffs } from '../src/agent/androidworld/testing/runner-harness';

const root = path.resolve(__dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { apps: { type: 'string' }, seed: { type: 'string', multiple: true }, rate: { type: 'string', default: '100' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  process.stdout.write('usage: npm run sweep:androidworld -- [--apps DIR] [--seed N]… [--rate R] [--only ID,…] [PATH…]\n  default PATH tasks-examples, seed 0; --rate cuts the runner\'s 3 s + 2 s pauses R-fold (the phone\'s clock runs R× faster)\n');
  process.exit(0);
}
const seeds = (values.seed ?? ['0']).map(Number);
const rate = Number(values.rate);
if (seeds.some((s) => !Number.isInteger(s)) || !(rate >= 1)) {
  process.stderr.write(`androidworld-sweep: --seed must be integers and --rate ≥ 1, got ${JSON.stringify(values.seed)} and '${values.rate}'\n`);
  process.exit(2);
}
const taskPaths = (positionals.length ? positionals : ['tasks-examples']).map((p) => path.resolve(root, p));
const appsDir = values.apps === undefined ? undefined : path.resolve(root, values.apps);

(async () => {
  const started = Date.now();
  // Task-file diagnostics are printed once; a task with an error is not served, so errors count as failures.
  const seen = new Set<string>();
  const problems = new Set<string>();
  const h = await startRunnerHarness({
    taskPaths, appsDir, rate, screenshot: 'png',
    warn: (line) => {
      if (!seen.has(line)) process.stdout.write(`${line}\n`);
      seen.add(line);
      if (/: error: /.test(line)) problems.add(line);
    },
  });
  let failed = 0;
  try {
    for (const seed of seeds) {
      const t0 = Date.now();
      const served = (await h.served(seed)).map((t) => t.taskId).filter((id) => !values.only || values.only.split(',').includes(id));
      if (served.length === 0) {
        process.stdout.write(`seed ${seed}: no task type served${values.only ? ` matches --only ${values.only}` : ''}\n`);
        failed++;
        continue;
      }
      const ours = await h.ourScores(seed, served);
      const records = await h.runner(seed, {
        tasks: served,
        onRecord: (r) => process.stdout.write(`${r.success && r.score === ours.get(r.task_type) ? 'pass' : 'FAIL'} ${r.task_type} (seed ${seed}, ${r.steps} steps, runner ${r.score}, ours ${ours.get(r.task_type)})\n`),
      });
      const diffs = verdictDiffs(records, ours);
      const missing = served.filter((id) => !records.some((r) => r.task_type === id));
      for (const d of diffs) process.stdout.write(`  ${d}\n`);
      for (const id of missing) process.stdout.write(`  ${id}: not played\n`);
      failed += diffs.length + missing.length;
      process.stdout.write(`seed ${seed}: ${records.length - diffs.length}/${served.length} task types pass through the runner, as our own runner scores them (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
    }
  } finally {
    await h.close();
  }
  failed += problems.size;
  if (problems.size) process.stdout.write(`${problems.size} task-file error(s) above: those tasks were not served\n`);
  process.stdout.write(`${failed ? `${failed} failed` : 'all passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  process.exit(failed ? 1 : 0);
})().catch((e: unknown) => {
  process.stderr.write(`androidworld-sweep: ${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
