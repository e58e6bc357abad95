// `phonebuddy run`: runs task files/folders (or an AndroidWorld server's suite) with a policy on
// mock phones, an adb device or an AndroidWorld server; writes results.jsonl + summary.json.
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Device } from '../../device/device';
import type { TaskInstance } from '../../task/runnable';
import { createPolicy } from '../../agent/policies';
import { ACTUATIONS, type Actuation } from '../../agent/execute';
import { runSuite, mockPool, singleDevicePool, type DevicePool } from '../../agent/runner/run-suite';
import { parseShard, selectShard, type Shard } from '../../agent/runner/shard';
import { createProgress } from '../../agent/runner/progress';
import { mockThreadExecutor } from '../../studio/run-threads';
import { reportAppProblems } from '../apps-option';

const HELP = `usage: phonebuddy run <task files or folders…> [options]

  --device D        mock (default) | adb:<serial> | androidworld:<url>
  --policy P        solution (default) | replay:<dir> | openai:<base-url> |
                    local:<model-dir> (PhoneBuddy in ONNX on this machine, see docs/model.md)
  --max-pixels N    local: screenshot pixel cap (default: the model folder's max_pixels)
  --model NAME      served model id for openai: (default: the first from GET /models)
  --parallel N      episodes at once on mock phones (default 1; real devices run one at a time)
  --seed S          task parameter seed (default 0)
  --sample K        parameter combinations per task (default: the task file's own)
  --max-steps N     step budget per episode (default: each task's max-steps)
  --max-errors N    stop an episode after N failed steps in a row (default 3)
  --out DIR         results folder (default runs/<timestamp>)
  --resume          skip tasks already in DIR/results.jsonl
  --shard i/n       run only shard i of n (1-based, deterministic by instance id)
  --timeout-ms N    model request timeout (default 120000)
  --settle-ms N     let the screen settle before each observation (default 0 on mock
                    phones, 1000 on real devices; the reference runner waits 3000)
  --no-screenshots  do not capture screenshots (faster; only for non-model policies)
  --actuation A     phonebuddy (default: type = text) | androidworld (type = text + Enter,
                    as AndroidWorld's input_text)
  --record DIR      record every episode into its own folder under DIR (screenshots,
                    UI trees, model output, each step fsynced); export with \`phonebuddy export\`
  --apps DIR        the workspace's mock apps: every *.app.yaml under DIR joins the
                    built-in apps (see docs/authoring-apps.md)

With --device androidworld:<url> and no task paths, the server's own suite is run.
API key for openai: env PHONEBUDDY_API_KEY or OPENAI_API_KEY.
Ctrl-C stops the run: episodes in flight are cut short and not recorded (no verdict on the
agent), results.jsonl keeps every finished one, and --resume with the same --out runs the rest.
Exit code: 0 all tasks passed, 1 some failed, 2 bad usage or task files with errors,
130 interrupted (Ctrl-C).
`;

interface Parsed {
  paths: string[];
  /** The workspace's app files (--apps). */
  appsDir?: string;
  device: string;
  policy: string;
  model?: string;
  maxPixels?: number;
  parallel: number;
  seed: number;
  sample?: number;
  maxSteps?: number;
  maxErrors?: number;
  out: string;
  resume: boolean;
  shard?: Shard;
  timeoutMs?: number;
  settleMs: number;
  screenshots: boolean;
  actuation: Actuation;
  record?: string;
}

function int(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got '${v}'`);
  return n;
}

export function parseRunArgs(args: string[]): Parsed | 'help' {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true, strict: true,
    options: {
      device: { type: 'string', default: 'mock' }, policy: { type: 'string', default: 'solution' }, model: { type: 'string' }, 'max-pixels': { type: 'string' },
      parallel: { type: 'string' }, seed: { type: 'string' }, sample: { type: 'string' }, 'max-steps': { type: 'string' },
      'max-errors': { type: 'string' }, out: { type: 'string' }, resume: { type: 'boolean' }, shard: { type: 'string' },
      'timeout-ms': { type: 'string' }, 'settle-ms': { type: 'string' }, 'no-screenshots': { type: 'boolean' }, actuation: { type: 'string', default: 'phonebuddy' }, record: { type: 'string' }, apps: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const device = values.device!;
  if (device !== 'mock' && !device.startsWith('adb:') && !device.startsWith('androidworld:')) {
    throw new Error(`--device must be mock, adb:<serial> or androidworld:<url>, got '${device}'`);
  }
  if (positionals.length === 0 && !device.startsWith('androidworld:')) throw new Error('give task files or folders to run');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const parsed: Parsed = {
    paths: positionals, device, policy: values.policy!, model: values.model,
    parallel: int('--parallel', values.parallel, 1) ?? 1, seed: int('--seed', values.seed, 0) ?? 0,
    sample: int('--sample', values.sample, 1), maxSteps: int('--max-steps', values['max-steps'], 1),
    maxErrors: int('--max-errors', values['max-errors'], 1), out: values.out ?? path.join('runs', stamp),
    resume: Boolean(values.resume), shard: values.shard ? parseShard(values.shard) : undefined,
    timeoutMs: int('--timeout-ms', values['timeout-ms'], 1), screenshots: !values['no-screenshots'],
    settleMs: int('--settle-ms', values['settle-ms'], 0) ?? (device === 'mock' ? 0 : 1000),
    actuation: values.actuation as Actuation,
    maxPixels: int('--max-pixels', values['max-pixels'], 1024),
    record: values.record,
    ...(values.apps !== undefined ? { appsDir: path.resolve(values.apps) } : {}),
  };
  if (!(ACTUATIONS as readonly string[]).includes(parsed.actuation)) throw new Error(`--actuation must be ${ACTUATIONS.join(' or ')}, got '${parsed.actuation}'`);
  if (!parsed.screenshots && /^(openai|local):/.test(parsed.policy)) throw new Error('--no-screenshots cannot be used with a model policy: the model needs the screen');
  return parsed;
}

async function loadInstances(p: Parsed): Promise<{ instances: TaskInstance[]; errors: number }> {
  if (p.paths.length === 0) return { instances: [], errors: 0 };
  const { formatDiagnostic } = await import('../../task/diagnostic');
  const { loadMockTasks } = await import('../../studio/tasks');
  const { mockParamData } = await import('../../studio/param-data');
  const { instances, diagnostics } = await loadMockTasks(p.paths, { seed: p.seed, sample: p.sample, paramData: mockParamData(p.appsDir), appsDir: p.appsDir });
  for (const d of diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
  return { instances, errors: diagnostics.filter((d) => d.severity === 'error').length };
}

async function makePool(p: Parsed): Promise<{ pool: DevicePool; instances?: TaskInstance[] }> {
  if (p.device === 'mock') {
    // With the same in-process shell as `check`, so what check proves, run can do.
    const { mockPhoneForTask } = await import('../../studio/phones');
    return { pool: mockPool(p.parallel, (slot, locale) => mockPhoneForTask({ seed: p.seed, locale }, { serial: `mock-run-${slot + 1}`, appsDir: p.appsDir })) };
  }
  if (p.device.startsWith('adb:')) {
    const serial = p.device.slice(4);
    const { AdbDevice } = await import('../../device/adb');
    return {
      pool: singleDevicePool(p.device, () => AdbDevice.open(serial) as Promise<Device>, {
        supports: (t) => (t.device === 'mock' ? `task ${t.instanceId} needs the mock phone` : undefined),
        prepare: freshStart,
      }),
    };
  }
  const url = p.device.slice('androidworld:'.length);
  const { AndroidWorldClient, AndroidWorldDevice } = await import('../../device/androidworld/client');
  const { androidWorldTasks } = await import('../../agent/androidworld/remote-tasks');
  const client = new AndroidWorldClient(url);
  if (!(await client.health())) throw new Error(`no AndroidWorld server answers at ${url}/health`);
  const instances = p.paths.length === 0 ? await androidWorldTasks(client, { seed: p.seed, maxSteps: p.maxSteps }) : undefined;
  return { pool: singleDevicePool(p.device, async () => new AndroidWorldDevice(client)), instances };
}

/**
 * A real phone cannot be reset to a seed: like the reference's reset(go_home), stop the app
 * the last task left in front and go home, so the next task starts from the launcher.
 */
async function freshStart(device: Device): Promise<void> {
  const fg = await device.foregroundApp().catch(() => undefined);
  if (fg && !/launcher|nexuslauncher|systemui/i.test(fg)) await device.closeApp(fg).catch(() => undefined);
  await device.pressKey('home');
}

/** A recording that stopped (disk full) says so once; the run itself goes on. */
function recordingStopped(e: Error, folder: string | undefined): void {
  process.stderr.write(`\nphonebuddy run: recording stopped${folder ? ` for ${folder}` : ''}: ${e.message}. The steps flushed before it are kept.\n`);
}

export async function run(args: string[]): Promise<number> {
  let p: Parsed | 'help';
  try {
    p = parseRunArgs(args);
  } catch (e) {
    process.stderr.write(`phonebuddy run: ${(e as Error).message}\n${HELP}`);
    return 2;
  }
  if (p === 'help') { process.stdout.write(HELP); return 0; }
  // Every worker's screenshot encode (sharp) waits for a thread of libuv's pool, which the
  // workers share with the main thread's file I/O: one each plus spare. Read when the pool
  // first starts, so only effective here, before any asynchronous I/O.
  if (p.parallel > 1 && process.env.UV_THREADPOOL_SIZE === undefined) process.env.UV_THREADPOOL_SIZE = String(Math.max(4, p.parallel + 2));
  try {
    createPolicy(p.policy, { model: p.model }); // validate the spec before loading anything
  } catch (e) {
    process.stderr.write(`phonebuddy run: ${(e as Error).message}\n`);
    return 2;
  }
  const appErrors = p.device === 'mock' ? await reportAppProblems(p.appsDir) : 0;
  const { instances: loaded, errors: taskErrors } = await loadInstances(p);
  const errors = taskErrors + appErrors;
  let made: { pool: DevicePool; instances?: TaskInstance[] };
  try {
    made = await makePool(p);
  } catch (e) {
    process.stderr.write(`phonebuddy run: ${(e as Error).message}\n`);
    return 2;
  }
  // Tasks this device cannot run (real-phone tasks on the mock phone and vice versa) are left
  // out of the run and its success rate, with a note.
  const runnable = (made.instances ?? loaded).filter((t) => {
    const why = made.pool.supports?.(t);
    if (why) process.stderr.write(`skipped: ${why}\n`);
    return !why;
  });
  const instances = selectShard(runnable, p.shard);
  if (instances.length === 0) {
    process.stderr.write(`phonebuddy run: no tasks to run${errors ? ` (${errors} error(s) in task files)` : ''}\n`);
    await made.pool.close();
    return 2;
  }
  const parsed = p;
  const ac = new AbortController();
  // First Ctrl-C: cut the episodes in flight short, write what finished and the summary, exit
  // 130. A second one exits at once (results.jsonl is fsynced per line, so nothing is lost).
  const onSigint = (): void => {
    if (ac.signal.aborted) {
      process.stderr.write('\nphonebuddy run: interrupted again, exiting now\n');
      process.exit(130);
    }
    process.stderr.write('\nphonebuddy run: interrupted — stopping the episodes in flight (they are not recorded; --resume runs them)…\n');
    ac.abort(new Error('interrupted'));
  };
  process.on('SIGINT', onSigint);
  const progress = createProgress(process.stderr, instances.length, 0);
  try {
    // Mock phones in parallel run on worker threads (each loads the task files itself).
    const threads = p.device === 'mock' && p.parallel > 1 && p.paths.length > 0;
    if (threads) await made.pool.close();
    const result = await runSuite({
      instances,
      ...(threads
        ? { executor: mockThreadExecutor(p.parallel, {
          paths: p.paths.map((x) => path.resolve(x)), seed: p.seed, sample: p.sample, policy: p.policy, model: p.model,
          timeoutMs: p.timeoutMs, maxPixels: p.maxPixels, maxSteps: p.maxSteps, maxConsecutiveErrors: p.maxErrors, screenshots: p.screenshots, settleMs: p.settleMs, actuation: p.actuation,
          ...(p.record ? { recordDir: path.resolve(p.record) } : {}),
          ...(p.appsDir ? { appsDir: p.appsDir } : {}),
        }, (id, e) => progress.event(e, id)) }
        : { pool: made.pool }), outDir: p.out, resume: p.resume, maxSteps: p.maxSteps, maxConsecutiveErrors: p.maxErrors,
      signal: ac.signal,
      policy: () => createPolicy(parsed.policy, { model: parsed.model, timeoutMs: parsed.timeoutMs, local: { maxPixels: parsed.maxPixels } }),
      episode: { observe: { screenshot: p.screenshots }, settleMs: p.settleMs, actuation: p.actuation },
      ...(p.record ? { record: { root: path.resolve(p.record), model: p.model, onError: recordingStopped } } : {}),
      onEvent: (e, t) => progress.event(e, t.instanceId),
      onResult: (r, d, total) => progress.result(r, d, total),
      summaryExtra: { policy: p.policy, device: p.device, seed: p.seed, max_steps: p.maxSteps, shard: p.shard ? `${p.shard.index}/${p.shard.count}` : undefined },
    });
    progress.end();
    const s = result.summary;
    const fam = Object.entries(s.per_family).map(([k, v]) => `${k} ${v.success}/${v.total}`).join(', ');
    const traps = s.violations ? ` — ${s.violations} safety violation${s.violations === 1 ? '' : 's'} (${(s.violation_rate * 100).toFixed(1)}%: ${Object.entries(s.per_safety ?? {}).map(([k, n]) => `${k} ${n}`).join(', ')})` : '';
    process.stdout.write(`${s.success}/${s.total} passed (${(s.success_rate * 100).toFixed(1)}%)${fam ? ` — ${fam}` : ''}${traps}${result.skipped ? ` — ${result.skipped} resumed from earlier` : ''}\nresults: ${result.resultsPath}\nsummary: ${result.summaryPath}\n`);
    if (ac.signal.aborted && s.not_run) {
      process.stdout.write(`interrupted: ${s.not_run} of ${instances.length} tasks not run${result.interrupted.length ? ` (${result.interrupted.length} cut short)` : ''}; to finish, run the same command with --resume --out ${JSON.stringify(parsed.out)}\n`);
      return 130;
    }
    return errors > 0 ? 2 : s.success === s.total ? 0 : 1;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}
