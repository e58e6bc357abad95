// The webview's compositor (webview/device-panel/compositor.ts) fed with a real mock phone's
// panel tiles, drawing on a real canvas (@napi-rs/canvas standing in for the browser's): the
// composited canvas must equal, pixel for pixel, the phone's full repaint at the panel's size.
// Tiles for a frame the canvas does not show are refused.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import { createMockPhone, type MockPhone } from '../../src/mockphone';
import { parseUiTree } from '../../src/mockphone/testing';
import { FrameCompositor, TileMismatch } from '../../webview/device-panel/compositor';

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
    const compositor = new FrameCompositor<Image>(canvas.getContext('2d') as unknown as { canvas: { width: number; height: number }; drawImage(i: Image, x: number, y: number): void });
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
    ];
    for (const [i, act] of actions.entries()) {
      await act();
      const cap = await p.panelFrame({ width: WIDTH, since: shown });
      if (cap.kind === 'full') {
        compositor.full(await loadImage(cap.data), cap.generation);
      } else if (cap.kind === 'tiles') {
        tiled++;
        const tiles = await Promise.all(cap.tiles.map(async (t) => ({ ...t, image: await loadImage(t.png) })));
        compositor.tiles(cap.base, cap.generation, tiles);
      }
      shown = cap.generation;
      p.panelView.repaintFully();
      assert.ok(rgbaOf(canvas).equals(p.panelView.pixels()!), `after action ${i} the composited canvas differs from the full frame`);
    }
    assert.ok(tiled >= 5, `only ${tiled} tile updates`);
    await p.close();
  });
});
