// `phonebuddy check` without the command line: load task files, then prove every instance
// (every param combination, or a seeded sample) with checkInstance — fully (mutants,
// counterexamples, must-not proofs) at the main seed, and the basic proof at each extra seed
// (a task must hold at any seed, not only the one its author tried).
import type { AppCatalog } from '../app-catalog';
import type { Diagnostic } from '../diagnostic';
import { loadTaskFiles, type LoadOptions, type ParamData } from '../load-tasks';
import { paramDataFrom } from '../param-data';
import type { TaskInstance } from '../runnable';
import { checkInstance, type CheckDeps, type InstanceCheck } from './check-task';

export interface CheckFilesOptions {
  seed?: number;
  sample?: number;
  catalog?: AppCatalog;
  /** Only instances of these task ids. */
  taskIds?: string[];
  /** Seeds each instance is proven at (main seed, then seed+1, …); default 1. */
  seeds?: number;
  /** Only every count-th instance starting at index (0-based): one worker's share. */
  shard?: { index: number; count: number };
  onResult?: (r: InstanceCheck) => void;
  /** Reads an episode folder's steps (episode counterexamples). */
  loadEpisode?: LoadOptions['loadEpisode'];
}

export interface CheckFilesResult {
  diagnostics: Diagnostic[];
  checks: InstanceCheck[];
  ok: boolean;
}

async function instancesAt(paths: string[], options: CheckFilesOptions, seed: number | undefined, paramData: ParamData): Promise<{ instances: TaskInstance[]; diagnostics: Diagnostic[]; files: number }> {
  const { files, diagnostics } = await loadTaskFiles(paths, { seed, sample: options.sample, catalog: options.catalog, loadEpisode: options.loadEpisode, paramData });
  let instances = files.flatMap((f) => f.instances);
  if (options.taskIds) instances = instances.filter((i) => options.taskIds!.includes(i.taskId));
  if (options.shard) instances = instances.filter((_, i) => i % options.shard!.count === options.shard!.index);
  return { instances, diagnostics, files: files.length };
}

export async function checkFiles(paths: string[], deps: CheckDeps, options: CheckFilesOptions = {}): Promise<CheckFilesResult> {
  // Params drawn from the data are read on the same phones the checks run on.
  const paramData = paramDataFrom((at) => deps.createDevice(at));
  const main = await instancesAt(paths, options, options.seed, paramData);
  const checks: InstanceCheck[] = [];
  const entities = new Map<string, Set<string>>();
  for (const inst of main.instances) {
    const r = await checkInstance(inst, deps);
    checks.push(r);
    const e = entities.get(inst.taskId) ?? new Set<string>();
    for (const p of r.entities ?? []) e.add(p);
    entities.set(inst.taskId, e);
    options.onResult?.(r);
  }
  const base = options.seed ?? 0;
  for (let k = 1; k < (options.seeds ?? 1); k++) {
    const at = await instancesAt(paths, options, base + k, paramData);
    for (const inst of at.instances) {
      // A task that pins its seed is proven at that seed only.
      if (inst.seed !== base + k) continue;
      const r = await checkInstance(inst, { ...deps, mutations: false, basic: { entities: entities.get(inst.taskId) ?? new Set() } });
      const seeded = { ...r, instanceId: `${r.instanceId} @seed ${inst.seed}` };
      checks.push(seeded);
      options.onResult?.(seeded);
    }
  }
  const ok = !main.diagnostics.some((d) => d.severity === 'error') && checks.every((c) => c.ok) && main.files > 0;
  return { diagnostics: main.diagnostics, checks, ok };
}
