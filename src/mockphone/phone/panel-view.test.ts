// Panel frames: drawn straight at the panel's pixel size, and the tiles sent for a change
// compose onto the previous frame to exactly the frame a full repaint gives — through typing,
// taps, scrolls, keys and dialogs, at several panel widths.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { createMockPhone, type MockPhone } from '../index';
import { SeededRandom } from '../runtime/random';
import { parseUiTree } from '../testing';
import type { PanelCapture } from '../../device/panel-frames';

/**
 * Moves the rows of each shift (in order) and pastes PNG tiles into an RGBA frame, as the
 * webview composites them into its canvas. Written out here, not the raster's own row mover.
 */
async function compose(frame: Buffer, width: number, cap: Extract<PanelCapture, { kind: 'tiles' }>): Promise<void> {
  const height = frame.length / 4 / width;
  for (const s of cap.shifts ?? []) {
    assert.ok(s.x >= 0 && s.y >= 0 && s.x + s.w <= width && s.y + s.h <= height && s.dy !== 0 && Math.abs(s.dy) < s.h, `shift ${JSON.stringify(s)} out of the frame`);
    const before = Buffer.from(frame);
    for (let y = s.y; y < s.y + s.h; y++) {
      const from = y + s.dy;
      if (from < s.y || from >= s.y + s.h) continue;
      before.copy(frame, (y * width + s.x) * 4, (from * width + s.x) * 4, (from * width + s.x + s.w) * 4);
    }
  }
  for (const t of cap.tiles) {
    const { data, info } = await sharp(t.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [t.w, t.h]);
    for (let y = 0; y < t.h; y++) data.copy(frame, ((t.y + y) * width + t.x) * 4, y * t.w * 4, (y + 1) * t.w * 4);
  }
}

async function tapId(p: MockPhone, id: string): Promise<void> {
  const n = parseUiTree(await p.uiTree()).find((x) => x.resourceId.endsWith(`:id/${id}`));
  assert.ok(n, `no ${id} on screen`);
  await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
}

describe('panel frames', () => {
  for (const width of [760, 412, 1080]) {
    it(`tiles compose to exactly the full frame at ${width} px`, async () => {
      const p = await createMockPhone({ seed: 2 });
      const first = await p.panelFrame({ width });
      assert.equal(first.kind, 'full');
      if (first.kind !== 'full') return;
      assert.equal(first.pixelWidth, width);
      assert.equal(first.pixelHeight, Math.round((2400 * width) / 1080));
      let shown = first.generation;
      let composed = await sharp(first.data).ensureAlpha().raw().toBuffer();
      assert.ok(composed.equals(p.panelView.pixels()!), 'the first full frame is not lossless');
      const kinds = { full: 0, tiles: 0, same: 0, shifted: 0 };
      const rng = new SeededRandom(width);
      const steps: (() => Promise<unknown>)[] = [
        () => p.openApp('com.phonebuddy.messages'), () => tapId(p, 'conversation'), () => tapId(p, 'compose_message_text'),
        ...Array.from({ length: 10 }, (_, i) => () => p.typeText('hello world'[i])),
        () => p.pressKey('delete'), () => p.tap({ x: 5, y: 5 }), () => p.pressKey('back'), () => p.pressKey('back'),
        () => p.swipe({ x: 540, y: 1600 }, { x: 540, y: 900 }, 300),
        () => p.openApp('com.phonebuddy.settings'), () => tapId(p, 'display'),
        () => p.wait(2500), () => p.pressKey('recents'), () => p.pressKey('home'),
      ];
      for (let i = 0; i < 12; i++) steps.push(async () => {
        const clickable = parseUiTree(await p.uiTree()).filter((n) => n.clickable && n.bounds[2] > n.bounds[0]);
        const n = clickable[Math.floor(rng.next() * clickable.length)];
        if (n) await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
      });
      for (const [i, step] of steps.entries()) {
        await step();
        const cap = await p.panelFrame({ width, since: shown });
        kinds[cap.kind]++;
        if (cap.kind === 'tiles') {
          assert.equal(cap.base, shown);
          if (cap.shifts?.length) kinds.shifted++;
          await compose(composed, width, cap);
        } else if (cap.kind === 'full') {
          composed = await sharp(cap.data).ensureAlpha().raw().toBuffer(); // lossless: decoded, it is the frame
        }
        shown = cap.generation;
        p.panelView.repaintFully();
        assert.ok(composed.equals(p.panelView.pixels()!), `step ${i}: composed tiles differ from the full frame`);
      }
      assert.ok(kinds.tiles >= 8, `only ${kinds.tiles} tile updates (${JSON.stringify(kinds)})`);
      assert.ok(kinds.same >= 1, `an unchanged screen sent something (${JSON.stringify(kinds)})`);
      await p.close();
    });
  }

  for (const width of [760, 412, 1080]) {
    it(`scrolls shift the drawn rows and tiles compose to exactly the full frame at ${width} px`, async () => {
      const p = await createMockPhone({ seed: 3 });
      const first = await p.panelFrame({ width });
      assert.equal(first.kind, 'full');
      if (first.kind !== 'full') return;
      let shown = first.generation;
      let composed = await sharp(first.data).ensureAlpha().raw().toBuffer();
      const kinds = { full: 0, tiles: 0, same: 0, shifted: 0, multiShift: 0 };
      let tileArea = 0;
      let other = first.generation;
      // Drags of whole and odd distances both ways (1–3 px: less than a panel pixel at 412 px),
      // flings, and a viewer that falls one or two scrolls behind (several shifts at once).
      const DRAGS = [-120, -37, -1, -2, -3, 15, -200, 7, 333, -640, -5, 90, -1200, 1300];
      for (const app of ['com.phonebuddy.contacts', 'com.phonebuddy.notes', 'com.phonebuddy.shop', 'com.phonebuddy.contacts (dark)']) {
        if (app.endsWith('(dark)')) p.putSetting('secure', 'ui_night_mode', '2');
        await p.openApp(app.split(' ')[0]);
        // `behind`: another viewer takes this frame, so this one gets several repaints at once.
        const step = async (what: string, behind: boolean) => {
          if (behind) {
            other = (await p.panelFrame({ width, since: other })).generation;
            return;
          }
          const cap = await p.panelFrame({ width, since: shown });
          kinds[cap.kind]++;
          if (cap.kind === 'tiles') {
            assert.equal(cap.base, shown);
            if (cap.shifts?.length) kinds.shifted++;
            if ((cap.shifts?.length ?? 0) > 1) kinds.multiShift++;
            tileArea += cap.tiles.reduce((a, t) => a + t.w * t.h, 0) / (cap.pixelWidth * cap.pixelHeight);
            await compose(composed, width, cap);
          } else if (cap.kind === 'full') {
            composed = await sharp(cap.data).ensureAlpha().raw().toBuffer();
          }
          shown = cap.generation;
          p.panelView.repaintFully();
          assert.ok(composed.equals(p.panelView.pixels()!), `${app} ${what}: composed shifts and tiles differ from the full frame`);
        };
        await step('opened', false);
        const list = parseUiTree(await p.uiTree()).filter((n) => n.scrollable && n.bounds[3] - n.bounds[1] > 300)[0];
        assert.ok(list, `nothing scrolls in ${app}`);
        const x = Math.round((list.bounds[0] + list.bounds[2]) / 2);
        const y = Math.round(list.bounds[1] + (list.bounds[3] - list.bounds[1]) * 0.6);
        for (const [i, dy] of DRAGS.entries()) {
          await p.drag({ x, y }, { x, y: y + Math.round(dy / 3) }, 16);
          await step(`drag ${i} by ${Math.round(dy / 3)} px`, i % 5 === 3 || i % 7 === 5);
          if (i % 4 === 0) {
            await p.swipe({ x, y }, { x, y: y + dy }, 400);
            await step(`swipe ${i} by ${dy} px`, false);
          }
        }
      }
      assert.ok(kinds.shifted >= 20, `only ${kinds.shifted} updates shifted rows (${JSON.stringify(kinds)})`);
      assert.ok(kinds.multiShift >= 1, `a viewer behind by several scrolls never got several shifts (${JSON.stringify(kinds)})`);
      assert.ok(kinds.tiles > kinds.full, `scrolling sent ${kinds.full} whole frames for ${kinds.tiles} tile sets`);
      console.log(`  ${width} px: ${JSON.stringify(kinds)}, tiles cover ${Math.round((100 * tileArea) / kinds.tiles)} % of the frame on average`);
      await p.close();
    });
  }

  it('draws the same picture as the full-size screenshot scaled down', async () => {
    const p = await createMockPhone({ seed: 1 });
    await p.openApp('com.phonebuddy.contacts');
    const cap = await p.panelFrame({ width: 540 });
    assert.equal(cap.kind, 'full');
    const small = await sharp(p.panelView.pixels()!, { raw: { width: 540, height: 1200, channels: 4 } }).removeAlpha().raw().toBuffer();
    const scaled = await sharp((await p.screenshot({ format: 'png' })).data).resize(540, 1200).removeAlpha().raw().toBuffer();
    let sum = 0;
    for (let i = 0; i < small.length; i++) sum += Math.abs(small[i] - scaled[i]);
    assert.ok(sum / small.length < 4, `mean difference ${sum / small.length} per channel`);
    await assert.rejects(p.panelFrame({ width: Number.NaN }), /width must be/);
    await p.close();
  });

  it('after a viewer falls behind or asks afresh, sends a full frame', async () => {
    const p = await createMockPhone({ seed: 1 });
    const a = await p.panelFrame({ width: 400 });
    await p.openApp('com.phonebuddy.notes');
    assert.equal((await p.panelFrame({ width: 400 })).kind, 'full', 'no since: full');
    assert.equal((await p.panelFrame({ width: 400, since: a.generation - 1 })).kind, 'full', 'unknown base: full');
    const b = await p.panelFrame({ width: 500, since: a.generation });
    assert.equal(b.kind, 'full', 'a new size: full');
    await p.close();
  });

  it('a typed letter sends only the pixels that changed (the glyph and cursor, not the whole field), composing exactly', async () => {
    const p = await createMockPhone({ seed: 1 });
    const width = 762;
    await p.openApp('com.phonebuddy.messages');
    await tapId(p, 'conversation');
    await tapId(p, 'compose_message_text');
    const first = await p.panelFrame({ width });
    assert.equal(first.kind, 'full');
    if (first.kind !== 'full') return;
    const frame = await sharp(first.data).ensureAlpha().raw().toBuffer();
    let shown = first.generation;
    for (const [i, ch] of [...'abab'].entries()) {
      await p.typeText(ch);
      const cap = await p.panelFrame({ width, since: shown });
      assert.equal(cap.kind, 'tiles', `letter ${i}`);
      if (cap.kind !== 'tiles') return;
      const area = cap.tiles.reduce((a, t) => a + t.w * t.h, 0);
      // One letter and the cursor at 762 px: about 21×34 px; the field alone is ~670×174.
      if (i > 0) assert.ok(area <= 40 * 40, `letter ${i}: ${area} px of tiles ${JSON.stringify(cap.tiles.map(({ png: _, ...t }) => t))}`);
      await compose(frame, width, cap);
      shown = cap.generation;
      p.panelView.repaintFully();
      assert.ok(frame.equals(p.panelView.pixels()!), `after letter ${i} the composed frame differs from a full repaint`);
    }
    await p.close();
  });
});
