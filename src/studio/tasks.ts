// Task files loaded against the mock phone's app catalogue: what the CLI, the runner's threads,
// the editor and the tests load tasks with.
import { loadTaskFiles, loadTasks, type LoadOptions } from '../task/load-tasks';
import { mockAppCatalog } from './app-catalog';

/** `appsDir`: the workspace's app files, whose apps tasks may use beside the built-ins. */
type MockLoadOptions = Omit<LoadOptions, 'catalog'> & { appsDir?: string };

export async function loadMockTasks(paths: string[], options: MockLoadOptions = {}): ReturnType<typeof loadTasks> {
  const { appsDir, ...rest } = options;
  return loadTasks(paths, { ...rest, catalog: await mockAppCatalog(appsDir) });
}

export async function loadMockTaskFiles(paths: readonly string[], options: MockLoadOptions = {}): ReturnType<typeof loadTaskFiles> {
  const { appsDir, ...rest } = options;
  return loadTaskFiles(paths, { ...rest, catalog: await mockAppCatalog(appsDir) });
}
