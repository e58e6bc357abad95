import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { StripedJpeg, STRIPE_ROWS, wholeFrameJpeg } from './striped-jpeg';

// The spliced JPEG must decode to exactly the pixels of sharp's whole-frame encode, after a first
// encode and after a change confined to one stripe (the re-encode path) — this fails if a stale
// stripe were reused or the restart interval were wrong.
test('striped JPEG decodes to the same pixels as a whole-frame encode, before and after a change', async () => {
  const w = 1080, h = STRIPE_ROWS * 3 + 48;
  const px = Buffer.alloc(w * h * 4);
  for (let i = 0; i < px.length; i += 4) { const p = i / 4; px[i] = (p * 7) & 255; px[i + 1] = ((p / w) * 3) & 255; px[i + 2] = (p % w) & 255; px[i + 3] = 255; }
  const enc = new StripedJpeg(w, h, 90);
  const same = async () => {
    const a = await sharp(await enc.encode(px)).raw().toBuffer();
    const b = await sharp(await wholeFrameJpeg(px, w, h, 90)).raw().toBuffer();
    assert.equal(a.compare(b), 0);
  };
  await same();
  px.fill(200, (STRIPE_ROWS + 10) * w * 4, (STRIPE_ROWS + 30) * w * 4);
  await same();
});
