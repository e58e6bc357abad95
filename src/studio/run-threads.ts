// Mock-phone episodes on worker threads: the runner's thread pool started with the studio's
// worker entry (run-worker.ts), which creates each thread's phone, policy and catalogue.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { EpisodeEvent } from '../agent/events';
import type { TaskExecutor } from '../agent/runner/run-suite';
import { threadExecutor } from '../agent/runner/thread-pool';
import type { WorkerInit } from '../agent/runner/thread-messages';

/** The worker script: a tsx bootstrap when running from sources, the bundle beside dist/cli.js otherwise. */
export function runWorkerScript(): string {
  const dev = path.join(__dirname, 'run-worker-dev.mjs');
  if (__filename.endsWith('.ts') && fs.existsSync(dev)) return dev;
  return path.join(__dirname, 'run-worker.js');
}

export function mockThreadExecutor(slots: number, init: Omit<WorkerInit, 'slot'>, onStep?: (instanceId: string, e: EpisodeEvent) => void): TaskExecutor {
  // The threads are the parallelism: libvips (one per process, shared by every worker) encodes
  // each screenshot on one thread, instead of each worker's encode asking for all the cores.
  if (slots > 1) sharp.concurrency(1);
  return threadExecutor(runWorkerScript(), slots, init, onStep);
}
