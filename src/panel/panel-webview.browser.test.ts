// The device panel's real webview bundle (built from webview/ for this run) in Debian Chromium
// through Playwright, served by the browser bridge as sessions of a real PanelHub mirroring a
// real mock phone — the same PanelSession, protocol validation and CSP as in VS Code:
//   - a paused episode's pending action is drawn where the action will land (overlay canvas
//     pixels at the mapped point, at two panel sizes) and captioned;
//   - continue / step over / step back appear only while paused, with drawn icons, and
//     clicking them steps and resumes the episode;
//   - a click on the mirrored screen during the pause replaces the pending action (a
//     correction by `panel`, the model's original kept);
//   - the Record toggle records a demonstration (red dot, step count) that `phonebuddy export`
//     exports and `phonebuddy export --validate` accepts;
//   - frames drawn at the panel's size, streamed as pipelined tile sets and composited by the
//     webview, leave its canvas pixel for pixel equal to a full repaint at the same size.
// Screenshots go to .test-output/panel-webview/ (docs/images has copies).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { Episode } from '../agent/episode';
import { HOOK_ORDER } from '../agent/hooks';
import { SolutionPolicy } from '../agent/policies/solution';
import { centerOf, findNodes, parseUiTree } from '../device/ui-tree';
import type { MockPhone } from '../mockphone';
import { toNormalized, toPixels } from '../protocol/coords';
import type { Demonstration } from './demonstration';
import { DeviceRegistry } from './devices/registry';
import { serveDevicePanel } from './browser-bridge';
import { PanelHub } from './panel-hub';
import { registerRecordToggle, RECORD_ITEM_ID } from './record-toggle';
import { until } from '../../scripts/lib/ports.mjs';

const root = path.resolve(__dirname, '..', '..');
const CHROMIUM = process.env.PHONEBUDDY_CHROMIUM ?? '/usr/bin/chromium';
const shots = path.join(root, '.test-output', 'panel-webview');

interface PanelProbe {
  stats: { frames: number };
  drawnRect(): { left: number; top: number; width: number; height: number };
  device(): { width: number; height: number } | undefined;
  pending(): { step: number; call: string; mark: { shape: string; at?: { x: number; y: number } }; correctedBy?: string } | undefined;
}
const probe = <T>(page: Page, f: (p: PanelProbe) => T): Promise<T> =>
  page.evaluate(`(${f.toString()})(globalThis.__devicePanel)`) as Promise<T>;

async function buildBundle(): Promise<string> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-panel-bundle-'));
  await esbuild.build({
    entryPoints: [path.join(root, 'webview', 'device-panel', 'main.ts')], outfile: path.join(out, 'device-panel.js'),
    bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'error',
  });
  return out;
}

/** Page position of a device pixel's centre, from the panel's own drawn rect. */
async function pagePoint(page: Page, px: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const { r, d } = await probe(page, (p) => ({ r: p.drawnRect(), d: p.device()! }));
  return { x: r.left + ((px.x + 0.5) * r.width) / d.width, y: r.top + ((px.y + 0.5) * r.height) / d.height };
}

/** RGBA of the overlay canvas around a page point (3×3 physical pixels). */
function overlayPixels(page: Page, at: { x: number; y: number }): Promise<number[][]> {
  return page.evaluate(({ x, y }) => {
    const c = document.querySelector('canvas.overlay') as HTMLCanvasElement;
    const box = c.getBoundingClientRect();
    const k = c.width / box.width;
    const cx = Math.round((x - box.left) * k);
    const cy = Math.round((y - box.top) * k);
    const data = c.getContext('2d')!.getImageData(cx - 1, cy - 1, 3, 3).data;
    const out: number[][] = [];
    for (let i = 0; i < data.length; i += 4) out.push([data[i], data[i + 1], data[i + 2], data[i + 3]]);
    return out;
  }, at);
}
const isAmber = ([r, g, b, a]: number[]) => a > 180 && r > 220 && g > 140 && g < 215 && b < 80;

async function notesTask() {
  const { loadMockTasks } = await import('../studio/tasks');
  const { instances } = await loadMockTasks([path.join(root, 'tasks-examples', 'single-app', 'notes-create.task.yaml')], { seed: 0 });
  return instances[0];
}

test('the real panel webview in Chromium: pending overlay, step buttons, correction by click, Record → exportable trajectory', { timeout: 240_000 }, async (t) => {
  if (!fs.existsSync(CHROMIUM)) {
    t.skip(`no Chromium at ${CHROMIUM} (set PHONEBUDDY_CHROMIUM)`);
    return;
  }
  fs.mkdirSync(shots, { recursive: true });
  const bundleDir = await buildBundle();
  const { createMockPhone } = await import('../mockphone');
  const phone: MockPhone = await createMockPhone({ seed: 0 });
  const registry = new DeviceRegistry();
  registry.add(phone, 'Mock phone 1');
  const hub = new PanelHub(registry, { log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  const recordings = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-demo-'));
  let demo: Demonstration | undefined;
  const toggle = registerRecordToggle(hub, {
    root: () => recordings, askGoal: async () => 'Open the Notes app', problem: (m) => { throw new Error(m); },
    started: (_id, d) => { demo = d; },
  });
  const bridge = await serveDevicePanel({ registry, hub, deviceId: phone.id, bundleDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 480, height: 900 }, deviceScaleFactor: 2 });
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(bridge.url);
    await page.waitForFunction(() => ((globalThis as unknown as { __devicePanel?: PanelProbe }).__devicePanel?.stats.frames ?? 0) > 0, null, { timeout: 30_000 });
    const item = (id: string) => page.locator(`vscode-button[data-item-id="${id}"]`);
    const ids = { cont: `paused.${phone.id}.continue`, over: `paused.${phone.id}.stepOver`, back: `paused.${phone.id}.stepBack`, pause: `paused.${phone.id}.pause` };

    // ---- 1. a paused episode ------------------------------------------------------------
    assert.equal(await item(ids.cont).count(), 0, 'no step buttons before any episode');
    const task = await notesTask();
    const ep = new Episode({
      device: phone, policy: new SolutionPolicy(), task, checkpoints: true,
      hooks: [{ name: 'debugger', order: HOOK_ORDER.debugger, at: (p) => (p.point === 'before-action' && (p.step === 1 || p.step === 2) ? { pause: 'breakpoint' } : undefined) }],
    });
    hub.showEpisode(phone.id, ep);
    const run = ep.run();
    await until('the episode to pause', async () => ep.paused);
    // Step 1 opens Notes: a label, captioned with the call.
    let pending = await until('the pending overlay in the webview', () => probe(page, (p) => p.pending()));
    assert.deepEqual([pending.step, pending.mark.shape], [1, 'label']);
    await page.locator('#pending-caption').waitFor({ state: 'visible' });
    assert.match(await page.locator('#pending-caption').innerText(), /Paused at step 1: open_app\(\{"app":"com.phonebuddy.notes"\}\)/);
    await item(ids.cont).click();
    // Step 2 taps "new note": a crosshair.
    await until('the breakpoint at step 2', async () => ep.paused?.step === 2);
    pending = await until('step 2 in the webview', async () => { const p = await probe(page, (x) => x.pending()); return p?.step === 2 && p; });
    const action = ep.current!.action!;
    // Step buttons only while paused, each with its icon drawn (an SVG with a real size).
    for (const id of [ids.cont, ids.over, ids.back]) {
      await item(id).waitFor({ state: 'visible' });
      const box = await item(id).locator('svg.icon').boundingBox();
      assert.ok(box && box.width >= 12 && box.height >= 12, `${id} draws its icon`);
    }
    assert.equal(await item(ids.pause).count(), 0, 'pause is not offered while paused');

    // The mark is where the action will land, at two panel sizes.
    const screen = (await probe(page, (p) => p.device()))!;
    const checkMark = async (label: string) => {
      const p = await probe(page, (x) => x.pending());
      assert.ok(p?.mark.at, `the pending ${action.type} has a point`);
      const at = await pagePoint(page, toPixels(p.mark.at, screen));
      await page.waitForTimeout(100); // the overlay paints on the next animation frame
      const near = await overlayPixels(page, at);
      assert.ok(near.some(isAmber), `${label}: amber crosshair at ${JSON.stringify(at)}, got ${JSON.stringify(near)}`);
      const off = await overlayPixels(page, { x: at.x + 80, y: at.y + 80 });
      assert.ok(!off.some(isAmber), `${label}: nothing amber away from the mark`);
      return at;
    };
    assert.equal(pending.mark.shape, 'crosshair', `step 2 of the notes task is a tap (${pending.call})`);
    await checkMark('480×900 @2x');
    await page.screenshot({ path: path.join(shots, 'device-panel-paused.png') });
    await page.setViewportSize({ width: 900, height: 620 });
    await page.waitForTimeout(400);
    await checkMark('900×620 @2x');
    await page.setViewportSize({ width: 480, height: 900 });
    await page.waitForTimeout(400);

    // Step over: step 2 runs, the plain controller stops before step 3's action (typing: a bubble).
    await item(ids.over).click();
    await until('the pause before step 3', async () => ep.paused?.step === 3 && ep.paused.point === 'before-action');
    pending = await until('the webview to show step 3 pending', async () => { const p = await probe(page, (x) => x.pending()); return p?.step === 3 && p; });
    assert.equal(pending.mark.shape, 'bubble');
    // Step back: the checkpoint before step 2, paused at its decision again.
    await item(ids.back).click();
    await until('the step back to step 2', async () => ep.paused?.step === 2 && ep.paused.point === 'before-action');
    await until('the webview to show step 2 pending again', async () => (await probe(page, (p) => p.pending()))?.step === 2);
    await item(ids.over).click();
    await until('step 3 again', async () => ep.paused?.step === 3);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(shots, 'device-panel-paused-type.png') });

    // A click on the mirrored screen replaces step 3's pending action.
    const model = ep.current!.action!;
    const target = { x: Math.round(screen.width * 0.3), y: Math.round(screen.height * 0.7) };
    const click = await pagePoint(page, target);
    await page.mouse.click(click.x, click.y);
    const replaced = { type: 'click', point: toNormalized(target, screen) };
    await until('the pending action to be replaced', async () => JSON.stringify(ep.current?.action) === JSON.stringify(replaced));
    const shown = await until('the correction drawn', async () => {
      const p = await probe(page, (x) => x.pending());
      return p?.correctedBy === 'panel' && p;
    });
    assert.deepEqual(shown.mark.at, replaced.point);
    assert.match(await page.locator('#pending-caption').innerText(), /replaced by panel/);
    await page.waitForTimeout(100);
    await page.screenshot({ path: path.join(shots, 'device-panel-corrected.png') });

    // Continue: the buttons go, pause comes back while it runs, the episode ends.
    await item(ids.cont).click();
    const summary = await run;
    const step3 = summary.steps.find((s) => s.step === 3)!;
    assert.deepEqual(step3.action, replaced);
    assert.equal(step3.correction?.by, 'panel');
    assert.deepEqual(step3.correction?.original, model, 'the model\'s action is kept');
    await until('the step buttons to go', async () => (await item(ids.cont).count()) === 0);
    assert.equal(await probe(page, (p) => p.pending()), undefined);

    // ---- 2. Record a demonstration --------------------------------------------------------
    await phone.pressKey('home');
    await item(RECORD_ITEM_ID).click();
    await page.locator('#human-turn').filter({ hasText: 'Your turn' }).waitFor({ timeout: 20_000 });
    await until('the red REC state', async () => (await item(RECORD_ITEM_ID).getAttribute('data-checked')) === 'true');
    assert.ok(await page.locator('#stage.recording').count(), 'the screen is framed red while recording');
    const dot = await item(RECORD_ITEM_ID).locator('svg.icon circle').getAttribute('fill');
    assert.equal(dot, 'currentColor');
    const home = parseUiTree(await phone.uiTree());
    const notes = centerOf(findNodes(home, { text: 'Notes' })[0].bounds);
    // The thought note: offered during the demonstration's turn, typed, carried by the tap.
    const note = page.locator('#human-note');
    await note.waitFor({ state: 'visible' });
    await note.fill('The Notes app is on the home screen: open it.');
    await page.screenshot({ path: path.join(shots, 'device-panel-note.png') });
    const p1 = await pagePoint(page, notes);
    await page.mouse.click(p1.x, p1.y);
    await until('Notes to open', async () => (await phone.foregroundApp()) === 'com.phonebuddy.notes');
    await until('the step count on the Record button', async () => ((await item(RECORD_ITEM_ID).textContent()) ?? '').includes('1 step'));
    // The badge fits its pill and the pill fits the button (it was seen cut off at the right).
    const fit = await item(RECORD_ITEM_ID).evaluate((b) => {
      const badge = b.querySelector('.toolbar-badge') as HTMLElement;
      const r = badge.getBoundingClientRect();
      const br = b.getBoundingClientRect();
      return { text: badge.scrollWidth, pill: badge.clientWidth, right: r.right, buttonRight: br.right };
    });
    assert.ok(fit.text <= fit.pill && fit.right <= fit.buttonRight + 0.5, `the step badge is cut off: ${JSON.stringify(fit)}`);
    await page.locator('#human-turn').filter({ hasText: 'step 2' }).waitFor();
    assert.equal(await note.inputValue(), '', 'the next turn starts with an empty note');
    await page.screenshot({ path: path.join(shots, 'device-panel-recording.png') });
    await item(RECORD_ITEM_ID).click();
    assert.ok(demo, 'the toggle started a demonstration');
    const result = await demo.result;
    assert.deepEqual(result.summary.steps.map((s) => s.call?.name), ['click', 'finish']);
    await until('Record to turn off', async () => (await item(RECORD_ITEM_ID).getAttribute('data-checked')) === null);
    const folder = result.folders[0];
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    assert.equal(manifest.source, 'demo');
    assert.equal(manifest.goal, 'Open the Notes app');
    assert.ok(await page.locator('#human-note-row').isHidden(), 'no note field once the demonstration ended');
    const step1 = JSON.parse(fs.readFileSync(path.join(folder, 'steps.jsonl'), 'utf8').split('\n')[0]);
    assert.deepEqual([step1.note, step1.thought], ['The Notes app is on the home screen: open it.', 'The Notes app is on the home screen: open it.']);

    // The real CLI exports it, and its validator accepts the export.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-demo-export-'));
    const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), ...args], { cwd: root, encoding: 'utf8' });
    const exported = cli('export', recordings, '--format', 'phonebuddy', '--out', out);
    assert.equal(exported.status, 0, exported.stderr);
    assert.match(exported.stdout, /steps: 2 /);
    const validated = cli('export', '--validate', out, '--json');
    assert.equal(validated.status, 0, validated.stdout + validated.stderr);
    const report = JSON.parse(validated.stdout);
    assert.equal(report.errors.length, 0, validated.stdout);
    assert.equal(report.samples, 2, 'the click and the finish are samples');
    const exportedText = fs.readdirSync(out).filter((f) => f.endsWith('.jsonl')).map((f) => fs.readFileSync(path.join(out, f), 'utf8')).join('');
    assert.ok(exportedText.includes('<think>The Notes app is on the home screen: open it.</think>'), 'the note is the sample\'s <think>');
    assert.deepEqual(errors, [], 'no errors in the webview console');
  } finally {
    await browser.close();
    toggle.dispose();
    await bridge.close();
    hub.dispose();
    await phone.close();
  }
});

test('the real panel webview composites panel-size tiles to exactly the full frame', { timeout: 180_000 }, async (t) => {
  if (!fs.existsSync(CHROMIUM)) {
    t.skip(`no Chromium at ${CHROMIUM} (set PHONEBUDDY_CHROMIUM)`);
    return;
  }
  const bundleDir = await buildBundle();
  const { createMockPhone } = await import('../mockphone');
  const phone: MockPhone = await createMockPhone({ seed: 3 });
  const registry = new DeviceRegistry();
  registry.add(phone, 'Mock phone 1');
  const bridge = await serveDevicePanel({ registry, deviceId: phone.id, bundleDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 420, height: 820 }, deviceScaleFactor: 2 });
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(bridge.url);
    const stats = () => bridge.session()!.streamerStats!;
    // Settled: nothing in flight, captured, marked or waiting — the webview painted the last frame.
    const settled = () => until('the stream to settle', async () => {
      const a = stats();
      if (a.inFlight.length || a.capturing || a.dirty || a.ready || a.waiting) return false;
      await new Promise((r) => setTimeout(r, 60));
      const b = stats();
      return b.sent === a.sent && !b.inFlight.length && !b.capturing && !b.dirty && !b.ready && !b.waiting;
    });
    /** The screen canvas in the page vs the phone's full repaint at the panel's size. */
    const assertExact = async (what: string) => {
      await settled();
      phone.panelView.repaintFully();
      const want = phone.panelView.pixels()!;
      const got = await page.evaluate(async () => {
        const c = document.querySelector('canvas.screen') as HTMLCanvasElement;
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', d));
        return { width: c.width, height: c.height, hash: Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('') };
      });
      assert.equal(got.width * got.height * 4, want.length, `${what}: canvas ${got.width}×${got.height} is not the panel frame's size`);
      assert.equal(got.hash, createHash('sha256').update(want).digest('hex'), `${what}: the composited canvas differs from a full repaint`);
    };
    await page.waitForFunction(() => ((globalThis as unknown as { __devicePanel?: PanelProbe }).__devicePanel?.stats.frames ?? 0) > 0, null, { timeout: 30_000 });
    await assertExact('first frame');
    const inputsConfirmed = () => page.evaluate(() => (globalThis as unknown as { __devicePanel: { stats: { latencies: number[] } } }).__devicePanel.stats.latencies.length);
    const tap = async (id: string) => {
      const n = findNodes(parseUiTree(await phone.uiTree()), { resourceId: id })[0];
      assert.ok(n, `no ${id} on screen`);
      const at = await pagePoint(page, centerOf(n.bounds));
      const confirmed = await inputsConfirmed();
      await page.mouse.click(at.x, at.y);
      // The panel closes an input's latency when a frame reflecting it is painted.
      await until(`a frame confirming the tap on ${id}`, async () => (await inputsConfirmed()) > confirmed);
    };
    // Input from the webview (clicks, keys typed into the panel) and from the host (drags).
    await phone.openApp('com.phonebuddy.messages');
    await assertExact('Messages opened');
    await tap('conversation');
    await tap('compose_message_text');
    await assertExact('the compose field focused');
    await page.locator('#stage').focus();
    const beforeTyping = await inputsConfirmed();
    await page.keyboard.type('on my way');
    await until('a frame confirming the typing', async () => (await inputsConfirmed()) > beforeTyping);
    const composeText = async () => findNodes(parseUiTree(await phone.uiTree()), { resourceId: 'compose_message_text' })[0]?.text;
    await until('every key typed on the phone', async () => (await composeText()) === 'on my way');
    await assertExact('typed through the panel');
    await page.keyboard.press('Backspace');
    await until('the delete on the phone', async () => (await composeText()) === 'on my wa');
    // Keys typed one by one, each frame settled: each is a tile set on the frame before.
    const tiledBefore = stats().tiled;
    for (const c of 'y!') {
      await phone.typeText(c);
      await assertExact(`'${c}' typed on the phone`);
    }
    assert.ok(stats().tiled - tiledBefore >= 2, `typing sent whole frames, not tiles (${JSON.stringify(stats())})`);
    await phone.pressKey('back');
    await phone.pressKey('back');
    await assertExact('back to the list');
    for (let i = 0; i < 6; i++) await phone.drag({ x: 540, y: i % 2 ? 1300 : 1500 }, { x: 540, y: i % 2 ? 1500 : 1300 }, 16);
    await assertExact('scrolled');
    assert.equal(await phone.foregroundApp(), 'com.phonebuddy.messages');
    // Scrolling: each settled drag (whole and odd distances, both ways) is a shift of the rows
    // the canvas has plus tiles; wheel scrolls from the page too (fractions of a device pixel).
    for (const app of ['com.phonebuddy.contacts', 'com.phonebuddy.notes']) {
      await phone.openApp(app);
      await assertExact(`${app} opened`);
      const shiftedBefore = stats().shifted;
      for (const [i, dy] of [-40, -13, -1, 7, -120, 55, -2, -300].entries()) {
        await phone.drag({ x: 540, y: 1400 }, { x: 540, y: 1400 + dy }, 16);
        await assertExact(`${app}: drag ${i} by ${dy} px`);
      }
      assert.ok(stats().shifted - shiftedBefore >= 5, `${app}: scrolling sent no shifts (${JSON.stringify(stats())})`);
      const list = await pagePoint(page, { x: 540, y: 1200 });
      for (const dy of [53, -17, 120]) {
        await page.mouse.move(list.x, list.y);
        const confirmed = await inputsConfirmed();
        await page.mouse.wheel(0, dy);
        // The panel gathers wheel events before it sends the scroll: wait for its frame.
        await until(`a frame confirming the wheel by ${dy}`, async () => (await inputsConfirmed()) > confirmed);
        await assertExact(`${app}: wheel by ${dy}`);
      }
    }
    assert.deepEqual(errors, [], 'no errors in the webview console');
  } finally {
    await browser.close();
    await bridge.close();
    await phone.close();
  }
});
