// Typing during a demonstration, in the real panel webview (Debian Chromium through
// Playwright, served by the browser bridge from a real PanelHub mirroring a real mock phone):
// a sentence typed on the mirrored screen at 10 ms and at 150 ms a key reaches the phone's
// field exactly, in order, and is recorded as ONE `type` step whose text is that sentence —
// and `phonebuddy export` writes one `type` sample for it. (Each key used to be its own step,
// and keys made while the loop was busy went to the phone unrecorded and out of order.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { centerOf, findNodes, parseUiTree } from '../device/ui-tree';
import type { MockPhone } from '../mockphone';
import { Demonstration } from './demonstration';
import { CHROMIUM, openBrowserPanel, pagePoint, type PanelProbe } from './testing/browser-panel';
import { until } from '../../scripts/lib/ports.mjs';

const root = path.resolve(__dirname, '..', '..');

async function tapId(page: Page, phone: MockPhone, id: string): Promise<void> {
  const node = await until(`${id} on the screen`, async () => findNodes(parseUiTree(await phone.uiTree()), { resourceId: id })[0]);
  const p = await pagePoint(page, centerOf(node.bounds));
  await page.mouse.click(p.x, p.y);
}

const SENTENCES = [
  { delay: 10, text: 'Weekend plans: call Mo, then the 3pm bus!' },
  { delay: 150, text: 'Eggs and bread' },
];

test('typing in a demonstration: the phone gets the sentence in order and the trajectory one whole `type` step, at 10 and 150 ms a key', { timeout: 300_000 }, async (t) => {
  if (!fs.existsSync(CHROMIUM)) {
    t.skip(`no Chromium at ${CHROMIUM} (set PHONEBUDDY_CHROMIUM)`);
    return;
  }
  const { phone, hub, page, errors, close } = await openBrowserPanel();
  const recordings = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-typing-demo-'));
  try {
    for (const { delay, text } of SENTENCES) {
      await phone.closeApp('com.phonebuddy.notes'); // each sentence starts from the notes list
      await phone.pressKey('home');
      const demo = Demonstration.start({ hub, deviceId: phone.id, goal: `Write a note that says "${text}"`, root: recordings });
      await page.locator('#human-turn').filter({ hasText: 'Your turn' }).waitFor({ timeout: 60_000 });
      await page.locator('#thought').filter({ hasText: 'Goal' }).waitFor();
      // The goal and step captions and the banner are beside the phone's screen, not on it,
      // and the phone keeps most of the panel's height.
      const layout = await page.evaluate(() => {
        const r = (globalThis as unknown as { __devicePanel: PanelProbe }).__devicePanel.drawnRect();
        const boxes = ['#thought', '#pending-caption', '#human-turn', '#toolbar'].map((sel) => {
          const b = (document.querySelector(sel) as HTMLElement).getBoundingClientRect();
          return { sel, overlaps: b.width > 0 && b.height > 0 && b.left < r.left + r.width && r.left < b.right && b.top < r.top + r.height && r.top < b.bottom };
        });
        return { height: r.height, viewport: window.innerHeight, covering: boxes.filter((b) => b.overlaps).map((b) => b.sel) };
      });
      assert.deepEqual(layout.covering, [], 'nothing covers the phone\'s screen');
      assert.ok(layout.height >= 0.6 * layout.viewport, `the phone is drawn ${layout.height} px tall in a ${layout.viewport} px panel`);
      const icon = findNodes(parseUiTree(await phone.uiTree()), { text: 'Notes' })[0];
      const at = await pagePoint(page, centerOf(icon.bounds));
      await page.mouse.click(at.x, at.y);
      await until('Notes to open', async () => (await phone.foregroundApp()) === 'com.phonebuddy.notes');
      await tapId(page, phone, 'new_note');
      await until('the editor', async () => findNodes(parseUiTree(await phone.uiTree()), { resourceId: 'body' }).length > 0 && demo.steps >= 2);
      // The keys go to the focused mirrored screen, as a person types them.
      await page.keyboard.type(text, { delay });
      // While the burst is open the panel says what is being typed.
      const field = await until('the sentence in the phone\'s field', async () => {
        const body = findNodes(parseUiTree(await phone.uiTree()), { resourceId: 'body' })[0];
        return body?.attributes.text === text && body;
      });
      assert.equal(field.attributes.text, text);
      await tapId(page, phone, 'save');
      await until('the save step', async () => demo.steps >= 4).catch((e: Error) => {
        throw new Error(`${e.message} at ${delay} ms a key; steps: ${JSON.stringify(demo.episode.stepRecords.map((r) => r.call))}`);
      });
      const result = await demo.stop();
      const calls = result.summary.steps.map((s) => s.call?.name);
      assert.deepEqual(calls, ['click', 'click', 'type', 'click', 'finish'], `steps at ${delay} ms a key: ${JSON.stringify(calls)}`);
      const typed = result.summary.steps.filter((s) => s.call?.name === 'type');
      assert.deepEqual(typed.map((s) => s.call?.args), [{ text }], `at ${delay} ms a key`);
      const lines = fs.readFileSync(path.join(result.folders[0], 'steps.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(lines.filter((l) => l.call?.name === 'type').map((l) => l.call.args.text), [text], 'the recorded step holds the sentence');
      const db = await phone.queryApp('com.phonebuddy.notes', 'SELECT body FROM notes WHERE body = ?', [text]);
      assert.equal(db.length, 1, 'the note saved on the phone holds exactly the sentence');
    }

    // The agent layer's marks of those taps fade away completely: a mark left on the screen
    // reads as an action still to come.
    const inked = () => page.evaluate(() => {
      const c = document.querySelector('canvas.overlay') as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n;
    });
    await until('the overlay to be clear of old marks', async () => (await inked()) === 0, 60_000, 250);

    // The export has one `type` sample per sentence, each with the whole text.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-typing-export-'));
    const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), 'export', recordings, '--format', 'phonebuddy', '--out', out], { cwd: root, encoding: 'utf8' });
    assert.equal(cli.status, 0, cli.stderr);
    const targets = fs.readdirSync(out).filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => fs.readFileSync(path.join(out, f), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l) as { messages: { role: string; content: unknown }[] })
      .map((s) => String(s.messages.at(-1)?.content));
    const typeTargets = targets.filter((c) => /"name":\s*"type"/.test(c));
    assert.equal(typeTargets.length, SENTENCES.length, `one type sample per sentence:\n${typeTargets.join('\n')}`);
    for (const { text } of SENTENCES) assert.ok(typeTargets.some((c) => c.includes(JSON.stringify(text))), `a type sample with "${text}"`);
    assert.deepEqual(errors, [], 'no errors in the webview console');
  } finally {
    await close();
  }
});
