// `phonebuddy serve-device --androidworld-port N`: our task suite on a mock phone behind the
// AndroidWorld server API. Loads the task files, maps app labels to packages for open_app,
// and re-instantiates the suite with the requested seed on /suite/reinitialize.
import type { Device } from '../../device/device';
import { APPS } from '../../mockphone';
import { localize } from '../../mockphone/apps/app';
import { loadTasks, formatDiagnostic } from '../../task';
import { startAndroidWorldServer, type AndroidWorldServer } from './server';

export interface ServeSuiteOptions {
  phone: Device;
  port: number;
  host?: string;
  taskPaths: string[];
  seed?: number;
  /** Where to report task-file diagnostics. */
  warn?: (line: string) => void;
}

export async function serveSuiteOverAndroidWorld(o: ServeSuiteOptions): Promise<AndroidWorldServer & { tasks: number }> {
  const load = async (seed: number, combinations?: number) => {
    const { instances, diagnostics } = await loadTasks(o.taskPaths, { seed, sample: combinations && combinations > 0 ? combinations : undefined });
    for (const d of diagnostics) o.warn?.(formatDiagnostic(d));
    return instances.filter((t) => t.device !== 'adb');
  };
  const tasks = await load(o.seed ?? 0);
  const appNames: Record<string, string> = {};
  for (const app of APPS) {
    for (const locale of ['en-US', 'zh-CN'] as const) appNames[localize(app.label, locale)] = app.package;
  }
  const server = await startAndroidWorldServer({ phone: o.phone, tasks, port: o.port, host: o.host, appNames, reload: (seed, n) => load(seed, n) });
  return { ...server, tasks: tasks.length };
}
