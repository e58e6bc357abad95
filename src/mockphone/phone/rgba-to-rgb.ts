// RGBA → RGB (alpha dropped) for the JPEG encoder: sharp encodes a 3-channel raw buffer in about
// 0.6× the CPU of the same pixels as 4 channels with removeAlpha (same JPEG bytes), and this
// conversion costs far less than that saving (bench/mockphone.bench.ts measures both).
import os from 'node:os';

const LITTLE_ENDIAN = os.endianness() === 'LE';

/**
 * Writes `pixels` pixels of `src` from byte `srcAt` (4 bytes a pixel) into `dst` from byte
 * `dstAt` (3 bytes a pixel). Four pixels at a time as three 32-bit words where the buffers are
 * word-aligned on a little-endian machine (≈ 7× a byte loop), bytes otherwise.
 */
export function rgbaToRgb(src: Buffer, srcAt: number, dst: Buffer, dstAt: number, pixels: number): void {
  if (srcAt < 0 || dstAt < 0 || srcAt + pixels * 4 > src.length || dstAt + pixels * 3 > dst.length) {
    throw new RangeError(`rgbaToRgb: ${pixels} pixels from byte ${srcAt} of ${src.length} into byte ${dstAt} of ${dst.length} is out of bounds`);
  }
  let done = 0;
  const s0 = src.byteOffset + srcAt;
  const d0 = dst.byteOffset + dstAt;
  if (LITTLE_ENDIAN && s0 % 4 === 0 && d0 % 4 === 0) {
    const quads = pixels >> 2;
    const s = new Uint32Array(src.buffer, s0, quads * 4);
    const d = new Uint32Array(dst.buffer, d0, quads * 3);
    for (let i = 0, j = 0; i < quads * 4; i += 4, j += 3) {
      const a = s[i], b = s[i + 1], c = s[i + 2], e = s[i + 3];
      d[j] = (a & 0xffffff) | (b << 24);
      d[j + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      d[j + 2] = ((c >>> 16) & 0xff) | (e << 8);
    }
    done = quads * 4;
  }
  for (let p = done; p < pixels; p++) {
    const i = srcAt + p * 4;
    const j = dstAt + p * 3;
    dst[j] = src[i];
    dst[j + 1] = src[i + 1];
    dst[j + 2] = src[i + 2];
  }
}
