// Task files loaded against the mock phone's app catalogue: what the CLI, the runner's threads,
// the editor and the tests load tasks with.
import { loadTaskFiles, loadTasks, type LoadOptions } from '../task/load-tasks';
import { mockAppCatalog } from './app-catalog';

export async function loadMockTasks(paths: string[], options: Omit<LoadOptions, 'catalog'> = {}): ReturnType<typeof loadTasks> {
  return loadTasks(paths, { ...options, catalog: await mockAppCatalog() });
}

export async function loadMockTaskFiles(paths: readonly string[], options: Omit<LoadOptions, 'catalog'> = {}): ReturnType<typeof loadTaskFiles> {
  return loadTaskFiles(paths, { ...options, catalog: await mockAppCatalog() });
}
