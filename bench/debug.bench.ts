// Agent debugger benchmarks, on the real mock phone with the `solution` policy, through the
// DAP session in this process (as VS Code's inline adapter runs it: requests in, events out).
// 1. continue → next stop at a function breakpoint (`*`: every step). One interval does a
//    step's own work — act on step n, settle, observe and decide step n+1 — plus what the
//    debugger adds (its hook and CEL condition, the checkpoint, the stopped event, DAP).
//    Baseline, side by side in the same run: the same episodes without the debugger (no hooks,
//    no checkpoints), timed between consecutive `decided` events (the same work).
// 2. step back: stepBack request → stopped event (a checkpoint restore on the mock phone).
// 3. checkpoint cost per step: the time the loop spends taking it and the bytes it adds
//    (shared database images counted once), as the loop reports them.
import os from 'node:os';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { median, percentile, report, round, type BenchRow } from './report';
import { Episode } from '../src/agent/episode';
import { SolutionPolicy } from '../src/agent/policies/solution';
import { launchTask } from '../src/debug/launch';
import { mockPhoneForTask } from '../src/studio/phones';
import { studioDebugDeps } from '../src/studio/debug-deps';
import { InlineClient } from '../src/debug/testing/inline';

const TASK = path.join(__dirname, '..', 'tasks-examples', 'single-app', 'notes-create.task.yaml');
const PARAMS = { body: 'Buy oat milk' };
const ROUNDS = 12;

/** One debugging session: continue → stop at every step, then step back from the last stop. */
async function debuggedEpisode(): Promise<{ intervals: number[]; stepBacks: number[]; withFrame: number[]; checkpointMs: number[]; checkpointBytes: number[] }> {
  const dc = new InlineClient();
  await dc.launch({ task: TASK, params: PARAMS }, () => dc.request('setFunctionBreakpoints', { breakpoints: [{ name: '*' }] }));
  await dc.event('stopped'); // step 1, before its action
  const intervals: number[] = [];
  for (;;) {
    const t0 = performance.now();
    await dc.request('continue', { threadId: 1 });
    const next = await Promise.race([dc.event<DebugProtocol.StoppedEvent>('stopped'), dc.event('terminated').then(() => undefined)]);
    if (!next) break;
    intervals.push(performance.now() - t0);
    if (dc.runtime.currentEpisode?.current?.step === 5) break; // the last step (finish)
  }
  const ep = dc.runtime.currentEpisode!;
  const cps = ep.checkpoints();
  const stepBacks: number[] = [];
  const withFrame: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await dc.request('stepBack', { threadId: 1 });
    await dc.event('stopped');
    stepBacks.push(performance.now() - t0);
    // The mock phone renders lazily: the restored screen's first frame, as the panel asks for it.
    await ep.device.screenshot({ format: 'jpeg', quality: 80 });
    withFrame.push(performance.now() - t0);
  }
  await dc.request('disconnect', { terminateDebuggee: true });
  return { intervals, stepBacks, withFrame, checkpointMs: cps.map((c) => c.ms), checkpointBytes: cps.map((c) => c.bytes) };
}

/** The same episode without the debugger: intervals between consecutive decisions. */
async function plainEpisode(): Promise<number[]> {
  const task = await launchTask({ task: TASK, params: PARAMS }, studioDebugDeps);
  const device = await mockPhoneForTask(task);
  const ep = new Episode({ device, policy: new SolutionPolicy(), task });
  const decided: number[] = [];
  ep.on('decided', () => decided.push(performance.now()));
  const s = await ep.run();
  await device.close();
  if (!s.success) throw new Error(`the baseline episode failed: ${s.reason}`);
  return decided.slice(1).map((t, i) => t - decided[i]);
}

async function main(): Promise<void> {
  const debugged: number[] = [];
  const plain: number[] = [];
  const stepBack: number[] = [];
  const stepBackFrame: number[] = [];
  const cpMs: number[] = [];
  const cpBytes: number[] = [];
  const firstCpBytes: number[] = [];
  await debuggedEpisode(); // warm-up: fonts, SQLite, task loading
  await plainEpisode();
  const load0 = os.loadavg()[0];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternated, so both see the same machine load.
    const d = await debuggedEpisode();
    debugged.push(...d.intervals);
    stepBack.push(...d.stepBacks);
    stepBackFrame.push(...d.withFrame);
    cpMs.push(...d.checkpointMs);
    firstCpBytes.push(d.checkpointBytes[0]);
    cpBytes.push(...d.checkpointBytes.slice(1));
    plain.push(...(await plainEpisode()));
  }
  const load = `load avg ${round(load0)} → ${round(os.loadavg()[0])} on ${os.cpus().length} cores`;
  const beyond = median(debugged) - median(plain);
  const rows: BenchRow[] = [
    { metric: 'continue → next stop (function bp *), median', value: median(debugged), unit: 'ms', note: `${debugged.length} steps, notes.create, solution policy, mock phone; ${load}` },
    { metric: 'same step without the debugger (baseline), median', value: median(plain), unit: 'ms', note: `${plain.length} steps, between consecutive decisions` },
    { metric: 'debugger cost beyond the step\'s own work', value: beyond, unit: 'ms', target: '<= 20 ms' },
    { metric: 'continue → next stop / baseline', value: median(debugged) / median(plain), unit: 'x' },
    { metric: 'continue → next stop, p95', value: percentile(debugged, 95), unit: 'ms' },
    { metric: 'step back (request → stopped), median', value: median(stepBack), unit: 'ms', target: '<= 10 ms', note: `${stepBack.length} step backs` },
    { metric: 'step back, p95', value: percentile(stepBack, 95), unit: 'ms' },
    { metric: 'step back + the restored screen\'s first JPEG frame, median', value: median(stepBackFrame), unit: 'ms', note: 'what the device panel waits for' },
    { metric: 'checkpoint time per step, median', value: median(cpMs), unit: 'ms', note: `${cpMs.length} checkpoints` },
    { metric: 'checkpoint bytes per step after the first, median', value: median(cpBytes) / 1024, unit: 'KiB', note: 'what a checkpoint adds beyond the previous one' },
    { metric: 'first checkpoint bytes, median', value: median(firstCpBytes) / 1024, unit: 'KiB', note: 'device state incl. database images' },
  ];
  report('debug', rows);
}

void main();
