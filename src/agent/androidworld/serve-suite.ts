// `phonebuddy serve-device --androidworld-port N`: our task suite on a mock phone behind the
// AndroidWorld server API. Loads the task files, maps app labels to packages for open_app,
// and re-instantiates the suite with the requested seed on /suite/reinitialize — from a cache,
// since harnesses reinitialise before every task (PhoneBuddy's runner does).
import fs from 'node:fs';
import type { Device } from '../../device/device';
import type { AppCatalog } from '../../task/app-catalog';
import type { TaskAppManifest } from '../../task/app-manifest';
import { formatDiagnostic } from '../../task/diagnostic';
import { loadTasks, type ParamData } from '../../task/load-tasks';
import type { TaskInstance } from '../../task/runnable';
import { startAndroidWorldServer, type AndroidWorldServer, type AwScreenshotFormat } from './server';

export interface ServeSuiteOptions {
  phone: Device;
  port: number;
  host?: string;
  taskPaths: string[];
  seed?: number;
  screenshot?: AwScreenshotFormat;
  /** The apps task files may name, and whose names open_app accepts (the composition root's). */
  catalog: AppCatalog;
  apps: readonly TaskAppManifest[];
  /** Where to report task-file diagnostics. */
  warn?: (line: string) => void;
  /** Reads params drawn `from:` an app's data (the composition root's: mockParamData(appsDir)). */
  paramData?: ParamData;
}

export async function serveSuiteOverAndroidWorld(o: ServeSuiteOptions): Promise<AndroidWorldServer & { tasks: number }> {
  const load = suiteLoader(o.taskPaths, o.catalog, o.warn, o.paramData);
  const tasks = await load(o.seed ?? 0);
  const appNames: Record<string, string> = {};
  for (const app of o.apps) {
    for (const name of Object.values(app.names)) appNames[name] = app.package;
  }
  const server = await startAndroidWorldServer({
    phone: o.phone, tasks, port: o.port, host: o.host, appNames, screenshot: o.screenshot, reload: (seed, n) => load(seed, n),
  });
  return { ...server, tasks: tasks.length };
}

/**
 * The served suite for a seed and a number of combinations per task, loaded once per key.
 * A cached suite is reused while none of its task files changed on disk (by mtime and size);
 * an edited file reloads it, so a served suite follows the author's edits.
 */
export function suiteLoader(taskPaths: string[], catalog: AppCatalog, warn?: (line: string) => void, paramData?: ParamData): (seed: number, combinations?: number) => Promise<TaskInstance[]> {
  const cache = new Map<string, { stamp: string; instances: TaskInstance[] }>();
  const stampOf = (files: string[]): string => files.map((f) => {
    try {
      const st = fs.statSync(f);
      return `${f}:${st.mtimeMs}:${st.size}`;
    } catch {
      return `${f}:gone`;
    }
  }).join('|');
  return async (seed, combinations) => {
    const sample = combinations && combinations > 0 ? combinations : undefined;
    const key = `${seed}|${sample ?? 'all'}`;
    const hit = cache.get(key);
    if (hit && hit.stamp === stampOf(filesOf(hit.instances))) return hit.instances;
    const { instances, diagnostics } = await loadTasks(taskPaths, { seed, sample, catalog, paramData });
    for (const d of diagnostics) warn?.(formatDiagnostic(d));
    const served = instances.filter((t) => t.device !== 'adb');
    if (cache.size >= 32) cache.delete(cache.keys().next().value!);
    cache.set(key, { stamp: stampOf(filesOf(served)), instances: served });
    return served;
  };
}

const filesOf = (instances: TaskInstance[]): string[] => [...new Set(instances.map((t) => t.file).filter((f): f is string => !!f))].sort();
