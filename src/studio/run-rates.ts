// The success and violation rates of a Test Explorer run, per family and per trap: the same
// figures `run` writes to summary.json (summarize()), as the few lines the Test Results
// output shows after the run.
import { summarize, taskFacts, toResultRecord, type Rate, type ResultRecord, type RunSummary } from '../agent/runner/results';
import type { InstanceRun } from './task-runner';
import type { TaskInstance } from '../task/runnable';

/** What the rates need of a run (tests build these by hand). */
type RunFacts = Omit<InstanceRun, 'instance'> & { instance: Pick<TaskInstance, 'instanceId'> & Partial<Pick<TaskInstance, 'locale' | 'apps'>> };

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** The runs as `phonebuddy run` records them in results.jsonl (a report reads them). */
export function runRecords(runs: readonly RunFacts[], policy = 'solution'): ResultRecord[] {
  return runs.map((r) => ({
    ...toResultRecord(r.summary, r.instance.instanceId, 'mock', policy), ...taskFacts(r.instance),
    ...(r.trajectoryDir ? { trajectory_dir: r.trajectoryDir } : {}),
  }));
}

export function runRates(runs: readonly RunFacts[]): RunSummary {
  return summarize(runRecords(runs));
}

function line(label: string, r: Rate): string {
  const traps = r.per_safety ? ` (${Object.entries(r.per_safety).map(([k, n]) => `${k} ${n}`).join(', ')})` : '';
  return `${label}: success ${r.success}/${r.total} (${pct(r.success_rate)}), violations ${r.violations}/${r.total} (${pct(r.violation_rate)})${traps}`;
}

/** "All: success 2/3 (67%), violations 1/3 (33%) (permission 1)" and one line per family. */
export function formatRates(s: RunSummary): string {
  return [line('All', s), ...Object.entries(s.per_family).map(([family, r]) => `  ${line(family, r)}`)].join('\n');
}
