// `phonebuddy check <files…>`: proves each task's verifiers on the mock phone, running the
// reference solution through the agent loop (solution policy), then tries to break them
// (src/task/check/). Exit 0 only when every file is clean and every instance is proven;
// --json for machines, --parallel for several processes.
import { parseCommandArgs } from '../args';
import { ACTUATIONS, type Actuation } from '../../agent/execute';
import { checkFiles, type CheckFilesOptions, type CheckFilesResult } from '../../task/check/check-files';
import type { InstanceCheck } from '../../task/check/check-task';
import { formatDiagnostic } from '../../task/diagnostic';
import { mockCheckDeps } from '../../studio/check-deps';
import type { StepDef } from '../../task/model';
import { stepsFromEpisode } from '../../task/counterexample';
import { checkInProcesses } from './check-parallel';
import { checkDiagnostics } from '../../task/language/check-sites';
import fs from 'node:fs';
import { APPS_HELP, APPS_OPTION, checkedAppDiagnostics } from '../apps-option';

const HELP = `usage: phonebuddy check <files or folders…> [options]
       phonebuddy check --apps DIR          (the app files alone)

Proves every task on the mock phone: the untouched initial state must fail (else the verifier
is vacuous) and the reference solution must pass from a fresh reset. Then check tries to
break the verifiers: wrong trajectories made from the solution (each step dropped, other
param values and rows, the stale clipboard and near misses typed — cut short, longer, in
another case, another row's value — filter steps skipped, the final confirm left out, the
task done twice where a verifier counts "at least", another app, a wrong answer of the right
shape) must fail unless they end in the same state; the task's counterexamples must fail; every must-not clause
must be shown able to fail. Each instance is also proven at the next seeds.

  --json           print the full report as JSON
  --sample N       check at most N param combinations per task (seeded)
  --seed S         seed for sampling, random param draws and the phone (default 0)
  --seeds N        prove each instance at N seeds: S, S+1, … (default 3)
  --task ID        only this task id (repeatable)
  --parallel N     check in N processes at once (default 1)
  --no-mutations   only the basic proofs (initial state, solution, each step dropped)
  --actuation A    how the solution's \`type\` steps reach the phone: phonebuddy (text only),
                   androidworld (text + Enter, as AndroidWorld's input_text and PhoneBuddy's
                   runner do), or both (default): the full proof runs under the first, the
                   basic proof under the other, and a task must hold under both
${APPS_HELP}`;

function line(r: InstanceCheck, actuation?: string): string {
  const id = actuation ? `${r.instanceId}  [${actuation}]` : r.instanceId;
  const m = r.mutants ? `, ${r.mutants.tried} mutants: ${r.mutants.killed} rejected, ${r.mutants.equivalent} equivalent${r.mutants.sideEffects ? `, ${r.mutants.sideEffects} with side effects` : ''}` : '';
  const warnings = r.warnings.map((w) => `    warning: ${w}\n`).join('');
  if (r.ok) return `✓ ${id}  (${r.runs} runs${m}, ${r.ms} ms)\n${warnings}`;
  const sites = problemSites(r);
  return `✗ ${id}\n${r.problems.map((p, i) => `    ${p.kind}: ${p.message}\n${sites[i] ? `      at ${sites[i]}${p.path ? ` (${p.path})` : ''}\n` : ''}`).join('')}${warnings}`;
}

const texts = new Map<string, string | undefined>();

/** file:line:col of each problem, where the editor puts it (check-sites.ts). */
function problemSites(r: InstanceCheck): (string | undefined)[] {
  if (!r.file) return [];
  if (!texts.has(r.file)) {
    try { texts.set(r.file, fs.readFileSync(r.file, 'utf8')); } catch { texts.set(r.file, undefined); }
  }
  const text = texts.get(r.file);
  if (text === undefined) return [];
  return checkDiagnostics(text, r.file, [r]).map((d) => `${d.file}:${d.line}:${d.column}`);
}

export function formatReport(result: CheckFilesResult): string {
  const passed = result.checks.filter((c) => c.ok).length;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return `${passed}/${result.checks.length} instances proven; ${errors} error${errors === 1 ? '' : 's'}, ${result.diagnostics.length - errors} warning${result.diagnostics.length - errors === 1 ? '' : 's'}\n`;
}

/** Episode counterexamples: the recorded steps that ran, as task-file steps. */
async function loadEpisode(folder: string): Promise<StepDef[]> {
  const { readEpisode } = await import('../../trajectory/reader');
  return stepsFromEpisode((await readEpisode(folder)).steps);
}

/** Every actuation's proof of the files, in this process: the first fully, the others basic. */
async function checkHere(positionals: string[], opts: CheckFilesOptions, actuations: readonly Actuation[], mutations: boolean, appsDir: string | undefined, onResult?: (c: InstanceCheck) => void): Promise<CheckFilesResult> {
  let result: CheckFilesResult | undefined;
  for (const [i, a] of actuations.entries()) {
    const tag = actuations.length > 1 ? a : undefined;
    const full = i === 0;
    const deps = await mockCheckDeps({ mutations: mutations && full, actuation: a, ...(appsDir ? { appsDir } : {}) });
    const r = await checkFiles(positionals, deps, {
      ...opts, catalog: deps.catalog, ...(full ? {} : { seeds: 1 }), loadEpisode,
      onResult: (c) => onResult?.(tag ? { ...c, actuation: a } : c),
    }).finally(() => deps.close?.());
    const checks = r.checks.map((c) => (tag ? { ...c, actuation: a } : c));
    result = result ? { ...result, checks: [...result.checks, ...checks], ok: result.ok && r.ok } : { ...r, checks };
  }
  return result!;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('check', HELP, { args, allowPositionals: true, strict: true, options: {
    json: { type: 'boolean' }, sample: { type: 'string' }, seed: { type: 'string' }, seeds: { type: 'string' }, task: { type: 'string', multiple: true },
    parallel: { type: 'string' }, 'no-mutations': { type: 'boolean' }, 'worker-shard': { type: 'string' }, actuation: { type: 'string', default: 'both' },
    help: { type: 'boolean', short: 'h' }, ...APPS_OPTION,
  } });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length === 0 && values.apps !== undefined) {
    // The app files alone: schema, meaning, seeds (deterministic, bounded), every screen's elements addressable.
    const ds = await checkedAppDiagnostics(values.apps);
    const errors = ds.filter((d) => d.severity === 'error').length;
    if (values.json === true) process.stdout.write(`${JSON.stringify({ ok: errors === 0, diagnostics: ds }, null, 2)}\n`);
    else {
      for (const d of ds) process.stdout.write(`${formatDiagnostic(d)}\n`);
      process.stdout.write(`app files: ${errors} error${errors === 1 ? '' : 's'}, ${ds.length - errors} warning${ds.length - errors === 1 ? '' : 's'}\n`);
    }
    return errors === 0 ? 0 : 1;
  }
  if (positionals.length === 0) {
    process.stderr.write(`phonebuddy check: name at least one task file or folder (or --apps DIR alone to check app files)\n${HELP}`);
    return 2;
  }
  const int = (s: string | undefined, name: string, min = 0): number | undefined => {
    if (s === undefined) return undefined;
    if (!/^\d+$/.test(s) || Number(s) < min) throw new Error(`--${name} must be an integer >= ${min}, not '${s}'`);
    return Number(s);
  };
  let opts: CheckFilesOptions;
  let parallel: number;
  try {
    const shard = values['worker-shard'] ? /^(\d+)\/(\d+)$/.exec(values['worker-shard']) : undefined;
    if (values['worker-shard'] && !shard) throw new Error('--worker-shard is i/n');
    opts = {
      sample: int(values.sample, 'sample'), seed: int(values.seed, 'seed'), seeds: int(values.seeds, 'seeds', 1) ?? 3,
      ...(values.task ? { taskIds: values.task } : {}),
      ...(shard ? { shard: { index: Number(shard[1]), count: Number(shard[2]) } } : {}),
    };
    parallel = int(values.parallel, 'parallel', 1) ?? 1;
  } catch (e) {
    process.stderr.write(`phonebuddy check: ${(e as Error).message}\n`);
    return 2;
  }
  const actuation = values.actuation!;
  if (actuation !== 'both' && !(ACTUATIONS as readonly string[]).includes(actuation)) {
    process.stderr.write(`phonebuddy check: --actuation must be both, ${ACTUATIONS.join(' or ')}, not '${actuation}'\n`);
    return 2;
  }
  const actuations = actuation === 'both' ? ACTUATIONS : [actuation as Actuation];
  const json = values.json === true;
  const mutations = values['no-mutations'] !== true;
  if (opts.shard) {
    // A worker of --parallel: one JSON line per check, then the diagnostics.
    const r = await checkHere(positionals, opts, actuations, mutations, values.apps, (c) => process.stdout.write(`${JSON.stringify({ check: c })}\n`));
    process.stdout.write(`${JSON.stringify({ done: { diagnostics: r.diagnostics, ok: r.ok } })}\n`);
    return 0;
  }
  const onResult = json ? undefined : (r: InstanceCheck) => process.stdout.write(line(r, r.actuation));
  // The app files are checked once, here (not in each shard): schema, meaning, seeds, screens.
  const appProblems = await checkedAppDiagnostics(values.apps);
  const checked = parallel > 1 ? await checkInProcesses(args, parallel, onResult) : await checkHere(positionals, opts, actuations, mutations, values.apps, onResult);
  const result: CheckFilesResult = appProblems.length === 0 ? checked
    : { ...checked, diagnostics: [...appProblems, ...checked.diagnostics], ok: checked.ok && !appProblems.some((d) => d.severity === 'error') };
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    for (const d of result.diagnostics) process.stdout.write(`${formatDiagnostic(d)}\n`);
    if (result.checks.length === 0 && result.diagnostics.length === 0) process.stdout.write('no task files found\n');
    process.stdout.write(formatReport(result));
  }
  return result.ok ? 0 : 1;
}
