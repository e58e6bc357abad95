import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rgbaToRgb } from './rgba-to-rgb';

function byteLoop(src: Buffer, srcAt: number, dst: Buffer, dstAt: number, pixels: number): void {
  for (let p = 0; p < pixels; p++) for (let c = 0; c < 3; c++) dst[dstAt + p * 3 + c] = src[srcAt + p * 4 + c];
}

// The word-at-a-time path must equal a plain byte loop, for pixel counts that are not a multiple
// of four, for offsets that are not word-aligned (the byte fallback), and must leave the bytes
// around the target untouched.
test('rgbaToRgb equals a byte loop, aligned or not, any pixel count', () => {
  const src = Buffer.alloc(4 * 1000 + 7);
  for (let i = 0; i < src.length; i++) src[i] = (i * 37 + (i >> 5)) & 255;
  for (const [srcAt, dstAt, pixels] of [[0, 0, 1000], [4, 0, 999], [0, 3, 997], [1, 6, 500], [8, 12, 1], [0, 0, 0]]) {
    const got = Buffer.alloc(3 * 1000 + 20, 0xee);
    const want = Buffer.alloc(3 * 1000 + 20, 0xee);
    rgbaToRgb(src, srcAt, got, dstAt, pixels);
    byteLoop(src, srcAt, want, dstAt, pixels);
    assert.equal(got.compare(want), 0, `srcAt ${srcAt}, dstAt ${dstAt}, ${pixels} pixels`);
  }
  // a subarray at an odd offset into its ArrayBuffer takes the byte path
  const odd = src.subarray(1);
  const got = Buffer.alloc(300);
  const want = Buffer.alloc(300);
  rgbaToRgb(odd, 0, got, 0, 100);
  byteLoop(odd, 0, want, 0, 100);
  assert.equal(got.compare(want), 0);
});

test('rgbaToRgb names an out-of-bounds range', () => {
  assert.throws(() => rgbaToRgb(Buffer.alloc(40), 0, Buffer.alloc(20), 0, 10), /10 pixels from byte 0 of 40 into byte 0 of 20 is out of bounds/);
  assert.throws(() => rgbaToRgb(Buffer.alloc(40), 4, Buffer.alloc(30), 0, 10), /out of bounds/);
});
