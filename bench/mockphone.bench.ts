// Mock phone step cost: one action plus a screenshot (JPEG and PNG), snapshot and restore,
// and steps per second on one core — beside an emulator harness's ≈ 3000 ms per step
// (AndroidWorld waits for the UI to settle, then screenshots). Targets (issue #3):
// ≥ 100 steps/s with JPEG screenshots, snapshot + restore ≤ 5 ms.
// Run: node --import tsx bench/mockphone.bench.ts
import { createCanvas, ImageData } from '@napi-rs/canvas';
import sharp from 'sharp';
import { createMockPhone, type MockPhone } from '../src/mockphone';
import { FULL_REPAINT_SHARE } from '../src/mockphone/ui/frame-raster';
import { rgbaToRgb } from '../src/mockphone/phone/rgba-to-rgb';
import { rgbJpeg } from '../src/mockphone/phone/striped-jpeg';
import { centerOf, findNodes, parseUiTree } from '../src/device/ui-tree';
import { median, percentile, report, round, timeRuns, type BenchRow } from './report';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const EMULATOR_STEP_MS = 3000;
const JPEG = { quality: 90, chromaSubsampling: '4:2:0', mozjpeg: false, optimiseCoding: false } as const;

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

  // Each measured step and its full-path baseline drive their own phone: on a shared phone the
  // baseline's action undid the step's (the switch toggled back, the other app reopened), so the
  // striped encoder found the frame it encoded last time and re-encoded nothing.
  const scroller = await createMockPhone({ seed: 1 });
  await scroller.openApp('com.phonebuddy.contacts');
  const scroll = stepper(scroller);
  const scrollerFull = await createMockPhone({ seed: 1 });
  await scrollerFull.openApp('com.phonebuddy.contacts');
  const scrollFull = stepper(scrollerFull);
  // A phone with a focused compose field: typing changes a few small rectangles.
  const typist = async () => {
    const phone = await createMockPhone({ seed: 1 });
    await phone.openApp('com.phonebuddy.messages');
    for (const id of ['conversation', 'compose_message_text']) {
      const n = findNodes(parseUiTree(await phone.uiTree()), { resourceId: id })[0];
      await phone.tap(centerOf(n.bounds));
    }
    let typed = 0;
    return { phone, step: () => (typed++ % 8 === 7 ? phone.pressKey('delete').then(() => phone.pressKey('delete')) : phone.typeText('ab'[typed % 2])) };
  };
  // A click that changes a row (the Wi-Fi switch in Settings, and its summary and status icon),
  // and opening an app (two apps alternately: a whole new screen).
  const switcher = async () => {
    const phone = await createMockPhone({ seed: 1 });
    await phone.openApp('com.phonebuddy.settings');
    await phone.tap(centerOf(findNodes(parseUiTree(await phone.uiTree()), { resourceId: 'network' })[0].bounds));
    const wifi = findNodes(parseUiTree(await phone.uiTree()), { resourceId: 'wifi' })[0];
    if (!wifi) throw new Error('bench: no Wi-Fi switch on Settings > Network');
    return { phone, step: () => phone.tap(centerOf(wifi.bounds)) };
  };
  const launcher = async () => {
    const phone = await createMockPhone({ seed: 1 });
    let opened = 0;
    return { phone, step: () => phone.openApp(opened++ % 2 === 0 ? 'com.phonebuddy.notes' : 'com.phonebuddy.contacts') };
  };
  const [typer, typerFull, clicker, clickerFull, opener, openerFull] = await Promise.all([typist(), typist(), switcher(), switcher(), launcher(), launcher()]);
  const jpegOf = (raw: Buffer, width: number, height: number) => sharp(raw, { raw: { width, height, channels: 4 } }).removeAlpha().jpeg(JPEG).toBuffer();
  /** Today's path before damage painting, reconstructed: full repaint, a fresh copy of the frame, encode. */
  const fullPath = async (phone: MockPhone) => { phone.paintFrame({ full: true }); await jpegOf(Buffer.from(phone.rawPixels()), phone.width, phone.height); };
  const still = Buffer.from(p.rawPixels());

  // Variants run interleaved, one sample each per round, so machine load hits them alike.
  const stillRgb = Buffer.alloc(p.width * p.height * 3);
  rgbaToRgb(still, 0, stillRgb, 0, p.width * p.height);
  const shot = (phone: MockPhone) => phone.screenshot({ format: 'jpeg', quality: 90 });
  const variants: Record<string, () => Promise<unknown>> = {
    encode: () => rgbJpeg(stillRgb, p.width, p.height, 90),
    encodeRgba: () => jpegOf(still, p.width, p.height),
    convert: async () => { rgbaToRgb(still, 0, stillRgb, 0, p.width * p.height); },
    actionOnly: act,
    render: async () => { await act(); p.paintFrame(); },
    jpeg: async () => { await scroll(); await shot(scroller); },
    // right after `jpeg`: the same pixels, so the encoded screenshot is reused
    unchanged: async () => { await scroller.tap({ x: 5, y: 5 }); await shot(scroller); },
    jpegFull: async () => { await scrollFull(); await fullPath(scrollerFull); },
    typeJpeg: async () => { await typer.step(); await shot(typer.phone); },
    typeJpegFull: async () => { await typerFull.step(); await fullPath(typerFull.phone); },
    clickJpeg: async () => { await clicker.step(); await shot(clicker.phone); },
    clickJpegFull: async () => { await clickerFull.step(); await fullPath(clickerFull.phone); },
    openJpeg: async () => { await opener.step(); await shot(opener.phone); },
    openJpegFull: async () => { await openerFull.step(); await fullPath(openerFull.phone); },
    png: async () => { await act(); await p.screenshot({ format: 'png' }); },
    tree: async () => { await act(); await p.uiTree(); },
  };
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const cpuSamples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let r = 0; r < RUNS + 3; r++) {
    for (const [name, fn] of Object.entries(variants)) {
      collectGarbage(); // untimed: one variant's garbage (the baseline's 10 MB copies) must not bill the next
      const c0 = process.cpuUsage();
      const t = process.hrtime.bigint();
      await fn();
      const c = process.cpuUsage(c0);
      if (r >= 3) samples[name].push(Number(process.hrtime.bigint() - t) / 1e6);
      if (r >= 3) cpuSamples[name].push((c.user + c.system) / 1000);
    }
  }
  const { actionOnly, render, jpeg: jpegStep, png: pngStep, tree: treeStep } = samples;
  const encodeOnly = samples.encode;

  // Encoders for the same frame, alternating: sharp from raw RGB (what the phone uses: its
  // striped encoder converts changed stripes to RGB), sharp from the raw RGBA buffer with alpha
  // dropped in libvips (before), sharp with the alpha band left for jpegsave to drop, and the
  // canvas library's own JPEG encoder (Skia) — with how far each decodes from today's output.
  const skia = createCanvas(p.width, p.height);
  skia.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(still.buffer, still.byteOffset, still.byteLength), p.width, p.height), 0, 0);
  const encoders: Record<string, () => Promise<Buffer>> = {
    'sharp, raw RGB (used)': () => rgbJpeg(stillRgb, p.width, p.height, 90),
    'sharp, raw RGBA, removeAlpha (before)': () => jpegOf(still, p.width, p.height),
    'sharp, raw RGBA, alpha left in': () => sharp(still, { raw: { width: p.width, height: p.height, channels: 4 } }).jpeg(JPEG).toBuffer(),
    'canvas (Skia) encode jpeg 90': () => skia.encode('jpeg', 90),
  };
  const encTimes: Record<string, number[]> = Object.fromEntries(Object.keys(encoders).map((k) => [k, []]));
  for (let r = 0; r < Math.min(RUNS, 30) + 2; r++) {
    for (const [name, fn] of Object.entries(encoders)) {
      const t = process.hrtime.bigint();
      await fn();
      if (r >= 2) encTimes[name].push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  const reference = await sharp(await jpegOf(still, p.width, p.height)).removeAlpha().raw().toBuffer();
  const encoderError: Record<string, { mean: number; max: number; psnr: number }> = {};
  for (const [name, fn] of Object.entries(encoders)) {
    const px = await sharp(await fn()).removeAlpha().raw().toBuffer();
    let sum = 0;
    let sq = 0;
    let max = 0;
    for (let i = 0; i < px.length; i++) { const e = Math.abs(px[i] - reference[i]); sum += e; sq += e * e; if (e > max) max = e; }
    encoderError[name] = { mean: sum / px.length, max, psnr: sq === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sq / px.length)) };
  }
  // Repaint cost by damaged area: a band of the contacts list repainted in place (no state
  // change) against a full repaint, interleaved. Where the ratio reaches 1 is the crossover
  // past which frame-raster.ts repaints the whole frame instead (FULL_REPAINT_SHARE).
  const shares = [0.1, 0.25, 0.5, 0.75, 0.85, 0.95];
  const areaTimes: Record<string, number[]> = Object.fromEntries(['full', ...shares.map(String)].map((k) => [k, []]));
  for (let r = 0; r < Math.min(RUNS, 30) + 2; r++) {
    for (const k of Object.keys(areaTimes)) {
      collectGarbage();
      const share = Number(k);
      const h = Math.round(p.height * share);
      const t = process.hrtime.bigint();
      if (k === 'full') p.paintFrame({ full: true });
      else p.paintFrame({ rects: [{ x: 0, y: Math.round((p.height - h) / 2), w: p.width, h }] });
      if (r >= 2) areaTimes[k].push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
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
  let seed = 100;
  const resets = await timeRuns(() => p.reset(seed++), Math.min(RUNS, 20));
  const warmResets = await timeRuns(() => p.reset(100), Math.min(RUNS, 20));

  // Steps per second on one core: action + JPEG screenshot, back to back for ~2 s each
  // (scrolling, typing, and the encode alone as the ceiling). libvips on one thread, and CPU
  // time as well as wall time: this machine may be shared.
  await p.restore(snap);
  await p.openApp('com.phonebuddy.contacts');
  sharp.concurrency(1);
  const perSecond = async (step: () => Promise<unknown>) => {
    let steps = 0;
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    while (Number(process.hrtime.bigint() - t0) / 1e6 < 2000) {
      await step();
      steps++;
    }
    const cpu = process.cpuUsage(cpu0);
    return { wall: steps / (Number(process.hrtime.bigint() - t0) / 1e9), cpu: steps / ((cpu.user + cpu.system) / 1e6) };
  };
  const scrollRate = await perSecond(async () => { await act(); await shot(p); });
  const typeRate = await perSecond(async () => { await typer.step(); await shot(typer.phone); });
  const clickRate = await perSecond(async () => { await clicker.step(); await shot(clicker.phone); });
  const encodeRate = await perSecond(() => rgbJpeg(stillRgb, p.width, p.height, 90));
  const encodeRgbaRate = await perSecond(() => jpegOf(still, p.width, p.height));
  const stepsPerSec = scrollRate.wall;
  const stepsPerCpuSec = scrollRate.cpu;
  for (const phone of [scroller, scrollerFull, typer.phone, typerFull.phone, clicker.phone, clickerFull.phone, opener.phone, openerFull.phone]) await phone.close();

  const enc = median(encodeOnly);
  const cpuEnc = median(cpuSamples.encode);
  add('JPEG q90 encode alone, one 1080x2400 frame (physical limit)', encodeOnly, undefined, `sharp/libjpeg-turbo from raw RGB; CPU ${round(cpuEnc)} ms`);
  add('JPEG q90 encode alone from raw RGBA + removeAlpha (before)', samples.encodeRgba, undefined, `same JPEG bytes; ratio to the RGB encode ${round(median(samples.encodeRgba) / enc)}x wall, ${round(median(cpuSamples.encodeRgba) / cpuEnc)}x CPU`);
  add('RGBA -> RGB conversion of a whole frame', samples.convert, undefined, `what the RGB encode costs first (striped-jpeg converts only changed stripes); CPU ${round(median(cpuSamples.convert))} ms`);
  add('action only (swipe)', actionOnly);
  add('action + repaint (damaged rects, no encode)', render);
  const jpeg = add('scroll step: swipe + JPEG q90 screenshot', jpegStep, '<= 1.3x encode', `ratio to encode ${round(median(jpegStep) / enc)}x wall, ${round(median(cpuSamples.jpeg) / cpuEnc)}x CPU`);
  add('scroll step, before (full repaint + copy + encode)', samples.jpegFull, undefined, `baseline, same run: ratio to encode ${round(median(samples.jpegFull) / enc)}x wall, ${round(median(cpuSamples.jpegFull) / cpuEnc)}x CPU`);
  add('typing step: one key + JPEG q90 screenshot', samples.typeJpeg, '<= 1.3x encode', `ratio to encode ${round(median(samples.typeJpeg) / enc)}x wall, ${round(median(cpuSamples.typeJpeg) / cpuEnc)}x CPU`);
  add('typing step, before (full repaint + copy + encode)', samples.typeJpegFull, undefined, `baseline, same run: ratio to encode ${round(median(samples.typeJpegFull) / enc)}x wall, ${round(median(cpuSamples.typeJpegFull) / cpuEnc)}x CPU`);
  add('click step: tap a switch + JPEG q90 screenshot', samples.clickJpeg, '<= 1.3x encode', `ratio to encode ${round(median(samples.clickJpeg) / enc)}x wall, ${round(median(cpuSamples.clickJpeg) / cpuEnc)}x CPU`);
  add('click step, before (full repaint + copy + encode)', samples.clickJpegFull, undefined, `baseline, same run: ratio to encode ${round(median(samples.clickJpegFull) / enc)}x wall, ${round(median(cpuSamples.clickJpegFull) / cpuEnc)}x CPU`);
  add('open-app step: openApp + JPEG q90 screenshot', samples.openJpeg, '<= 1.3x encode', `ratio to encode ${round(median(samples.openJpeg) / enc)}x wall, ${round(median(cpuSamples.openJpeg) / cpuEnc)}x CPU`);
  add('open-app step, before (full repaint + copy + encode)', samples.openJpegFull, undefined, `baseline, same run: ratio to encode ${round(median(samples.openJpegFull) / enc)}x wall, ${round(median(cpuSamples.openJpegFull) / cpuEnc)}x CPU`);
  add('unchanged screen: tap on nothing + JPEG', samples.unchanged, undefined, 'encoded output reused');
  add('action + PNG screenshot', pngStep);
  add('action + uiautomator XML', treeStep);
  const fullRepaint = add('full repaint, no encode (crossover baseline)', areaTimes.full);
  for (const share of shares) {
    const ms = median(areaTimes[String(share)]);
    rows.push({ metric: `repaint ${Math.round(share * 100)} % of the screen, no encode`, value: ms, unit: 'ms', note: `ratio to a full repaint, same run: ${round(ms / fullRepaint)}x (damage at or above ${FULL_REPAINT_SHARE * 100} % is repainted in full)` });
  }
  for (const [name, xs] of Object.entries(encTimes)) {
    rows.push({ metric: `encoder: ${name}`, value: median(xs), unit: 'ms', note: `decodes to mean |Δ| ${round(encoderError[name].mean, 3)}, max ${encoderError[name].max}, PSNR ${Number.isFinite(encoderError[name].psnr) ? `${round(encoderError[name].psnr, 1)} dB` : '∞ (identical)'} vs today's JPEG` });
  }
  add('snapshot (no database changed)', snapUnchanged);
  add('snapshot (one database changed)', snapAfterWrite.map((x, i) => x - (writeOnly[i] ?? 0)));
  add('restore (same databases)', restoreSame);
  add('restore (one database differs)', restoreAfterWrite.map((x, i) => x - (writeOnly[i] ?? 0)));
  const sr = add('action + snapshot + restore', roundTrip, '<= 5 ms (snapshot + restore)', 'includes the action');
  add('reset(seed), new seed (every app seeds its database)', resets);
  add('reset(seed), seed seen before (seeded databases cached)', warmResets);
  rows.push({ metric: 'steps/s on one core (scroll + JPEG), wall clock', value: stepsPerSec, unit: 'steps/s', target: '>= 100' });
  rows.push({ metric: 'steps/s per CPU-second (scroll + JPEG)', value: stepsPerCpuSec, unit: 'steps/s', note: 'process CPU time; robust to a loaded machine' });
  rows.push({ metric: 'steps/s on one core (typing + JPEG), wall clock', value: typeRate.wall, unit: 'steps/s', target: '>= 100', note: `per CPU-second ${round(typeRate.cpu)}` });
  rows.push({ metric: 'steps/s on one core (click + JPEG), wall clock', value: clickRate.wall, unit: 'steps/s', target: '>= 100', note: `per CPU-second ${round(clickRate.cpu)}` });
  rows.push({ metric: 'JPEG encodes/s alone, from RGB (the ceiling for full-screen JPEG steps)', value: encodeRate.wall, unit: 'encodes/s', note: `per CPU-second ${round(encodeRate.cpu)}` });
  rows.push({ metric: 'JPEG encodes/s alone, from RGBA + removeAlpha (before)', value: encodeRgbaRate.wall, unit: 'encodes/s', note: `per CPU-second ${round(encodeRgbaRate.cpu)}` });
  rows.push({ metric: 'emulator harness per step (AndroidWorld)', value: EMULATOR_STEP_MS, unit: 'ms', note: 'settle + screenshot cadence, reference figure' });
  rows.push({ metric: 'speed-up vs emulator (per JPEG step)', value: EMULATOR_STEP_MS / jpeg, unit: 'x' });
  rows.push({ metric: 'machine load average (1 min) during the run', value: os.loadavg()[0], unit: 'load', note: `${os.cpus().length} cores` });
  report('mockphone', rows);
  console.log(`  (one step ${round(jpeg)} ms vs ≈${EMULATOR_STEP_MS} ms on an emulator; snapshot+restore+action ${round(sr)} ms)`);
  await p.close();
}

void main();
