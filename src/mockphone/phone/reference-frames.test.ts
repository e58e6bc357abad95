// Reference frames (keepReferenceFrames): a screen seen before reuses its stripes' encoding, and
// the JPEG is byte for byte the one a fresh encoder writes — for the screen itself and for a
// screen that differs from it in one stripe — so screenshots still depend on the pixels alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keepReferenceFrames, StripedJpeg, STRIPE_ROWS } from './striped-jpeg';

const W = 320;
const H = STRIPE_ROWS * 4;

function frame(seed: number): Buffer {
  const px = Buffer.alloc(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    const x = i % W;
    const y = Math.floor(i / W);
    px[i * 4] = (x * 7 + seed * 31) & 255;
    px[i * 4 + 1] = (y * 3 + seed * 17) & 255;
    px[i * 4 + 2] = ((x ^ y) + seed) & 255;
    px[i * 4 + 3] = 255;
  }
  return px;
}

test('a frame seen before (whole, or but one stripe) encodes to the bytes a fresh encoder writes', async () => {
  const a = frame(1);
  const b = frame(2);
  const aPrime = Buffer.from(a);
  aPrime.fill(9, W * 4 * STRIPE_ROWS, W * 4 * STRIPE_ROWS * 2); // stripe 1 differs
  keepReferenceFrames(0);
  const fresh = async (px: Buffer): Promise<Buffer> => new StripedJpeg(W, H, 90).encode(Buffer.from(px));
  const [freshA, freshAPrime] = [await fresh(a), await fresh(aPrime)];
  try {
    keepReferenceFrames(4);
    const first = new StripedJpeg(W, H, 90);
    assert.deepEqual(await first.encode(Buffer.from(a)), freshA);
    await first.encode(Buffer.from(b));
    // Another phone of the thread draws A again, then A with one stripe changed.
    const other = new StripedJpeg(W, H, 90);
    await other.encode(Buffer.from(b));
    assert.deepEqual(await other.encode(Buffer.from(a)), freshA);
    assert.deepEqual(await other.encode(Buffer.from(aPrime)), freshAPrime);
    assert.deepEqual(await new StripedJpeg(W, H, 90).encode(Buffer.from(aPrime)), freshAPrime);
  } finally {
    keepReferenceFrames(0);
  }
});
