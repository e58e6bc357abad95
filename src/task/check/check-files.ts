// `phonebuddy check` without the command line: load task files, then prove every instance
// (every param combination, or a seeded sample) with checkInstance.
import type { AppCatalog } from '../app-catalog';
import type { Diagnostic } from '../diagnostic';
import { loadTaskFiles } from '../load-tasks';
import { checkInstance, type CheckDeps, type InstanceCheck } from './check-task';

export interface CheckFilesOptions {
  seed?: number;
  sample?: number;
  catalog?: AppCatalog;
  /** Only instances of these task ids. */
  taskIds?: string[];
  onResult?: (r: InstanceCheck) => void;
}

export interface CheckFilesResult {
  diagnostics: Diagnostic[];
  checks: InstanceCheck[];
  ok: boolean;
}

export async function checkFiles(paths: string[], deps: CheckDeps, options: CheckFilesOptions = {}): Promise<CheckFilesResult> {
  const { files, diagnostics } = await loadTaskFiles(paths, { seed: options.seed, sample: options.sample, catalog: options.catalog });
  const checks: InstanceCheck[] = [];
  for (const f of files) {
    for (const inst of f.instances) {
      if (options.taskIds && !options.taskIds.includes(inst.taskId)) continue;
      const r = await checkInstance(inst, deps);
      checks.push(r);
      options.onResult?.(r);
    }
  }
  const ok = !diagnostics.some((d) => d.severity === 'error') && checks.every((c) => c.ok) && files.length > 0;
  return { diagnostics, checks, ok };
}
