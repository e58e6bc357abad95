// The directly written tile PNG decodes (by sharp/libpng, a separate decoder) to exactly the
// rectangle's pixels, for odd sizes, edges of the frame and a single pixel.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { encodeRectPng } from './rect-png';

function frame(width: number, height: number): Buffer {
  const px = Buffer.alloc(width * height * 4);
  let v = 7;
  for (let i = 0; i < px.length; i += 4) {
    v = (v * 1103515245 + 12345) >>> 0;
    px[i] = v & 255; px[i + 1] = (v >> 8) & 255; px[i + 2] = (v >> 16) & 255; px[i + 3] = 255;
  }
  return px;
}

describe('rect PNG', () => {
  it('decodes to exactly the rectangle of the frame', async () => {
    const width = 53;
    const height = 41;
    const px = frame(width, height);
    for (const r of [{ x: 0, y: 0, w: width, h: height }, { x: 3, y: 5, w: 17, h: 9 }, { x: width - 1, y: height - 1, w: 1, h: 1 }, { x: 0, y: 40, w: 53, h: 1 }]) {
      const png = encodeRectPng(px, width, r);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      assert.deepEqual([info.width, info.height, info.channels], [r.w, r.h, 3], `size of ${JSON.stringify(r)}`);
      const want = Buffer.alloc(r.w * r.h * 3);
      for (let y = 0; y < r.h; y++) for (let x = 0; x < r.w; x++) {
        const s = ((r.y + y) * width + r.x + x) * 4;
        want.set(px.subarray(s, s + 3), (y * r.w + x) * 3);
      }
      assert.ok(data.equals(want), `pixels of ${JSON.stringify(r)}`);
    }
  });
});
