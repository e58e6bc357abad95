// Mock-phone episodes on worker threads: the runner's thread pool started with the studio's
// worker entry (run-worker.ts), which creates each thread's phone, policy and catalogue.
import sharp from 'sharp';
import type { EpisodeEvent } from '../agent/events';
import type { TaskExecutor } from '../agent/runner/run-suite';
import { threadExecutor } from '../agent/runner/thread-pool';
import type { WorkerInit } from '../agent/runner/thread-messages';
import { workerScript } from '../protocol/worker-script';

/** The worker script: a tsx bootstrap when running from sources, the bundle beside dist/cli.js otherwise. */
export function runWorkerScript(): string {
  return workerScript(__filename, 'run-worker-dev.mjs', 'run-worker.js');
}

export function mockThreadExecutor(slots: number, init: Omit<WorkerInit, 'slot'>, onStep?: (instanceId: string, e: EpisodeEvent) => void): TaskExecutor {
  // The threads are the parallelism: libvips (one per process, shared by every worker) encodes
  // each screenshot on one thread, instead of each worker's encode asking for all the cores.
  if (slots > 1) sharp.concurrency(1);
  return threadExecutor(runWorkerScript(), slots, init, onStep);
}
