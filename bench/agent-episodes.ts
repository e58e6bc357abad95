// One configuration of bench/agent.bench.ts's episodes-per-minute figure, in a process of its
// own (so each configuration starts from the same state and can be confined to some cores with
// taskset): the example tasks with the solution policy on `phonebuddy run`'s worker threads at
// --parallel N, warm-up first, then a timed suite. Prints one JSON line.
// Usage: node --import tsx bench/agent-episodes.ts <parallel> [--vips-threads N]
// PB_THREAD_DETAIL=1 also prints CPU-ms per thread (name:tid, "(slot)" if it started with the
// slots) to stderr: V8's platform workers and libuv's pool are both named 'node' on Node 20, in
// start order main, V8's pool, then libuv's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance as perfHooks } from 'node:perf_hooks';
import sharp from 'sharp';
import { loadMockTasks } from '../src/studio/tasks';
import { runSuite } from '../src/agent/runner/run-suite';
import { mockThreadExecutor } from '../src/studio/run-threads';
import { threadCpu, threadCpuSince } from './thread-cpu';

const TASKS = path.join(__dirname, '..', 'tasks-examples');
export const EPISODES = 16;

export interface EpisodesRun {
  parallel: number;
  episodes: number;
  wallMs: number;
  /** All threads of the process (process.cpuUsage). */
  cpuMs: number;
  /** Share of the main thread's event loop spent busy (1.0 = it is the bottleneck). */
  mainBusy: number;
  /** CPU-ms by kind of thread (Linux only; empty elsewhere). */
  threads: Record<string, number>;
  vipsThreads: number;
}

async function main(): Promise<void> {
  const parallel = Number(process.argv[2]);
  if (!Number.isInteger(parallel) || parallel < 1) throw new Error(`usage: agent-episodes.ts <parallel> [--vips-threads N], got '${process.argv[2]}'`);
  const vipsAt = process.argv.indexOf('--vips-threads');
  const { instances: all } = await loadMockTasks([TASKS], { seed: 0 });
  const instances = all.filter((t) => t.device !== 'adb');
  const suite = Array.from({ length: Math.ceil(EPISODES / instances.length) }, () => instances).flat().slice(0, EPISODES);
  // Threads that exist before the slots start are the process's own (main, V8's platform pool,
  // libuv's pool — the task loading above has used it); threads named 'node' that appear later
  // are the slots' JS threads.
  const before = new Set(threadCpu().map((t) => t.tid));
  const executor = mockThreadExecutor(parallel, { paths: [TASKS], seed: 0, policy: 'solution', screenshots: true });
  const keepOpen = { ...executor, close: async () => undefined };
  const run = async (tasks: typeof suite): Promise<number> => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-bench-'));
    const t0 = performance.now();
    const r = await runSuite({ instances: tasks, outDir: out, executor: keepOpen });
    const ms = performance.now() - t0;
    fs.rmSync(out, { recursive: true, force: true });
    if (r.summary.success !== tasks.length) throw new Error(`benchmark suite failed: ${r.summary.success}/${tasks.length}: ${r.records.map((x) => x.error).join('; ')}`);
    return ms;
  };
  try {
    // Workers started and warmed (fonts, SQLite, task files, JIT): the timed part is steady state.
    await run(suite.slice(0, parallel * 2));
    // Set only now: each worker thread that loads sharp resets libvips' (process-wide) thread
    // count to 1 on glibc, so a value set before the workers start does not hold.
    if (vipsAt > 0) sharp.concurrency(Number(process.argv[vipsAt + 1]));
    const t0 = threadCpu();
    const c0 = process.cpuUsage();
    const elu0 = perfHooks.eventLoopUtilization();
    const wallMs = await run(suite);
    const c = process.cpuUsage(c0);
    const elu = perfHooks.eventLoopUtilization(elu0);
    const threads: Record<string, number> = {};
    const detail: Record<string, number> = {};
    for (const t of threadCpuSince(t0, threadCpu())) {
      const key = `${t.tid === process.pid ? 'main' : t.name}:${t.tid}${before.has(t.tid) ? '' : ' (slot)'}`;
      detail[key] = (detail[key] ?? 0) + t.ms;
      const kind = t.tid === process.pid ? 'main thread'
        : /vips/i.test(t.name) ? 'libvips (encode)'
          : !before.has(t.tid) && t.name === 'node' ? 'slot JS threads'
            : 'V8 GC/JIT + libuv pools';
      threads[kind] = (threads[kind] ?? 0) + t.ms;
    }
    const result: EpisodesRun = { parallel, episodes: suite.length, wallMs, cpuMs: (c.user + c.system) / 1000, mainBusy: elu.utilization, threads, vipsThreads: sharp.concurrency() };
    if (process.env.PB_THREAD_DETAIL) process.stderr.write(`${JSON.stringify(detail)}\n`);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await executor.close();
  }
}

if (require.main === module) main().catch((e: unknown) => { process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`); process.exit(1); });
