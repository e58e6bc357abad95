// The webview's compositor (webview/device-panel/compositor.ts) fed with a real mock phone's
// panel tiles, drawing on a real canvas (@napi-rs/canvas standing in for the browser's): the
// composited canvas must equal, pixel for pixel, the phone's full repaint at the panel's size.
// Scrolls arrive as shifts (rows of the canvas copied onto itself) before the tiles. Tiles for a
// frame the canvas does not show, and shifts that do not fit the canvas, are refused.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import { createMockPhone, type MockPhone } from '../../src/mockphone';
import { parseUiTree } from '../../src/mockphone/testing';
import { FrameCompositor, TileMismatch, type CompositeTarget } from '../../webview/device-panel/compositor';

const WIDTH = 600;

async function tapId(p: MockPhone, id: string): Promise<void> {
  const n = parseUiTree(await p.uiTree()).find((x) => x.resourceId.endsWith(`:id/${id}`));
  assert.ok(n, `no ${id} on screen`);
  await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
}

function rgbaOf(canvas: Canvas): Buffer {
  const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  return Buffer.from(d.buffer, d.byteOffset, d.byteLength);
}

describe('panel tiles in the webview compositor', () => {
  it('composite to exactly the full frame through typing, taps and scrolling', async () => {
    const p = await createMockPhone({ seed: 4 });
    const canvas = createCanvas(1, 1);
    const scratch = createCanvas(1, 1).getContext('2d') as unknown as CompositeTarget<Image, Canvas>;
    const compositor = new FrameCompositor<Image, Canvas>(canvas.getContext('2d') as unknown as CompositeTarget<Image, Canvas>, scratch);
    const first = await p.panelFrame({ width: WIDTH });
    assert.equal(first.kind, 'full');
    if (first.kind !== 'full') return;
    compositor.full(await loadImage(first.data), first.generation);
    assert.throws(() => compositor.tiles(first.generation + 5, first.generation + 6, []), TileMismatch);

    await p.openApp('com.phonebuddy.notes');
    let shown = first.generation;
    let tiled = 0;
    const actions = [
      () => tapId(p, 'search_bar'), () => p.typeText('a'), () => p.typeText('b'), () => p.pressKey('back'), () => p.pressKey('back'),
      () => p.swipe({ x: 540, y: 1500 }, { x: 540, y: 1200 }, 400), () => p.pressKey('home'), () => p.openApp('com.phonebuddy.messages'),
      () => tapId(p, 'conversation'), () => tapId(p, 'compose_message_text'),
      ...[...'on my way'].map((c) => () => p.typeText(c)), () => p.pressKey('delete'),
      () => p.openApp('com.phonebuddy.contacts'),
      ...[-40, -12, -1, -2, 5, -67, 100, -200, 3, -500].map((d) => () => p.drag({ x: 540, y: 1400 }, { x: 540, y: 1400 + d }, 16)),
      () => p.openApp('com.phonebuddy.notes'),
      ...[-30, -7, 11, -90].map((d) => () => p.drag({ x: 540, y: 1400 }, { x: 540, y: 1400 + d }, 16)),
    ];
    let shifted = 0;
    for (const [i, act] of actions.entries()) {
      await act();
      const cap = await p.panelFrame({ width: WIDTH, since: shown });
      if (cap.kind === 'full') {
        compositor.full(await loadImage(cap.data), cap.generation);
      } else if (cap.kind === 'tiles') {
        tiled++;
        const tiles = await Promise.all(cap.tiles.map(async (t) => ({ ...t, image: await loadImage(t.png) })));
        if (cap.shifts?.length) shifted++;
        compositor.tiles(cap.base, cap.generation, tiles, cap.shifts);
      }
      shown = cap.generation;
      p.panelView.repaintFully();
      assert.ok(rgbaOf(canvas).equals(p.panelView.pixels()!), `after action ${i} the composited canvas differs from the full frame`);
    }
    assert.ok(tiled >= 5, `only ${tiled} tile updates`);
    assert.ok(shifted >= 8, `only ${shifted} updates shifted rows`);
    await p.close();
  });

  it('refuses a shift that does not fit the canvas, and then builds on nothing', async () => {
    const canvas = createCanvas(1, 1);
    const compositor = new FrameCompositor<Canvas, Canvas>(canvas.getContext('2d') as unknown as CompositeTarget<Canvas, Canvas>);
    // Opaque, as every panel frame is (an RGB PNG): a copy over opaque pixels replaces them.
    const frame = createCanvas(100, 200);
    const fc = frame.getContext('2d');
    fc.fillStyle = '#ffffff';
    fc.fillRect(0, 0, 100, 200);
    fc.fillStyle = '#000000';
    fc.fillRect(0, 50, 100, 10);
    for (const bad of [
      { x: 0, y: 0, w: 100, h: 201, dy: 5 }, { x: 1, y: 0, w: 100, h: 50, dy: 5 }, { x: -1, y: 0, w: 10, h: 50, dy: 5 },
      { x: 0, y: 0, w: 10, h: 50, dy: 50 }, { x: 0, y: 0, w: 10, h: 50, dy: -60 }, { x: 0, y: 0, w: 10, h: 50, dy: 0 }, { x: 0, y: 0, w: 10, h: 50, dy: 0.5 },
    ]) {
      compositor.full(frame, 7);
      const before = rgbaOf(canvas);
      assert.throws(() => compositor.tiles(7, 8, [], [bad]), TileMismatch, JSON.stringify(bad));
      assert.equal(compositor.generation, undefined, `${JSON.stringify(bad)} left a frame to build on`);
      assert.ok(rgbaOf(canvas).equals(before), `${JSON.stringify(bad)} moved pixels before it was refused`);
    }
    // A good one moves exactly the rows inside it: rows 50–59's bar up by 20 (to 30–39), rows
    // 40–99 from 60–119; the 20 exposed rows at the bottom (100–119) keep what they had.
    // Straight onto the canvas, and through a scratch canvas (as the webview does).
    for (const via of [undefined, createCanvas(1, 1)]) {
      const ctx = (c: Canvas) => c.getContext('2d') as unknown as CompositeTarget<Canvas, Canvas>;
      const comp = new FrameCompositor<Canvas, Canvas>(ctx(canvas), via && ctx(via));
      comp.full(frame, 7);
      comp.tiles(7, 8, [], [{ x: 0, y: 20, w: 100, h: 100, dy: 20 }]);
      const px = rgbaOf(canvas);
      const dark = (y: number) => px[(y * 100 + 5) * 4] === 0;
      assert.deepEqual([19, 29, 30, 39, 40, 50, 59, 99].map(dark), [false, false, true, true, false, false, false, false], via ? 'through scratch' : 'straight');
      assert.equal(comp.generation, 8);
      comp.tiles(8, 9, [], [{ x: 0, y: 0, w: 100, h: 200, dy: -45 }]); // down: the bar from 30–39 to 75–84
      const down = rgbaOf(canvas);
      assert.deepEqual([74, 75, 84, 85].map((y) => down[(y * 100 + 5) * 4] === 0), [false, true, true, false]);
    }
  });
});
