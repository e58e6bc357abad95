// The agent debugger's launch dependencies (src/debug/launch-deps.ts), filled in by the
// composition root. Each loads its module on first use: the extension creates the debug
// adapter at launch time only, and activation must stay cheap (test/unit/lazy-activation).
// A session is a run like ▶ Run: its workspace's apps are read as they are now.
import type { DebugLaunchDeps } from '../debug/launch-deps';

export const studioDebugDeps: DebugLaunchDeps = {
  loadTasks: async (paths, options) => {
    await (await import('./workspace-apps')).freshWorkspaceApps(options.appsDir);
    return (await import('./tasks')).loadMockTasks(paths, options);
  },
  mockPhoneForTask: async (task, options) => (await import('./phones')).mockPhoneForTask(task, options),
};
