// Mock phone step cost: one action plus a screenshot (JPEG and PNG), snapshot and restore,
// and steps per second on one core — beside an emulator harness's ≈ 3000 ms per step
// (AndroidWorld waits for the UI to settle, then screenshots). Targets (issue #3):
// ≥ 100 steps/s with JPEG screenshots, snapshot + restore ≤ 5 ms.
// Run: node --import tsx bench/mockphone.bench.ts
import sharp from 'sharp';
import { createMockPhone, type MockPhone } from '../src/mockphone';
import { median, percentile, report, round, timeRuns, type BenchRow } from './report';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const EMULATOR_STEP_MS = 3000;

/** Actions that each change the screen: scroll the contact list down and up, alternately. */
function stepper(p: MockPhone): () => Promise<void> {
  let i = 0;
  return async () => {
    const down = i++ % 2 === 0;
    await p.swipe({ x: 540, y: down ? 1700 : 900 }, { x: 540, y: down ? 900 : 1700 }, 500);
  };
}

async function main(): Promise<void> {
  const p = await createMockPhone({ seed: 1 });
  await p.openApp('com.phonebuddy.contacts');
  const act = stepper(p);
  const rows: BenchRow[] = [];
  const add = (metric: string, xs: number[], target?: string, note?: string): number => {
    rows.push({ metric: `${metric} p50`, value: median(xs), unit: 'ms', target, note });
    rows.push({ metric: `${metric} p95`, value: percentile(xs, 95), unit: 'ms' });
    return median(xs);
  };

  const actionOnly = await timeRuns(act, RUNS);
  const render = await timeRuns(async () => { await act(); p.rawPixels(); }, RUNS);
  const jpegStep = await timeRuns(async () => { await act(); await p.screenshot({ format: 'jpeg', quality: 90 }); }, RUNS);
  const pngStep = await timeRuns(async () => { await act(); await p.screenshot({ format: 'png' }); }, RUNS);
  const treeStep = await timeRuns(async () => { await act(); await p.uiTree(); }, RUNS);
  // sharp's JPEG encoder alone on the same raw frame, to show where the time goes
  const raw = p.rawPixels();
  const encodeOnly = await timeRuns(() => sharp(raw, { raw: { width: p.width, height: p.height, channels: 4 } }).removeAlpha().jpeg({ quality: 90, chromaSubsampling: '4:2:0', optimiseCoding: false }).toBuffer(), RUNS);

  // A phone with real history: every app opened, a few writes.
  await p.openApp('com.phonebuddy.notes');
  await p.openApp('com.phonebuddy.messages');
  const snapUnchanged = await timeRuns(() => p.snapshot(), RUNS);
  const snap = await p.snapshot();
  let k = 0;
  const snapAfterWrite = await timeRuns(async () => { p.execSql('com.phonebuddy.notes', 'UPDATE notes SET pinned = ? WHERE id = 1', [k++ % 2]); await p.snapshot(); }, RUNS);
  const restoreSame = await timeRuns(() => p.restore(snap), RUNS);
  const restoreAfterWrite = await timeRuns(async () => { p.execSql('com.phonebuddy.notes', 'UPDATE notes SET pinned = ? WHERE id = 1', [k++ % 2]); await p.restore(snap); }, RUNS);
  const roundTrip = await timeRuns(async () => { await act(); const s = await p.snapshot(); await p.restore(s); }, RUNS);
  const writeOnly = await timeRuns(() => { p.execSql('com.phonebuddy.notes', 'UPDATE notes SET pinned = ? WHERE id = 1', [k++ % 2]); }, RUNS);

  // Steps per second on one core: action + JPEG screenshot, back to back for ~2 s.
  await p.restore(snap);
  await p.openApp('com.phonebuddy.contacts');
  let steps = 0;
  const t0 = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - t0) / 1e6 < 2000) {
    await act();
    await p.screenshot({ format: 'jpeg', quality: 90 });
    steps++;
  }
  const stepsPerSec = steps / (Number(process.hrtime.bigint() - t0) / 1e9);

  add('action only (swipe)', actionOnly);
  add('action + render (raw RGBA, no encode)', render);
  const jpeg = add('action + JPEG q90 screenshot', jpegStep, '<= 10 ms (100 steps/s)');
  add('action + PNG screenshot', pngStep);
  add('action + uiautomator XML', treeStep);
  add('sharp JPEG q90 encode of one 1080x2400 frame', encodeOnly, undefined, 'libjpeg-turbo via sharp: 4:2:0, no mozjpeg, no Huffman optimisation');
  add('snapshot (no database changed)', snapUnchanged);
  add('snapshot (one database changed)', snapAfterWrite.map((x, i) => x - (writeOnly[i] ?? 0)));
  add('restore (same databases)', restoreSame);
  add('restore (one database differs)', restoreAfterWrite.map((x, i) => x - (writeOnly[i] ?? 0)));
  const sr = add('action + snapshot + restore', roundTrip, '<= 5 ms (snapshot + restore)', 'includes the action');
  rows.push({ metric: 'steps/s on one core (action + JPEG)', value: stepsPerSec, unit: 'steps/s', target: '>= 100' });
  rows.push({ metric: 'emulator harness per step (AndroidWorld)', value: EMULATOR_STEP_MS, unit: 'ms', note: 'settle + screenshot cadence, reference figure' });
  rows.push({ metric: 'speed-up vs emulator (per JPEG step)', value: EMULATOR_STEP_MS / jpeg, unit: 'x' });
  report('mockphone', rows);
  console.log(`  (one step ${round(jpeg)} ms vs ≈${EMULATOR_STEP_MS} ms on an emulator; snapshot+restore+action ${round(sr)} ms)`);
  await p.close();
}

void main();
