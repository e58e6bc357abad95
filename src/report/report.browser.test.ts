// The report folder in Debian's Chromium (Playwright), opened from disk as a reader would: no
// console error, no request but the folder's own files, the charts drawn, and the filmstrips'
// screenshots loaded — for two real recorded runs compared, episodes opened by a click.
// With PHONEBUDDY_DOCS_IMAGES=<dir> it also saves the screenshots docs/report.md shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../panel/testing/browser-panel';
import { tempDir } from './testing/fixture';
import { cli, recordedRun } from './testing/real-runs';

interface Probe { ready: boolean; charts: number; episodes: number }

test('the report opens from disk in Chromium: no errors, no network, filmstrip images load', async () => {
  const root = tempDir('browser');
  const [cand, base] = await Promise.all([recordedRun(path.join(root, 'cand')), recordedRun(path.join(root, 'base'), 4)]);
  const out = path.join(root, 'report');
  const made = await cli(['report', cand, '--compare', base, '--out', out, '--title', 'Solution policy vs a 4-step budget', '--label', 'full budget', '--compare-label', '4 steps']);
  assert.equal(made.code, 0, made.err);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    const folder = pathToFileURL(out).href;
    await page.goto(`${folder}/index.html`);
    await page.waitForFunction(() => (globalThis as unknown as { __runReport?: Probe }).__runReport?.ready === true);
    const probe = await page.evaluate(() => (globalThis as unknown as { __runReport: Probe }).__runReport);
    assert.equal(probe.episodes, 10);
    assert.equal(probe.charts, 6, 'success and violations by family per run, the comparison, steps');
    // Charts really drew: each canvas has non-blank pixels.
    const blank = await page.evaluate(() => [...document.querySelectorAll<HTMLCanvasElement>('.chart-box canvas')].filter((c) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      return !d.some((v, i) => i % 4 === 3 && v > 0);
    }).length);
    assert.equal(blank, 0);

    // A flip side by side, opened by a click: both filmstrips, every screenshot loaded.
    await page.click('.flip .pair-link');
    await page.waitForSelector('.viewer .filmstrip + .filmstrip');
    const images = async () => page.$$eval('.viewer .filmstrip img', (imgs) => Promise.all((imgs as HTMLImageElement[]).map((i) => i.decode().then(() => i.naturalWidth, () => 0))));
    let widths = await images();
    assert.ok(widths.length >= 4, `images: ${widths.length}`);
    assert.ok(widths.every((w) => w > 0), `unloaded filmstrip images: ${widths}`);
    if (process.env.PHONEBUDDY_DOCS_IMAGES) {
      await page.locator('.viewer').screenshot({ path: path.join(process.env.PHONEBUDDY_DOCS_IMAGES, 'report-flip.png') });
      await page.locator('#compare').screenshot({ path: path.join(process.env.PHONEBUDDY_DOCS_IMAGES, 'report-compare.png') });
    }

    // A failure cause's example opens its episode.
    await page.click('#run-1 .cause summary');
    if (process.env.PHONEBUDDY_DOCS_IMAGES) await page.locator('#run-1').screenshot({ path: path.join(process.env.PHONEBUDDY_DOCS_IMAGES, 'report-run.png') });
    await page.click('#run-1 .cause .ep-link');
    await page.waitForFunction(() => document.querySelectorAll('.viewer .filmstrip').length === 1);
    widths = await images();
    assert.ok(widths.length > 0 && widths.every((w) => w > 0), `unloaded: ${widths}`);
    assert.match(await page.textContent('.viewer .verdict-card') ?? '', /Failed/);

    // The episode list filters on every episode.
    await page.fill('#episodes input[type=search]', 'notes.create');
    const listed = await page.$$eval('#episodes tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
    assert.equal(listed.length, 6, 'three notes instances in each run');
    assert.ok(listed.every((t) => t.includes('notes.create')));

    assert.deepEqual(errors, []);
    const foreign = requests.filter((u) => !u.startsWith(`${folder}/`));
    assert.deepEqual(foreign, [], 'only the report folder\'s own files are requested');
    assert.ok(requests.some((u) => u.endsWith('/chart.umd.min.js')) && requests.some((u) => /\/shots\/\d+\/\d{4}\.jpg$/.test(u)));
  } finally {
    await browser.close();
  }
});
