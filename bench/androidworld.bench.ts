// Step time through the AndroidWorld server protocol, as PhoneBuddy's runner drives it
// (its stand-in: reset/reinitialize/initialize, then per step GET /screenshot decoded to an
// H×W×3 array, JPEG for the model, the scripted model over loopback HTTP, POST
// /execute_action), with the runner's own pauses taken out — beside the in-process loop on
// the same tasks (solution policy, JPEG screenshot each step), in one run:
//   - per-step median: in-process, server with PNG screenshots, server with {"pixels"} JSON;
//   - ratios: PNG / in-process, pixels / in-process, pixels / PNG;
//   - and the runner's own pause per step (3 s before each screenshot + 2 s step delay) for scale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, report, type BenchRow } from './report';
import { startRunnerHarness } from '../src/agent/androidworld/testing/runner-harness';
import { mockPool, runSuite } from '../src/agent/runner/run-suite';
import { SolutionPolicy } from '../src/agent/policies/solution';
import { mockPhoneForTask } from '../src/studio/phones';

const TASKS = ['notes.create', 'settings.dark-theme', 'messages.reply', 'contacts.star-zh'];
const ROUNDS = Number(process.env.PHONEBUDDY_BENCH_ROUNDS ?? 2);

/** Per-step ms through the served API: each task's wall time over its steps (no pauses). */
async function served(format: 'png' | 'pixels'): Promise<number[]> {
  const h = await startRunnerHarness({ rate: 1, screenshot: format });
  try {
    const perStep: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const task of TASKS) {
        const t0 = performance.now();
        const [r] = await h.runner(0, { tasks: [task], settleMs: 0, stepDelayMs: 0 });
        if (!r.success) throw new Error(`${task} failed through the server (${format}): ${r.error ?? r.terminated_by}`);
        // Each task's setup calls (reset, reinitialize, initialize, goal, score) are shared
        // out over its steps, as they are in a real run.
        perStep.push((performance.now() - t0) / r.steps);
      }
    }
    return perStep;
  } finally {
    await h.close();
  }
}

/** Per-step ms in process: the same tasks, solution policy, screenshot (JPEG) + UI tree each step. */
async function inProcess(): Promise<number[]> {
  const h = await startRunnerHarness({ rate: 1 });
  const instances = (await h.served(0)).filter((t) => TASKS.includes(t.taskId));
  await h.close();
  const perStep: number[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-bench-aw-'));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const task of instances) {
        const t0 = performance.now();
        const result = await runSuite({
          instances: [task], outDir: path.join(tmp, `${round}-${task.taskId}`),
          pool: mockPool(1, (_s, locale) => mockPhoneForTask({ seed: 0, locale })),
          policy: () => new SolutionPolicy(), episode: { actuation: 'androidworld' },
        });
        const r = result.records[0];
        if (!r.success) throw new Error(`${task.taskId} failed in process: ${r.reason}`);
        perStep.push((performance.now() - t0) / r.steps);
      }
    }
    return perStep;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0];
  // Interleaved so that a change in machine load hits all three alike.
  const local: number[] = [];
  const png: number[] = [];
  const pixels: number[] = [];
  for (let i = 0; i < 2; i++) {
    local.push(...await inProcess());
    png.push(...await served('png'));
    pixels.push(...await served('pixels'));
  }
  const load = `load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
  const rows: BenchRow[] = [
    { metric: 'in-process loop: ms per step (median)', value: median(local), unit: 'ms', note: `${local.length} task runs` },
    { metric: 'AndroidWorld server, PNG: ms per step', value: median(png), unit: 'ms', note: 'runner pauses excluded' },
    { metric: 'AndroidWorld server, pixels JSON: ms per step', value: median(pixels), unit: 'ms', note: 'runner pauses excluded' },
    { metric: 'server PNG / in-process', value: median(png) / median(local), unit: 'x' },
    { metric: 'server pixels / in-process', value: median(pixels) / median(local), unit: 'x' },
    { metric: 'server pixels / server PNG', value: median(pixels) / median(png), unit: 'x', note: load },
    { metric: "the runner's own pause per step (3 s + 2 s)", value: 5000, unit: 'ms', note: 'for scale: time.sleep(3) + --step-delay 2' },
  ];
  report('androidworld', rows);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
