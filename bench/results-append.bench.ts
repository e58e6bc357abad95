// results.jsonl appends in the headless runner: every finished task's line is on disk
// (fdatasync) before the task is reported. Side by side in one run, interleaved: the former
// way (open, write, fdatasync, close on the main thread, per result) and DurableAppender
// (off the main thread, one sync for lines that arrive together). Four slots finish a task
// every ~5 ms each, as fast mock-phone tasks do; measured: main-thread busy time in the
// appends' share of the run (event-loop utilisation) and wall time for the suite of results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { median, report } from './report';
import { DurableAppender } from '../src/agent/runner/durable-append';

const SLOTS = 4;
const RESULTS = 200;
const LINE = `${JSON.stringify({ task: 'notes.create#0', goal: 'x'.repeat(200), trajectory: Array.from({ length: 8 }, (_, i) => ({ step: i, thought: 'y'.repeat(200) })) })}\n`;

function appendSync(file: string, text: string): void {
  const fd = fs.openSync(file, 'a');
  try {
    fs.writeSync(fd, text);
    fs.fdatasyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function suite(way: 'sync' | 'appender', dir: string): Promise<{ wallMs: number; busyMs: number }> {
  const file = path.join(dir, `${way}-${Date.now()}.jsonl`);
  const appender = new DurableAppender(file);
  let next = 0;
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: SLOTS }, async () => {
    while (next < RESULTS) {
      next++;
      await sleep(5); // the task itself (a mock-phone episode of a few steps, mostly waiting)
      if (way === 'sync') appendSync(file, LINE);
      else await appender.append(LINE);
    }
  }));
  await appender.close();
  const wallMs = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  if (fs.readFileSync(file, 'utf8').length !== LINE.length * RESULTS) throw new Error(`${way}: lines missing`);
  return { wallMs, busyMs: elu.active };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'pb-append-bench-'));
  const runs: Record<'sync' | 'appender', { wallMs: number; busyMs: number }[]> = { sync: [], appender: [] };
  try {
    for (let round = 0; round < 5; round++) {
      for (const way of round % 2 ? (['appender', 'sync'] as const) : (['sync', 'appender'] as const)) runs[way].push(await suite(way, dir));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const m = (way: 'sync' | 'appender', k: 'wallMs' | 'busyMs') => median(runs[way].map((r) => r[k]));
  const load = os.loadavg()[0].toFixed(2);
  report('results-append', [
    { metric: `main-thread busy, ${RESULTS} results, sync per result`, value: m('sync', 'busyMs'), unit: 'ms', note: `load ${load}` },
    { metric: `main-thread busy, ${RESULTS} results, DurableAppender`, value: m('appender', 'busyMs'), unit: 'ms' },
    { metric: 'main-thread busy ratio (appender / sync)', value: m('appender', 'busyMs') / m('sync', 'busyMs'), unit: 'x' },
    { metric: `wall, ${RESULTS} results on ${SLOTS} slots, sync per result`, value: m('sync', 'wallMs'), unit: 'ms' },
    { metric: `wall, ${RESULTS} results on ${SLOTS} slots, DurableAppender`, value: m('appender', 'wallMs'), unit: 'ms' },
    { metric: 'wall ratio (appender / sync)', value: m('appender', 'wallMs') / m('sync', 'wallMs'), unit: 'x' },
  ]);
}

void main();
