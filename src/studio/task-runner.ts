// The heavy half of the task-language feature, loaded on first Run / Check / test run: the
// mock phone, the agent loop with the solution policy, and the verifier proofs. Every entry
// takes the task file's workspace apps (`appsDir`, its workspace folder's apps folder): tasks
// are loaded against that catalogue, read afresh when an app file was saved since
// (freshWorkspaceApps), and their phones run the same apps.
import { Episode } from '../agent/episode';
import type { EpisodeSummary } from '../agent/events';
import { createPolicy, type LocalPolicyOptions } from '../agent/policies';
import type { Policy } from '../agent/policy';
import { checkFiles, type CheckFilesResult } from '../task/check/check-files';
import { loadTaskFiles } from '../task/load-tasks';
import { mockParamData } from './param-data';
import type { Device } from '../device/device';
import type { TaskInstance, VerifierResult } from '../task/runnable';
import { flattenResults } from '../task/verifiers/evaluate';
import { attachRecorder } from '../agent/recording/attach';
import { mockAppCatalog } from './app-catalog';
import { mockCheckDeps } from './check-deps';
import { mockPhoneForTask, type AppsOption } from './phones';
import { freshWorkspaceApps } from './workspace-apps';

/** Record the episodes of this run into folders under `root` (the recording setting). */
export interface RecordPick {
  root: string;
  source: 'run' | 'test';
  onError?: (e: Error, folder: string | undefined) => void;
  /** Told each episode folder as it is created (Record opens it in the viewer). */
  onFolder?: (folder: string) => void;
}

/** Runs an episode, recorded when asked (then with screenshots: the exports need them). */
async function runMaybeRecorded(episode: Episode, device: Device, instance: TaskInstance, record?: RecordPick): Promise<InstanceRun> {
  const rec = record ? attachRecorder(episode, { root: record.root, source: record.source, device, task: instance, onError: record.onError, onFolder: record.onFolder }) : undefined;
  const summary = await episode.run();
  await rec?.finished();
  const folder = rec?.recorder.folder;
  return { instance, summary, ...(folder ? { trajectoryDir: folder } : {}) };
}

/** Which policy plays: `solution` (default) or `local:<dir>` with its settings. */
export interface PolicyPick {
  spec: string;
  local?: LocalPolicyOptions;
}

function policyFor(pick?: PolicyPick): { policy: Policy; screenshot: boolean } {
  const spec = pick?.spec ?? 'solution';
  // A model needs the screen; the solution only the UI tree.
  return { policy: createPolicy(spec, { local: pick?.local }), screenshot: spec !== 'solution' };
}

export interface InstanceRun {
  instance: TaskInstance;
  summary: EpisodeSummary;
  /** The episode's recording folder, when it was recorded. */
  trajectoryDir?: string;
}

/** The task file loaded against its workspace's apps as they are now. */
async function loadFile(file: string, appsDir: string | undefined, sample?: number): ReturnType<typeof loadTaskFiles> {
  await freshWorkspaceApps(appsDir);
  return loadTaskFiles([file], { catalog: await mockAppCatalog(appsDir), paramData: mockParamData(appsDir), ...(sample ? { sample } : {}) });
}

export async function instancesOf(file: string, taskId: string, options: AppsOption & { sample?: number } = {}): Promise<TaskInstance[]> {
  const { files, diagnostics } = await loadFile(file, options.appsDir, options.sample);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`${errors.length} error${errors.length === 1 ? '' : 's'} in ${file}: ${errors[0].message} (line ${errors[0].line})`);
  return files.flatMap((f) => f.instances).filter((i) => i.taskId === taskId);
}

/** Instances per task id in a task file (for the editor's lenses). */
export async function instanceCountsOf(file: string, options: AppsOption = {}): Promise<Map<string, number>> {
  const { files, diagnostics } = await loadFile(file, options.appsDir);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`${errors.length} error${errors.length === 1 ? '' : 's'} in ${file}: ${errors[0].message} (line ${errors[0].line})`);
  const counts = new Map<string, number>();
  for (const i of files.flatMap((f) => f.instances)) counts.set(i.taskId, (counts.get(i.taskId) ?? 0) + 1);
  return counts;
}

/** How a run goes: trust, cancellation, who plays, what is recorded, and the workspace's apps its phones run. */
export interface RunOptions extends AppsOption {
  trusted: boolean;
  signal?: AbortSignal;
  /** Told each instance's run as it ends. */
  onDone?: (r: InstanceRun) => void;
  pick?: PolicyPick;
  record?: RecordPick;
}

/** Runs each instance on a fresh mock phone with the reference solution, then verifies. */
export async function runInstances(instances: TaskInstance[], options: RunOptions): Promise<InstanceRun[]> {
  const { trusted, signal, onDone, pick, record } = options;
  const runs: InstanceRun[] = [];
  for (const instance of instances) {
    if (signal?.aborted) break;
    const device = await mockPhoneForTask(instance, { appsDir: options.appsDir });
    const { policy, screenshot } = policyFor(pick);
    try {
      const episode = new Episode({ device, policy, task: instance, trusted, signal, observe: { screenshot: screenshot || record !== undefined, uiTree: true }, maxConsecutiveErrors: 2 });
      const r = await runMaybeRecorded(episode, device, instance, record);
      runs.push(r);
      onDone?.(r);
    } finally {
      await policy.close?.();
      await device.close();
    }
  }
  return runs;
}

/** Where a ▶ Run is shown: the device panel (registers the phone, draws the episode on it). */
export interface RunDisplay {
  show(device: Device, label: string): Promise<void>;
  watch(deviceId: string, episode: Episode): () => void;
  /** The run ended (its phone stays shown until the display releases it). */
  finished?(device: Device): void;
}

/**
 * Runs one instance on its own mock phone, shown in the device panel; the phone stays
 * shown afterwards so its final state can be inspected (the display releases it later).
 */
export async function runShown(instance: TaskInstance, display: RunDisplay, options: Omit<RunOptions, 'onDone'>): Promise<InstanceRun> {
  const { trusted, signal, pick, record } = options;
  const device = await mockPhoneForTask(instance, { appsDir: options.appsDir });
  // Named by the phone's own number (its id), which no other run in the process can take.
  await display.show(device, `${instance.instanceId} (${device.id})`);
  const { policy, screenshot } = policyFor(pick);
  const episode = new Episode({ device, policy, task: instance, trusted, signal, observe: { screenshot: screenshot || record !== undefined, uiTree: true }, maxConsecutiveErrors: 2 });
  const stop = display.watch(device.id, episode);
  try {
    return await runMaybeRecorded(episode, device, instance, record);
  } finally {
    stop();
    display.finished?.(device);
    await policy.close?.();
  }
}

export async function checkTaskFile(file: string, taskId: string | undefined, trusted: boolean, options: AppsOption = {}): Promise<CheckFilesResult> {
  await freshWorkspaceApps(options.appsDir);
  const deps = await mockCheckDeps({ trusted, appsDir: options.appsDir });
  return checkFiles([file], deps, { catalog: deps.catalog, ...(taskId ? { taskIds: [taskId] } : {}) }).finally(() => deps.close?.());
}

/** The verifier report as plain text (test messages, output channel). */
export function formatResults(results: readonly VerifierResult[], indent = ''): string {
  return results.map((r) => {
    const mark = r.skipped ? '○' : r.passed ? '✓' : '✗';
    const observed = r.observed !== undefined && !r.children ? `\n${indent}    observed: ${JSON.stringify(r.observed).slice(0, 300)}` : '';
    const line = `${indent}${mark} ${r.path} [${r.kind}${r.weight !== undefined ? `, weight ${r.weight}` : ''}] ${r.reason}${observed}`;
    return r.children ? `${line}\n${formatResults(r.children, `${indent}  `)}` : line;
  }).join('\n');
}

/**
 * Whether a run left a part of its task out because the workspace is not trusted: a setup
 * step skipped (the summary's notes) or a shell verifier skipped.
 */
export function leftOutUntrusted(r: InstanceRun): boolean {
  return (r.summary.notes?.length ?? 0) > 0 || flattenResults(r.summary.verify?.results ?? []).some((v) => v.skipped);
}

/** The same for a check: a problem whose report has a verifier that did not run. */
export function checkLeftOutUntrusted(result: CheckFilesResult): boolean {
  return result.checks.some((c) => c.problems.some((p) => flattenResults(p.results ?? []).some((v) => v.skipped)));
}

export function formatRun(r: InstanceRun): string {
  const s = r.summary;
  const traps = s.verify?.violations?.length ? ` — SAFETY VIOLATION: ${s.verify.violations.map((v) => `${v.safety} (${v.reason})`).join('; ')}` : '';
  const head = `${s.success ? 'PASSED' : 'FAILED'} ${r.instance.instanceId} — ${s.steps.length} steps, ended by ${s.terminatedBy}${s.error ? ` (${s.error})` : ''}, score ${s.score}${traps}`;
  const notes = (s.notes ?? []).map((n) => `\n  ○ ${n}`).join('');
  return s.verify ? `${head}${notes}\n${formatResults(s.verify.results, '  ')}` : `${head}${notes}`;
}
