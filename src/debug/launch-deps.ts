// What the debugger needs from the composition root to launch: task files loaded against the
// app catalogue, and mock phones. The debug layer may not reach src/studio itself (the layer
// table), so whoever creates a session passes these in: src/studio/debug-deps.ts fills them.
import type { Device } from '../device/device';
import type { Diagnostic } from '../task/diagnostic';
import type { TaskInstance } from '../task/runnable';

export interface DebugLaunchDeps {
  /**
   * Loads task files (a file or a folder each) into instances, with the file's diagnostics;
   * `appsDir`: the workspace's app files (read as they are now), whose apps tasks may use.
   */
  loadTasks(paths: string[], options: { seed: number; appsDir?: string }): Promise<{ instances: TaskInstance[]; diagnostics: Diagnostic[] }>;
  /** A fresh mock phone for a task instance, under its own serial, running the workspace's apps of `appsDir`. */
  mockPhoneForTask(task: { seed: number; locale?: string }, options: { serial: string; appsDir?: string }): Promise<Device>;
}
