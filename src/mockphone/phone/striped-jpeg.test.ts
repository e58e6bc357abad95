import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { rgbaToRgb } from './rgba-to-rgb';
import { rgbJpeg, StripedJpeg, STRIPE_ROWS, wholeFrameJpeg } from './striped-jpeg';

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

// Encodes of different frames started together (two clients of one phone) must each get their
// own frame's stripes, never a stripe spliced in from the other.
test('striped JPEG: concurrent encodes of different frames each decode to their own frame', async () => {
  const w = 720, h = STRIPE_ROWS * 2 + 40;
  const frame = (v: number): Buffer => { const px = Buffer.alloc(w * h * 4, 255); px.fill(v, 10 * w * 4, 20 * w * 4); px.fill(255 - v, (STRIPE_ROWS + 5) * w * 4, (STRIPE_ROWS + 9) * w * 4); return px; };
  const enc = new StripedJpeg(w, h, 85);
  await enc.encode(Buffer.alloc(w * h * 4, 255));
  const frames = [frame(0), Buffer.alloc(w * h * 4, 255), frame(90)];
  const shots = await Promise.all(frames.map((f) => enc.encode(f)));
  for (let i = 0; i < frames.length; i++) {
    const a = await sharp(shots[i]).raw().toBuffer();
    const b = await sharp(await wholeFrameJpeg(frames[i], w, h, 85)).raw().toBuffer();
    assert.equal(a.compare(b), 0, `frame ${i}`);
  }
});

// The stripes are encoded from RGB, not RGBA + removeAlpha: that must give the very same JPEG
// bytes, or the screenshots would no longer be today's.
test('a JPEG of the RGB pixels is byte-identical to one of the RGBA pixels with alpha removed', async () => {
  const w = 1080, h = STRIPE_ROWS;
  const px = Buffer.alloc(w * h * 4);
  for (let i = 0; i < px.length; i++) px[i] = i % 4 === 3 ? 255 : ((i * 13) ^ (i >> 11)) & 255;
  const rgb = Buffer.alloc(w * h * 3);
  rgbaToRgb(px, 0, rgb, 0, w * h);
  assert.equal((await rgbJpeg(rgb, w, h, 90)).compare(await wholeFrameJpeg(px, w, h, 90)), 0);
});
