// The `phonebuddy` launch configuration: checked field by field (a wrong field is named in
// the error, nothing is guessed), then turned into a task instance, a device and a policy.
import path from 'node:path';
import type { Device } from '../device/device';
import type { Policy } from '../agent/policy';
import type { LocalPolicyOptions } from '../agent/policies/local';
import type { TaskInstance } from '../task/runnable';
import type { DebugLaunchDeps } from './launch-deps';

export interface LaunchConfig {
  /** The task file (.task.yaml). The extension fills in the active editor's file. */
  task: string;
  /** Which task of a suite file (default: the first). */
  taskId?: string;
  /** Pick the parameter combination with these values (default: the first). */
  params?: Record<string, unknown>;
  seed?: number;
  /** `mock` (default) | `adb:<serial>` (or a bare serial) | `androidworld:<url>` (or an http(s) URL). */
  device?: string;
  /**
   * The runner's policy specs: `solution` (default) | `replay:<dir>` | `openai:<base-url>` |
   * `local:<model-dir>` | `human` (actions come from the device panel or the console's `tap`, `type`, …).
   */
  policy?: string;
  /** The model name sent to an `openai:` endpoint. */
  model?: string;
  /** Settings of a `local:` model (dtype, maxPixels, limits); the extension fills them from phonebuddy.model.*. */
  modelOptions?: Record<string, unknown>;
  maxSteps?: number;
  maxConsecutiveErrors?: number;
  stopOnEntry?: boolean;
  /**
   * Record the session as trajectories: a folder, or true for `<cwd>/runs/trajectories`. The
   * episode, each fork and each branch after a step back get a folder of their own.
   */
  record?: boolean | string;
  /** Checkpoints kept for stepping back (mock phone). Default 64. */
  checkpoints?: number;
  /** False in an untrusted workspace: no shell setup/verifiers. Default true. */
  trusted?: boolean;
  /** The working folder relative paths resolve against. */
  cwd?: string;
  /** The workspace's app files (*.app.yaml under it), run beside the built-ins on mock phones. */
  apps?: string;
}

export const DEFAULT_KEPT_CHECKPOINTS = 64;

const FIELDS: Record<string, 'string' | 'number' | 'boolean' | 'object' | 'string|boolean'> = {
  task: 'string', taskId: 'string', params: 'object', seed: 'number', device: 'string', policy: 'string', model: 'string', modelOptions: 'object',
  maxSteps: 'number', maxConsecutiveErrors: 'number', stopOnEntry: 'boolean', record: 'string|boolean', checkpoints: 'number',
  trusted: 'boolean', cwd: 'string', apps: 'string',
};

/** Checks raw launch arguments; throws an Error that names the field. */
export function checkLaunch(raw: Record<string, unknown>): LaunchConfig {
  const out: Record<string, unknown> = {};
  for (const [k, type] of Object.entries(FIELDS)) {
    const v = raw[k];
    if (v === undefined || v === null || v === '') continue;
    const ok = type === 'object' ? typeof v === 'object' && !Array.isArray(v) : type === 'string|boolean' ? typeof v === 'string' || typeof v === 'boolean' : typeof v === type;
    if (!ok) throw new Error(`launch: '${k}' must be ${type === 'string|boolean' ? 'a folder or true' : `a ${type}`}, got ${JSON.stringify(v)}`);
    out[k] = v;
  }
  if (typeof out.task !== 'string') throw new Error("launch: 'task' is required: the .task.yaml file to debug (the extension uses the active editor's file)");
  for (const k of ['maxSteps', 'checkpoints', 'maxConsecutiveErrors'] as const) {
    const n = out[k] as number | undefined;
    if (n !== undefined && (!Number.isInteger(n) || n < 1)) throw new Error(`launch: '${k}' must be a positive integer, got ${n}`);
  }
  if (out.seed !== undefined && !Number.isInteger(out.seed)) throw new Error(`launch: 'seed' must be an integer, got ${String(out.seed)}`);
  const cfg = out as unknown as LaunchConfig;
  cfg.task = path.resolve(cfg.cwd ?? process.cwd(), cfg.task);
  // One folder, or several joined like PATH (a multi-root workspace's): each relative to cwd.
  if (cfg.apps !== undefined) cfg.apps = cfg.apps.split(path.delimiter).filter((d) => d.trim() !== '').map((d) => path.resolve(cfg.cwd ?? process.cwd(), d.trim())).join(path.delimiter);
  if (cfg.policy?.startsWith('local:') && cfg.policy.length > 'local:'.length) cfg.policy = `local:${path.resolve(cfg.cwd ?? process.cwd(), cfg.policy.slice('local:'.length))}`;
  else if (cfg.policy === 'local') throw new Error("launch: 'policy' local needs the model folder: local:<dir> (in VS Code, set phonebuddy.model.path)");
  return cfg;
}

/** The folder recordings go into, or undefined when the launch does not record. */
export function recordRoot(cfg: LaunchConfig): string | undefined {
  if (!cfg.record) return undefined;
  const cwd = cfg.cwd ?? process.cwd();
  return cfg.record === true ? path.join(cwd, 'runs', 'trajectories') : path.resolve(cwd, cfg.record);
}

export type DeviceSpec = { kind: 'mock' } | { kind: 'adb'; serial: string } | { kind: 'androidworld'; url: string };

export function parseDeviceSpec(spec: string | undefined): DeviceSpec {
  const s = (spec ?? 'mock').trim();
  if (s === 'mock' || s === '') return { kind: 'mock' };
  if (s.startsWith('adb:')) return { kind: 'adb', serial: s.slice(4) };
  if (s.startsWith('androidworld:')) return { kind: 'androidworld', url: s.slice('androidworld:'.length) };
  if (/^https?:\/\//.test(s)) return { kind: 'androidworld', url: s };
  if (/^[\w.:-]+$/.test(s)) return { kind: 'adb', serial: s };
  throw new Error(`launch: 'device' must be mock, adb:<serial> or androidworld:<url>, got '${s}'`);
}

/** The task instance the configuration names. */
export async function launchTask(cfg: LaunchConfig, deps: DebugLaunchDeps): Promise<TaskInstance> {
  const { formatDiagnostic } = await import('../task');
  const { instances, diagnostics } = await deps.loadTasks([cfg.task], { seed: cfg.seed ?? 0, ...(cfg.apps ? { appsDir: cfg.apps } : {}) });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`the task file has errors:\n${errors.slice(0, 5).map(formatDiagnostic).join('\n')}`);
  const ofTask = instances.filter((t) => cfg.taskId === undefined || t.taskId === cfg.taskId);
  if (ofTask.length === 0) {
    const ids = [...new Set(instances.map((t) => t.taskId))];
    throw new Error(cfg.taskId ? `no task '${cfg.taskId}' in ${cfg.task} (tasks: ${ids.join(', ') || 'none'})` : `${cfg.task} holds no tasks`);
  }
  const wanted = Object.entries(cfg.params ?? {});
  const match = ofTask.find((t) => wanted.every(([k, v]) => JSON.stringify(t.params[k]) === JSON.stringify(v)));
  if (!match) {
    const combos = ofTask.slice(0, 6).map((t) => JSON.stringify(t.params)).join(', ');
    throw new Error(`no parameter combination of ${ofTask[0].taskId} has ${JSON.stringify(cfg.params)} (some: ${combos})`);
  }
  return match;
}

export interface OpenedDevice {
  device: Device;
  /** Makes another device like this one (a fork's phone); undefined for real devices. */
  another?: () => Promise<Device>;
}

/**
 * The session's device. `serial` names each mock phone it makes (the session's, each fork's):
 * the session owns that count, so two sessions in one process do not share it. Mock phones run
 * the workspace's apps of `appsDir` (the launch's `apps`).
 */
export async function openDevice(spec: DeviceSpec, task: TaskInstance, seed: number, deps: DebugLaunchDeps, serial: () => string, appsDir?: string): Promise<OpenedDevice> {
  if (spec.kind === 'mock') {
    const make = async (): Promise<Device> => deps.mockPhoneForTask({ seed, locale: task.locale }, { serial: serial(), ...(appsDir ? { appsDir } : {}) });
    return { device: await make(), another: make };
  }
  if (spec.kind === 'adb') {
    const { AdbDevice } = await import('../device/adb');
    return { device: await AdbDevice.open(spec.serial) as Device };
  }
  const { AndroidWorldClient, AndroidWorldDevice } = await import('../device/androidworld/client');
  return { device: new AndroidWorldDevice(new AndroidWorldClient(spec.url)) };
}

export async function launchPolicy(cfg: LaunchConfig): Promise<Policy> {
  const { createPolicy, HumanPolicy } = await import('../agent/policies');
  if (cfg.policy === 'human') return new HumanPolicy();
  try {
    return createPolicy(cfg.policy ?? 'solution', { model: cfg.model, local: cfg.modelOptions as LocalPolicyOptions | undefined });
  } catch (e) {
    throw new Error(`launch: 'policy': ${e instanceof Error ? e.message : String(e)}${/^unknown policy/.test(String((e as Error).message)) ? ' or human' : ''}`);
  }
}
