// `phonebuddy check <files…>`: proves each task's verifiers on the mock phone, running the
// reference solution through the agent loop (solution policy). Exit 0 only when every file
// is clean and every instance passes; --json for machines.
import { parseCommandArgs } from '../args';
import { runEpisode } from '../../agent/episode';
import { ACTUATIONS, type Actuation } from '../../agent/execute';
import { SolutionPolicy } from '../../agent/policies/solution';
import { createMockPhone, withMockShell } from '../../mockphone';

import { checkFiles, type CheckFilesResult } from '../../task/check/check-files';
import type { CheckDeps, InstanceCheck } from '../../task/check/check-task';
import { formatDiagnostic } from '../../task/diagnostic';
import type { TaskInstance } from '../../task/runnable';

const HELP = `usage: phonebuddy check <files or folders…> [--json] [--sample N] [--seed S] [--task ID]
                       [--actuation both|phonebuddy|androidworld]

Proves every task on the mock phone: the reference solution must pass from a fresh reset,
the untouched initial state must fail (else the verifier is vacuous), and the solution
without its last effective step must fail. Every param combination is tried, or a seeded
sample of N per task.

  --json       print the full report as JSON
  --sample N   check at most N param combinations per task (seeded)
  --seed S     seed for sampling and random param draws (default 0)
  --task ID    only this task id (repeatable)
  --actuation A  how the solution's \`type\` steps reach the phone: phonebuddy (text only),
               androidworld (text + Enter, as AndroidWorld's input_text and PhoneBuddy's
               runner do), or both (default): a task must give the same verdict under both
`;

/** The mock phone + the agent loop with the solution policy: what check runs on. */
export function mockCheckDeps(trusted = true, actuation: Actuation = 'phonebuddy'): CheckDeps {
  return {
    createDevice: async (inst: TaskInstance) => withMockShell(await createMockPhone({ seed: inst.seed, ...(inst.locale === 'zh-CN' || inst.locale === 'en-US' ? { locale: inst.locale } : {}) })),
    runEpisode: async (device, instance, context) => {
      const summary = await runEpisode({ device, policy: new SolutionPolicy(), task: instance, trusted: context.trusted, observe: { screenshot: false, uiTree: true }, maxConsecutiveErrors: 2, actuation });
      if (!summary.verify) throw new Error(`episode ended without a verdict: ${summary.error ?? summary.reason}`);
      return {
        outcome: { ...(summary.answer !== undefined ? { answer: summary.answer } : {}), steps: [], terminatedBy: summary.terminatedBy },
        report: summary.verify,
      };
    },
    context: { trusted },
  };
}

function line(r: InstanceCheck, actuation?: Actuation): string {
  const id = actuation ? `${r.instanceId}  [${actuation}]` : r.instanceId;
  if (r.ok) return `✓ ${id}  (${r.runs} runs, ${r.ms} ms)\n`;
  return `✗ ${id}\n${r.problems.map((p) => `    ${p.kind}: ${p.message}\n`).join('')}`;
}

export function formatReport(result: CheckFilesResult): string {
  const passed = result.checks.filter((c) => c.ok).length;
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  return `${passed}/${result.checks.length} instances proven; ${errors} error${errors === 1 ? '' : 's'}, ${result.diagnostics.length - errors} warning${result.diagnostics.length - errors === 1 ? '' : 's'}\n`;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('check', HELP, { args, allowPositionals: true, strict: true, options: {
    json: { type: 'boolean' }, sample: { type: 'string' }, seed: { type: 'string' }, task: { type: 'string', multiple: true }, actuation: { type: 'string', default: 'both' }, help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length === 0) {
    process.stderr.write(`phonebuddy check: name at least one task file or folder\n${HELP}`);
    return 2;
  }
  const int = (s: string | undefined, name: string): number | undefined => {
    if (s === undefined) return undefined;
    if (!/^\d+$/.test(s)) throw new Error(`--${name} must be a non-negative integer, not '${s}'`);
    return Number(s);
  };
  let sample: number | undefined;
  let seed: number | undefined;
  try {
    sample = int(values.sample, 'sample');
    seed = int(values.seed, 'seed');
  } catch (e) {
    process.stderr.write(`phonebuddy check: ${(e as Error).message}\n`);
    return 2;
  }
  const actuation = values.actuation!;
  if (actuation !== 'both' && !(ACTUATIONS as readonly string[]).includes(actuation)) {
    process.stderr.write(`phonebuddy check: --actuation must be both, ${ACTUATIONS.join(' or ')}, not '${actuation}'\n`);
    return 2;
  }
  const json = values.json === true;
  const actuations = actuation === 'both' ? ACTUATIONS : [actuation as Actuation];
  // One proof per actuation; the checks of all of them make one report (each tagged).
  let result: CheckFilesResult | undefined;
  for (const a of actuations) {
    const tag = actuations.length > 1 ? a : undefined;
    const r = await checkFiles(positionals, mockCheckDeps(true, a), {
      sample, seed, ...(values.task ? { taskIds: values.task } : {}),
      onResult: json ? undefined : (c) => process.stdout.write(line(c, tag)),
    });
    const checks = r.checks.map((c) => ({ ...c, actuation: a }));
    result = result ? { ...result, checks: [...result.checks, ...checks], ok: result.ok && r.ok } : { ...r, checks };
  }
  if (!result) return 2;
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    for (const d of result.diagnostics) process.stdout.write(`${formatDiagnostic(d)}\n`);
    if (result.checks.length === 0 && result.diagnostics.length === 0) process.stdout.write('no tasks found\n');
    process.stdout.write(formatReport(result));
  }
  return result.ok ? 0 : 1;
}
