// `phonebuddy serve-device --androidworld-port N`: our task suite on a mock phone behind the
// AndroidWorld server API. Loads the task files, maps app labels to packages for open_app,
// and re-instantiates the suite with the requested seed on /suite/reinitialize.
import type { Device } from '../../device/device';
import type { AppCatalog } from '../../task/app-catalog';
import type { TaskAppManifest } from '../../task/app-manifest';
import { formatDiagnostic } from '../../task/diagnostic';
import { loadTasks } from '../../task/load-tasks';
import { startAndroidWorldServer, type AndroidWorldServer } from './server';

export interface ServeSuiteOptions {
  phone: Device;
  port: number;
  host?: string;
  taskPaths: string[];
  seed?: number;
  /** The apps task files may name, and whose names open_app accepts (the composition root's). */
  catalog: AppCatalog;
  apps: readonly TaskAppManifest[];
  /** Where to report task-file diagnostics. */
  warn?: (line: string) => void;
}

export async function serveSuiteOverAndroidWorld(o: ServeSuiteOptions): Promise<AndroidWorldServer & { tasks: number }> {
  const load = async (seed: number, combinations?: number) => {
    const { instances, diagnostics } = await loadTasks(o.taskPaths, { seed, catalog: o.catalog, sample: combinations && combinations > 0 ? combinations : undefined });
    for (const d of diagnostics) o.warn?.(formatDiagnostic(d));
    return instances.filter((t) => t.device !== 'adb');
  };
  const tasks = await load(o.seed ?? 0);
  const appNames: Record<string, string> = {};
  for (const app of o.apps) {
    for (const name of Object.values(app.names)) appNames[name] = app.package;
  }
  const server = await startAndroidWorldServer({ phone: o.phone, tasks, port: o.port, host: o.host, appNames, reload: (seed, n) => load(seed, n) });
  return { ...server, tasks: tasks.length };
}
