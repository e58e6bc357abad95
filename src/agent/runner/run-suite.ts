// The headless runner: runs task instances with a policy on a pool of devices, one episode per
// device at a time, writing one results.jsonl line per task as soon as it ends (so a crash or
// Ctrl-C loses at most the tasks in flight) and summary.json at the end. Anything a task throws
// becomes that task's recorded error; the runner itself does not throw for a task.
import fs from 'node:fs';
import path from 'node:path';
import type { Device } from '../../device/device';
import { isSnapshottable } from '../../device/device';
import type { TaskInstance } from '../../task/runnable';
import { Episode, type EpisodeOptions } from '../episode';
import type { EpisodeEvent, EpisodeSummary } from '../events';
import type { Policy } from '../policy';
import { parseResultsJsonl, summarize, taskFacts, toResultRecord, type ResultRecord, type RunSummary } from './results';
import { attachRecorder } from '../recording/attach';
import type { RecorderOptions } from '../recording/recorder';

/** Record each episode into its own folder under `root` (`run --record <dir>`). */
export type RecordOption = Pick<RecorderOptions, 'root' | 'model' | 'onError' | 'onFolder'> & { source?: RecorderOptions['source'] };

/** Hands out devices for episodes. Mock pools make one phone per slot; real devices have one slot. */
export interface DevicePool {
  /** How many episodes may run at once. */
  readonly slots: number;
  readonly label: string;
  /** The device for a task in a slot (a mock pool keeps one phone per slot and locale). */
  acquire(slot: number, task?: TaskInstance): Promise<Device>;
  /** Prepare the device for a task (reset a mock phone to the task's seed). */
  prepare?(device: Device, task: TaskInstance): Promise<void>;
  /** Whether this pool can run the task ('adb'-only tasks need a real device). */
  supports?(task: TaskInstance): string | undefined;
  close(): Promise<void>;
}

/** Runs whole tasks somewhere else (worker threads): the runner only schedules and records. */
export interface TaskExecutor {
  readonly slots: number;
  readonly label: string;
  /** `signal` aborts the task in flight (Ctrl-C); its record then says 'aborted'. */
  run(task: TaskInstance, slot: number, signal?: AbortSignal): Promise<ResultRecord>;
  close(): Promise<void>;
}

export interface RunSuiteOptions {
  instances: TaskInstance[];
  /** In-process devices; or give `executor` instead. */
  pool?: DevicePool;
  /** A fresh policy per episode slot (with `pool`). */
  policy?: () => Policy;
  executor?: TaskExecutor;
  outDir: string;
  resume?: boolean;
  maxSteps?: number;
  maxConsecutiveErrors?: number;
  signal?: AbortSignal;
  /** Episode options passed through (observe, settleMs, trusted, actuation). */
  episode?: Pick<EpisodeOptions, 'observe' | 'settleMs' | 'trusted' | 'actuation'>;
  onEvent?: (event: EpisodeEvent, task: TaskInstance) => void;
  record?: RecordOption;
  onResult?: (record: ResultRecord, done: number, total: number) => void;
  summaryExtra?: Partial<RunSummary>;
}

export interface RunSuiteResult {
  records: ResultRecord[];
  skipped: number;
  /**
   * Tasks the caller's signal cut short (Ctrl-C): not written to results.jsonl, so `--resume`
   * runs them again, and not counted in the success rate — an interruption is no verdict.
   */
  interrupted: string[];
  summary: RunSummary;
  resultsPath: string;
  summaryPath: string;
}

export async function runSuite(o: RunSuiteOptions): Promise<RunSuiteResult> {
  fs.mkdirSync(o.outDir, { recursive: true });
  const resultsPath = path.join(o.outDir, 'results.jsonl');
  const summaryPath = path.join(o.outDir, 'summary.json');
  const previousText = o.resume && fs.existsSync(resultsPath) ? fs.readFileSync(resultsPath, 'utf8') : '';
  // An episode cut short by Ctrl-C is no verdict: resume runs it again (older runs wrote such
  // records as 'aborted').
  const previous = parseResultsJsonl(previousText).records.filter((r) => r.terminated_by !== 'aborted');
  // A line cut short by a crash must not swallow the next record.
  if (previousText && !previousText.endsWith('\n')) fs.appendFileSync(resultsPath, '\n');
  if (!o.resume && fs.existsSync(resultsPath)) fs.rmSync(resultsPath);
  const doneKeys = new Set(previous.map((r) => r.task));
  const wanted = new Set(o.instances.map((t) => t.instanceId));
  const todo = o.instances.filter((t) => !doneKeys.has(t.instanceId));
  const kept = previous.filter((r) => wanted.has(r.task));
  const records: ResultRecord[] = [...kept];
  const interrupted: string[] = [];
  const total = o.instances.length;
  let next = 0;
  const started = performance.now();

  // Appended and fsynced in finishing order, each line on disk before it is reported. The
  // writes are chained off the dispatch path: a slot takes its next task while the last line is
  // still being synced (a synchronous fsync here stalled every slot's dispatch and result
  // handling on the main thread — measured ≈ 27 ms per episode on a loaded disk). A crash before
  // a line is synced loses only that line, and `--resume` runs that task again.
  // At most one line per slot may be waiting for its sync when a task starts: a failed write
  // (disk full, the file replaced by a folder) is known before more than that start.
  let writes = Promise.resolve();
  let unsynced = 0;
  let writeError: Error | undefined;
  const write = (r: ResultRecord): void => {
    if (o.signal?.aborted && r.terminated_by === 'aborted') {
      interrupted.push(r.task);
      return;
    }
    records.push(r);
    const count = records.length;
    const line = `${JSON.stringify(r)}\n`;
    unsynced++;
    writes = writes.then(async () => {
      if (writeError) { unsynced--; return; }
      try {
        await appendDurably(resultsPath, line);
      } catch (e) {
        writeError = e instanceof Error ? e : new Error(String(e));
        return;
      } finally {
        unsynced--;
      }
      o.onResult?.(r, count, total);
    });
  };

  const { pool, executor } = o;
  if (!executor && !(pool && o.policy)) throw new Error('runSuite needs a device pool and a policy, or an executor');
  const slots = Math.max(1, (executor ?? pool)!.slots);
  const worker = async (slot: number): Promise<void> => {
    let device: Device | undefined;
    let policy: Policy | undefined;
    try {
      for (;;) {
        if (unsynced > slots) await writes;
        if (next >= todo.length || o.signal?.aborted || writeError) break;
        const task = todo[next++];
        try {
          if (executor) {
            write(await executor.run(task, slot, o.signal));
          } else {
            device = await pool!.acquire(slot, task);
            policy ??= o.policy!();
            write(await runOne(task, device, policy, pool!, o));
          }
        } catch (e) {
          write(failedRecord(task, `runner: ${e instanceof Error ? e.message : String(e)}`, (executor ?? pool)!.label, policy?.name ?? '?'));
        }
      }
    } finally {
      await policy?.close?.();
    }
  };
  try {
    const n = Math.max(1, Math.min((executor ?? pool)!.slots, todo.length));
    await Promise.all(Array.from({ length: n }, (_, i) => worker(i)));
  } finally {
    await writes;
    await (executor ?? pool)!.close();
  }
  if (writeError) throw new Error(`cannot write ${resultsPath}: ${writeError.message}`);
  const unfinished = o.instances.length - records.length;
  const summary = summarize(records, {
    ...o.summaryExtra, elapsed_sec: Math.round((performance.now() - started) / 100) / 10,
    ...(unfinished > 0 ? { complete: false, not_run: unfinished, interrupted } : {}),
  });
  fs.writeFileSync(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
  return { records, skipped: kept.length, interrupted, summary, resultsPath, summaryPath };
}

/** One task on one device: the unit both the in-process runner and the worker threads run. */
export async function runOne(task: TaskInstance, device: Device, policy: Policy, pool: Pick<DevicePool, 'label' | 'prepare' | 'supports'>, o: Pick<RunSuiteOptions, 'maxSteps' | 'maxConsecutiveErrors' | 'signal' | 'episode' | 'onEvent' | 'record'>): Promise<ResultRecord> {
  const unsupported = pool.supports?.(task);
  if (unsupported) return failedRecord(task, unsupported, pool.label, policy.name, 'unsupported-device');
  await pool.prepare?.(device, task);
  const ep = new Episode({
    device, policy, task, maxSteps: o.maxSteps ?? task.maxSteps, maxConsecutiveErrors: o.maxConsecutiveErrors,
    signal: o.signal, ...o.episode,
  });
  const rec = o.record ? attachRecorder(ep, { ...o.record, source: o.record.source ?? 'run', device, task }) : undefined;
  if (o.onEvent) ep.onAny((e) => o.onEvent?.(e, task));
  const summary: EpisodeSummary = await ep.run();
  await rec?.finished();
  const result = { ...toResultRecord(summary, task.instanceId, device.id, policy.name), ...taskFacts(task) };
  return rec?.recorder.folder ? { ...result, trajectory_dir: rec.recorder.folder } : result;
}

async function appendDurably(file: string, text: string): Promise<void> {
  const h = await fs.promises.open(file, 'a');
  try {
    await h.write(text);
    await h.datasync();
  } finally {
    await h.close();
  }
}

export function failedRecord(task: TaskInstance, error: string, device: string, policy: string, by = 'runner-error'): ResultRecord {
  return {
    task: task.instanceId, task_id: task.taskId, goal: task.goal, family: task.family, tags: task.tags, ...taskFacts(task), score: 0, success: false,
    steps: 0, terminated_by: by, reason: error, error, device, policy, duration_ms: 0, trajectory: [],
  };
}

/**
 * A pool of in-process mock phones: per slot one phone per locale (a phone's locale is fixed
 * when it is made), each reset to the task's seed before the task runs.
 */
export function mockPool(slots: number, create: (slot: number, locale?: string) => Promise<Device>): DevicePool {
  const made: Device[] = [];
  const bySlot = new Map<string, Promise<Device>>();
  return {
    slots, label: 'mock',
    acquire(slot, task) {
      const key = `${slot}/${task?.locale ?? ''}`;
      let d = bySlot.get(key);
      if (!d) {
        d = create(slot, task?.locale).then((x) => { made.push(x); return x; });
        d.catch(() => bySlot.delete(key));
        bySlot.set(key, d);
      }
      return d;
    },
    async prepare(device, task) {
      if (isSnapshottable(device)) await device.reset(task.seed);
    },
    supports: (task) => (task.device === 'adb' ? `task ${task.instanceId} needs a real (adb) device` : undefined),
    async close() {
      await Promise.all(made.map((d) => d.close().catch(() => undefined)));
    },
  };
}

/** A single real device (adb or AndroidWorld): one episode at a time. */
export function singleDevicePool(label: string, open: () => Promise<Device>, options: { supports?: DevicePool['supports']; prepare?: DevicePool['prepare'] } = {}): DevicePool {
  let device: Promise<Device> | undefined;
  return {
    slots: 1, label,
    acquire() {
      device ??= open();
      return device;
    },
    ...options,
    async close() {
      if (device) await (await device.catch(() => undefined))?.close().catch(() => undefined);
    },
  };
}

/** A task's locale as a mock phone option (the mock phone speaks en-US and zh-CN). */
export function mockLocale(locale: string | undefined): { locale?: 'en-US' | 'zh-CN' } {
  if (!locale) return {};
  if (/^zh/i.test(locale)) return { locale: 'zh-CN' };
  return { locale: 'en-US' };
}
