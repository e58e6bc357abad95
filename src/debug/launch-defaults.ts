// Fills a `phonebuddy` launch configuration from where the user is: F5 on a task file with no
// launch.json (an empty configuration), `${file}`, `policy: "local"` from the model settings,
// `record: true` from the recording setting, and the workspace's trust. Free of VS Code: the
// extension's DebugConfigurationProvider passes in what it read from the editor and settings.
import path from 'node:path';
import { DEBUG_TYPE_NAME } from './debug-type';

export interface LaunchDefaults {
  /** The active editor's file (any kind; only a .task.yaml is taken as the task). */
  activeFile?: string;
  /** The workspace folder the configuration belongs to (relative paths resolve against it). */
  folder?: string;
  /** Whether the workspace is trusted: untrusted means no `shell` setup steps or verifiers. */
  trusted: boolean;
  /** `policy: "local"` → this (from phonebuddy.model.*), or undefined when no model is set. */
  localModel?: { spec: string; options?: Record<string, unknown> };
  /** `record: true` → this folder (phonebuddy.recording.directory), when set. */
  recordingDir?: string;
  /** The task's workspace apps folder (phonebuddy.apps.folder), when it is one: the default of `apps`. */
  appsDir?: string;
}

export const TASK_FILE = /\.task\.ya?ml$/i;

/** A launch configuration ready for the adapter, or an Error saying what is missing. */
export function resolveLaunchDefaults(raw: Record<string, unknown>, ctx: LaunchDefaults): Record<string, unknown> | Error {
  const cfg: Record<string, unknown> = { ...raw };
  // VS Code may already have picked our type (the editor's language) and left the rest empty.
  if (!cfg.request && !cfg.name && (cfg.task === undefined || cfg.task === '')) {
    // F5 with no launch.json: debug the task in the active editor.
    if (!ctx.activeFile || !TASK_FILE.test(ctx.activeFile)) return new Error('Open a .task.yaml file to debug it, or add a "phonebuddy" configuration to launch.json.');
    Object.assign(cfg, { type: DEBUG_TYPE_NAME, request: 'launch', name: `Debug ${path.basename(ctx.activeFile)}` });
  }
  if (cfg.request !== undefined && cfg.request !== 'launch') return new Error(`the phonebuddy debugger only launches (request "${String(cfg.request)}" is not supported)`);
  cfg.request = 'launch';
  if (cfg.task === undefined || cfg.task === '' || cfg.task === '${file}') {
    if (!ctx.activeFile || !TASK_FILE.test(ctx.activeFile)) return new Error('"task" is not set and the active editor is not a .task.yaml file: open the task to debug, or set "task" in launch.json.');
    cfg.task = ctx.activeFile;
  }
  if (typeof cfg.task !== 'string') return new Error('"task" must be the path of a .task.yaml file');
  cfg.cwd ??= ctx.folder ?? path.dirname(path.resolve(cfg.task));
  if (cfg.policy === 'local') {
    if (!ctx.localModel) return new Error('"policy": "local" needs a model: set phonebuddy.model.path to a model folder (see docs/model.md), or give "local:<dir>".');
    cfg.policy = ctx.localModel.spec;
    if (ctx.localModel.options && cfg.modelOptions === undefined) cfg.modelOptions = ctx.localModel.options;
  } else if (typeof cfg.policy === 'string' && cfg.policy.startsWith('local:') && ctx.localModel && cfg.modelOptions === undefined
    && path.resolve(String(cfg.cwd), cfg.policy.slice(6)) === path.resolve(ctx.localModel.spec.slice(6))) {
    // The folder of the settings: its settings (dtype, pixel cap, limits) come along.
    cfg.modelOptions = ctx.localModel.options;
  }
  if (cfg.record === true && ctx.recordingDir) cfg.record = ctx.recordingDir;
  if ((cfg.apps === undefined || cfg.apps === '') && ctx.appsDir) cfg.apps = ctx.appsDir;
  // The workspace decides: a launch.json cannot switch shell steps on in an untrusted workspace.
  cfg.trusted = ctx.trusted && cfg.trusted !== false;
  return cfg;
}
