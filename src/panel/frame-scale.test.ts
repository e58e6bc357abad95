import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { scaleJpeg, targetWidth } from './frame-scale';

const phone = { width: 1080, height: 2400 };

test('frames are scaled to the drawn width times the pixel ratio, only when it saves enough', () => {
  // 400×900 CSS px box: the phone is drawn 400 px wide (height-limited would be 405).
  assert.equal(targetWidth(phone, { width: 400, height: 900, dpr: 1 }), 400);
  assert.equal(targetWidth(phone, { width: 400, height: 900, dpr: 2 }), 800);
  // Height-limited: 600 px tall → 270 px wide, ×1.25.
  assert.equal(targetWidth(phone, { width: 1000, height: 600, dpr: 1.25 }), 338);
  // Drawn nearly at full size: not worth re-encoding.
  assert.equal(targetWidth(phone, { width: 500, height: 1200, dpr: 2 }), undefined);
  assert.equal(targetWidth(phone, undefined), undefined);
  assert.equal(targetWidth(phone, { width: 0, height: 0, dpr: 1 }), undefined);
  assert.equal(targetWidth(phone, { width: 10, height: 10, dpr: 1 }), 64, 'a floor keeps tiny panels legible');
});

test('scaleJpeg keeps the aspect ratio and shrinks the bytes', async () => {
  const big = await sharp({ create: { width: 1080, height: 2400, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([{ input: Buffer.from('<svg width="1080" height="2400"><text x="80" y="400" font-size="120">Notes</text></svg>') }])
    .jpeg({ quality: 80 }).toBuffer();
  const small = await scaleJpeg(big, 400, 80);
  const meta = await sharp(small).metadata();
  assert.equal(meta.format, 'jpeg');
  assert.equal(meta.width, 400);
  assert.equal(meta.height, Math.round((2400 * 400) / 1080));
  assert.ok(small.length < big.length);
});
