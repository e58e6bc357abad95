// Run report benchmarks (`npm run bench -- report`), side by side in one run:
// 1. Building the report of 1,000 episodes (load the runs dir, build the data, write the
//    folder): from results.jsonl alone, and with every episode recorded (8 steps each, so
//    8,000 screenshots read and copied) — target < 10 s — beside the baseline of reading and
//    parsing the same results.jsonl (parseResultsJsonl), as a ratio.
// 2. Opening the report in Chromium from disk until it is drawn (data parsed, tables, charts):
//    target < 2 s, beside the baseline of a page in the same folder that only parses the same
//    data block; and opening one episode's filmstrip until its screenshots are decoded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { chromium, type Browser } from 'playwright-core';
import { median, report, round, timeRuns, type BenchRow } from './report';
import { parseResultsJsonl, summarize, type ResultRecord } from '../src/agent/runner/results';
import { EpisodeWriter } from '../src/trajectory/writer';
import type { DurableFs } from '../src/trajectory/durable-fs';
import { loadRun } from '../src/report/load';
import { buildReport } from '../src/report/build';
import { writeReport } from '../src/report/write';
import { viewAssets } from '../src/report/view-assets';
import { REPORT_DATA_ID } from '../src/webview-protocol/run-report';
import { CHROMIUM } from '../src/panel/testing/browser-panel';

const EPISODES = 1000;
const STEPS = 8;
const FAMILIES = ['single-app', 'cross-app', 'mini-app'] as const;
const APPS = ['com.phonebuddy.notes', 'com.phonebuddy.messages', 'com.phonebuddy.chat', 'com.phonebuddy.shop'];
const TIMINGS = { screenshot: 30, uiTree: 10, model: 900, parse: 1, action: 40, total: 990 };

/** Bench data is written to the page cache only: the writer's fsyncs would measure the disk. */
const pageCacheFs: DurableFs = {
  writeFile: async (file, data) => fs.writeFileSync(file, data),
  append: async (file, data) => fs.appendFileSync(file, data),
  replace: async (file, data) => { fs.writeFileSync(`${file}.tmp`, data); fs.renameSync(`${file}.tmp`, file); },
  syncDir: async () => undefined,
  mkdir: async (dir) => { fs.mkdirSync(dir, { recursive: true }); },
};

function syntheticRecord(i: number): ResultRecord {
  const family = FAMILIES[i % 3];
  const outcome = i % 10; // 0–5 pass, 6 budget, 7 verifier, 8 wrong app, 9 unparsable
  const success = outcome <= 5;
  const apps = family === 'cross-app' ? [APPS[i % 4], APPS[(i + 1) % 4]] : [APPS[i % 4]];
  const trajectory = Array.from({ length: STEPS }, (_, s) => ({
    step: s + 1, action: s === STEPS - 1 ? 'finish' : 'click', args: s === STEPS - 1 ? { text: 'Done.' } : { points: [[100 + ((i * 37 + s * 101) % 800), 150 + ((i * 53 + s * 89) % 700)]] },
    thought: `Step ${s + 1}: the list shows the items; I look for the one the goal names and tap it, then check the screen changed as expected before going on.`,
    status: outcome === 9 && s >= STEPS - 3 ? 'failed' as const : 'ok' as const,
    ...(outcome === 9 && s >= STEPS - 3 ? { error: 'unparsable model output (no-tool-call): no <tool_call> block' } : { pixels: [{ x: 540, y: 1200 }] }),
    foreground_app: outcome === 8 && s === STEPS - 1 ? 'com.phonebuddy.calendar' : apps[0], timings: TIMINGS,
  }));
  return {
    task: `bench.task-${Math.floor(i / 4)}#n=${i % 4}`, task_id: `bench.task-${Math.floor(i / 4)}`, goal: `Do synthetic task ${i} in ${apps.join(' and ')}.`,
    family, tags: [`tag-${i % 7}`], locale: i % 4 === 0 ? 'zh-CN' : 'en-US', apps, score: success ? 1 : 0, success,
    ...(i % 23 === 0 ? { violations: ['privacy'] } : {}),
    ...(outcome === 7 ? { failed_verifiers: [{ path: 'verify.all[1]', kind: 'sql', reason: `expected 1 row, got ${i % 3}` }] } : {}),
    steps: STEPS, terminated_by: outcome === 6 ? 'max-steps' : outcome === 9 ? 'errors' : 'finish', reason: 'synthetic', error: null,
    device: 'mock:1', policy: 'bench', duration_ms: 5000 + (i % 17) * 300, trajectory,
  };
}

async function writeRuns(root: string): Promise<{ plain: string; recorded: string }> {
  const records = Array.from({ length: EPISODES }, (_, i) => syntheticRecord(i));
  const plain = path.join(root, 'plain');
  const recorded = path.join(root, 'recorded');
  // Eight distinct small screenshots (a phone screen at a tenth of its size), reused.
  const jpegs = await Promise.all(Array.from({ length: STEPS }, (_, s) => sharp({ create: { width: 108, height: 240, channels: 3, background: { r: 30 * s, g: 120, b: 200 - 20 * s } } }).jpeg({ quality: 90 }).toBuffer()));
  const withDirs: ResultRecord[] = [];
  for (const [i, r] of records.entries()) {
    const folder = path.join(root, 'rec', `ep-${i}`);
    const w = await EpisodeWriter.create(folder, { episodeId: `ep${i}`, source: 'run', goal: r.goal, device: { id: 'mock:1', kind: 'mock', screen: { width: 1080, height: 2400 } }, policy: 'bench', startedAt: new Date().toISOString() }, { fs: pageCacheFs });
    for (const t of r.trajectory) {
      await w.appendStep({
        index: t.step, time: new Date().toISOString(), instruction: r.goal, thought: t.thought, status: t.status, source: 'bench', timings: TIMINGS,
        ...(t.action === 'finish' ? { call: { name: 'finish', args: { text: 'Done.' } }, action: { type: 'finish', tool: 'finish', text: 'Done.' } } : { call: { name: 'click', args: t.args! }, action: { type: 'click', point: { x: (t.args!.points as number[][])[0][0], y: (t.args!.points as number[][])[0][1] } } }),
        image: { data: jpegs[t.step - 1], format: 'jpeg', width: 108, height: 240 },
      });
    }
    await w.finish({ success: r.success, score: r.score ?? 0, terminatedBy: r.terminated_by, reason: r.reason });
    withDirs.push({ ...r, trajectory_dir: folder });
  }
  for (const [dir, rs] of [[plain, records], [recorded, withDirs]] as const) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'results.jsonl'), rs.map((r) => `${JSON.stringify(r)}\n`).join(''));
    fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summarize([...rs])));
  }
  return { plain, recorded };
}

async function build(runs: string, out: string): Promise<void> {
  const built = await buildReport(loadRun([runs]));
  await writeReport(out, built, await viewAssets());
}

/** Milliseconds from navigation to the report drawn (or the baseline's data parsed), on a fresh page. */
async function openTimes(browser: Browser, url: string, runs: number, hash = ''): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const t0 = performance.now();
    await page.goto(url + hash);
    await page.waitForFunction(() => (globalThis as unknown as { __runReport?: { ready: boolean } }).__runReport?.ready === true, null, { timeout: 120_000 });
    if (hash) await page.$$eval('.viewer img', (imgs) => Promise.all((imgs as HTMLImageElement[]).map((im) => im.decode())));
    const ms = performance.now() - t0;
    if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
    if (i > 0) times.push(ms); // the first open warms the browser's caches
    await page.close();
  }
  return times;
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-bench-report-'));
  const rows: BenchRow[] = [];
  try {
    const { plain, recorded } = await writeRuns(root);
    await viewAssets();
    const parseMs = await timeRuns(() => parseResultsJsonl(fs.readFileSync(path.join(plain, 'results.jsonl'), 'utf8')), 9, 2);
    const plainMs = await timeRuns(() => build(plain, path.join(root, 'report-plain')), 7, 1);
    const recMs = await timeRuns(() => build(recorded, path.join(root, 'report-rec')), 5, 1);
    const p = median(parseMs);
    rows.push(
      { metric: 'baseline: read + parse results.jsonl (1,000 episodes)', value: p, unit: 'ms' },
      { metric: 'build report, results only (1,000 episodes)', value: median(plainMs), unit: 'ms', target: '< 10 s' },
      { metric: '  ratio to the baseline', value: round(median(plainMs) / p), unit: 'x' },
      { metric: 'build report, recorded (1,000 ep., 8,000 screenshots)', value: median(recMs), unit: 'ms', target: '< 10 s' },
      { metric: '  ratio to the baseline', value: round(median(recMs) / p), unit: 'x' },
    );
    // Chromium: the report as written, and a baseline page beside it that parses the same data.
    const recOut = path.join(root, 'report-rec');
    const html = fs.readFileSync(path.join(recOut, 'index.html'), 'utf8');
    const baselineHtml = html.replace(/<script src="chart\.umd\.min\.js"><\/script>\n<script src="report\.js"><\/script>/, '<script src="baseline.js"></script>');
    if (baselineHtml === html) throw new Error('could not make the baseline page from index.html');
    fs.writeFileSync(path.join(recOut, 'baseline.html'), baselineHtml);
    fs.writeFileSync(path.join(recOut, 'baseline.js'), `JSON.parse(document.getElementById(${JSON.stringify(REPORT_DATA_ID)}).textContent); globalThis.__runReport = { ready: true };\n`);
    const bytes = fs.statSync(path.join(recOut, 'index.html')).size;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    try {
      const base = pathToFileURL(recOut).href;
      const baseMs = await openTimes(browser, `${base}/baseline.html`, 7);
      const openMs = await openTimes(browser, `${base}/index.html`, 7);
      const filmMs = await openTimes(browser, `${base}/index.html`, 5, '#episode-7');
      rows.push(
        { metric: 'baseline: open a page parsing the same data', value: median(baseMs), unit: 'ms', note: `index.html ${(bytes / 1024 / 1024).toFixed(1)} MiB` },
        { metric: 'open the report in Chromium until drawn', value: median(openMs), unit: 'ms', target: '< 2 s' },
        { metric: '  ratio to the baseline', value: round(median(openMs) / median(baseMs)), unit: 'x' },
        { metric: 'open the report at an episode, screenshots decoded', value: median(filmMs), unit: 'ms' },
      );
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  report('report', rows);
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
