// Trajectory benchmarks, side by side in one run:
// 1. Recording overhead per step: the same episodes on the real mock phone with a policy
//    answering canned model text, recorded (screenshot + UI tree + step line, each step
//    fsynced before the next action) and not recorded, interleaved so load drifts hit both.
//    Ratio of the median step time, and the median of each adjacent pair's ratio (robust to
//    load drifting during the run) (target: recorded <= 1.10 x not recorded).
// 2. Export throughput of those recordings per format, in steps/s and bytes per step
//    (target: >= 500 steps/s to JSONL, images never re-encoded), beside a baseline measured in
//    the same run: the I/O floor of the same data — read every step's JPEG, base64 it, write it
//    to one file — so the ratio says how close to the disk and base64 each format is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, report, type BenchRow } from './report';
import { createMockPhone } from '../src/mockphone';
import { Episode } from '../src/agent/episode';
import type { Policy, PolicyDecision } from '../src/agent/policy';
import { attachRecorder } from '../src/agent/recording/attach';
import { exportTrajectories, FORMAT_NAMES } from '../src/trajectory/export';

const STEPS = 20;

function cannedModel(): Policy {
  const outputs = [
    '<think>\nThe note list is visible; the add button is at the bottom right. I will tap it.\n</think>\n<tool_call>\n{"name": "click", "arguments": {"points": [[888, 895]]}}\n</tool_call>',
    '<think>Scroll to see more notes.</think>\n<tool_call>\n{"name": "scroll", "arguments": {"points": [[500, 800], [500, 300]], "duration": 400}}\n</tool_call>',
    '<think>Go back to the list.</think>\n<tool_call>\n{"name": "button_press", "arguments": {"type": "back"}}\n</tool_call>',
    '<think>Open Notes again.</think>\n<tool_call>\n{"name": "open_app", "arguments": {"app": "com.phonebuddy.notes"}}\n</tool_call>',
  ];
  let i = 0;
  return { name: 'canned', async next(ctx): Promise<PolicyDecision> { ctx.request(); return { kind: 'text', output: { content: outputs[i++ % outputs.length], reasoning: null } }; } };
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-bench-traj-'));
  const phone = await createMockPhone({ seed: 0 });
  const stepMs = { plain: [] as number[], recorded: [] as number[] };
  const pairRatios: number[] = [];
  const episodes = Number(process.env.PHONEBUDDY_BENCH_EPISODES ?? 12);
  for (let i = 0; i < episodes * 2 + 2; i++) {
    const recorded = i % 2 === 1;
    await phone.reset(0);
    await phone.openApp('com.phonebuddy.notes');
    const ep = new Episode({
      // Each episode's goal differs, so no two recorded steps are duplicates for the export.
      device: phone, policy: cannedModel(), goal: `Benchmark the recorder, episode ${i}`, maxSteps: STEPS, maxConsecutiveErrors: 100,
    });
    const rec = recorded ? attachRecorder(ep, { root, source: 'run', device: phone }) : undefined;
    const t0 = performance.now();
    const s = await ep.run();
    await rec?.finished();
    const per = (performance.now() - t0) / s.steps.length;
    if (i >= 2) (recorded ? stepMs.recorded : stepMs.plain).push(per); // first pair warms up
    if (i >= 2 && recorded) pairRatios.push(per / stepMs.plain.at(-1)!);
  }
  await phone.close();
  const plain = median(stepMs.plain);
  const recorded = median(stepMs.recorded);
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const rows: BenchRow[] = [
    { metric: 'step time, not recorded (median of episode means)', value: plain, unit: 'ms', note: `${episodes} episodes x ${STEPS} steps, mock phone 1080x2400, canned model text` },
    { metric: 'step time, recorded (fsynced per step)', value: recorded, unit: 'ms' },
    { metric: 'recording overhead (recorded / not recorded)', value: recorded / plain, unit: 'x', target: '<= 1.10 x', note: `ratio of medians; load average ${load}` },
    { metric: 'recording overhead, median of paired ratios', value: median(pairRatios), unit: 'x', target: '<= 1.10 x', note: `${pairRatios.length} adjacent (not recorded, recorded) pairs` },
  ];
  rows.push(...ioBaseline(root));
  for (const format of FORMAT_NAMES) {
    const rates: number[] = [];
    let perStep = 0;
    let steps = 0;
    // One untimed run warms the JIT and the page cache for this format; then five timed.
    for (let r = 0; r < 6; r++) {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), `pb-bench-export-${format}-`));
      const t0 = performance.now();
      const stats = await exportTrajectories({ inputs: [root], format, outDir: out });
      const ms = performance.now() - t0;
      if (r > 0) rates.push(stats.steps.exported / (ms / 1000));
      perStep = stats.bytes.perStep;
      steps = stats.steps.exported;
      fs.rmSync(out, { recursive: true, force: true });
    }
    rows.push({ metric: `export ${format}: throughput`, value: median(rates), unit: 'steps/s', target: '>= 500 steps/s', note: `${steps} steps, ${format === 'phonebuddy' ? 'JPEG inline as base64 (the exact request)' : 'JPEG hard-linked/copied, not re-encoded'}` });
    rows.push({ metric: `export ${format}: ratio to the I/O floor`, value: median(rates) / baselineRate, unit: 'x', note: '1.0 = as fast as reading + base64 + writing the screenshots alone' });
    rows.push({ metric: `export ${format}: bytes per step`, value: perStep / 1024, unit: 'KiB', note: format === 'phonebuddy' ? 'JSONL only' : 'JSONL + image file' });
  }
  fs.rmSync(root, { recursive: true, force: true });
  report('trajectory', rows);
}

/** The I/O floor of an inline export: every recorded JPEG read, base64-encoded and written to one file. */
function ioBaseline(root: string): BenchRow[] {
  const files = fs.readdirSync(root).flatMap((d) => fs.readdirSync(path.join(root, d)).filter((f) => f.endsWith('.jpg')).map((f) => path.join(root, d, f)));
  const rates: number[] = [];
  for (let r = 0; r < 3; r++) {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pb-bench-io-')), 'all.b64');
    const fd = fs.openSync(out, 'w');
    const t0 = performance.now();
    for (const f of files) fs.writeSync(fd, `${fs.readFileSync(f).toString('base64')}\n`);
    fs.closeSync(fd);
    rates.push(files.length / ((performance.now() - t0) / 1000));
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
  baselineRate = median(rates);
  return [{ metric: 'baseline: read JPEG + base64 + write (I/O floor)', value: baselineRate, unit: 'steps/s', note: `${files.length} screenshots` }];
}

let baselineRate = NaN;

void main();
