// A JPEG of the retained frame that re-encodes only the horizontal stripes whose pixels changed.
//
// Baseline JPEG with a restart interval of exactly one stripe resets the DC predictors at each
// stripe boundary, so a stripe's entropy-coded data depends on that stripe's pixels alone: the
// stripes are encoded separately (each its own small JPEG from sharp, same options as a whole
// frame), and the scans are spliced behind one header with RSTn markers between them. With
// stripes a multiple of the 4:2:0 MCU height (16 rows) every block sees the same pixels as in
// a whole-frame encode, so the image decodes to the same pixels as today's encoder's output
// (striped-jpeg.test.ts checks it); the bytes differ only by the DRI segment and the markers.
// The output is a function of the pixels alone (not of the history), so screenshots stay
// deterministic.
//
// Which stripes changed is found by comparing against a copy of the pixels last encoded
// (memcmp of 10 MB ≈ 1 ms) rather than trusting the damage rectangles: whatever painted the
// frame, a stripe is never stale.
//
// Whole screens recur: a reset to a seed draws the same first screen every time, an app opens
// on the same first screen. With keepReferenceFrames(n) (the environment service's session
// threads turn it on), a frame whose stripes mostly changed is kept (pixels and stripes) among
// the n most recent ones, shared by every phone of the thread; a changed stripe whose pixels
// equal a kept frame's stripe reuses its encoding (a memcmp instead of an encode: an env reset
// after an episode went from ~31 to ~14 ms). Same pixels, same bytes: the output still depends
// on the pixels alone. Off by default: ~10 MB a kept frame at 1080×2400.
//
// sharp gets 3-channel RGB, not the frame's RGBA: the changed stripes are converted into an RGB
// copy of the frame kept here (≈ 0.25 ms a stripe), and each stripe then encodes in about 0.6×
// the CPU of RGBA + removeAlpha, to the same JPEG bytes (both give libjpeg the same RGB rows).
import sharp from 'sharp';
import { rgbaToRgb } from './rgba-to-rgb';

/** Rows per stripe: a multiple of 16 (the 4:2:0 MCU). 160 rows measured fastest for a typed key or a click at 1080×2400 (bench/mockphone.bench.ts). */
export const STRIPE_ROWS = 160;

const JPEG_OPTIONS = { chromaSubsampling: '4:2:0', mozjpeg: false, optimiseCoding: false } as const;

/** sharp's whole-frame JPEG of RGBA pixels: today's reference, with the options this encoder uses. */
export function wholeFrameJpeg(rgba: Buffer, width: number, height: number, quality: number): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha().jpeg({ quality, ...JPEG_OPTIONS }).toBuffer();
}

/** The same JPEG from RGB pixels (3 bytes a pixel). */
export function rgbJpeg(rgb: Buffer, width: number, height: number, quality: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality, ...JPEG_OPTIONS }).toBuffer();
}

/** Recent whole-screen frames kept per thread, shared by its phones (0: none). */
let referenceFrames = 0;

/** Keeps the `n` most recent whole-screen frames of this thread for reuse (0 turns it off and frees them). */
export function keepReferenceFrames(n: number): void {
  referenceFrames = Math.max(0, Math.floor(n));
  if (referenceFrames === 0) references.clear();
}

interface Reference { pixels: Buffer; stripes: Parsed[] }

/** Kept frames by `width×height@quality`, most recent first. */
const references = new Map<string, Reference[]>();

interface Parsed {
  /** SOI through the SOS header, with SOF's height field at `sofHeightAt`. */
  header: Buffer;
  sofHeightAt: number;
  sosAt: number;
  /** Entropy-coded data (between the SOS header and EOI). */
  scan: Buffer;
}

function parse(jpg: Buffer): Parsed {
  if (jpg[0] !== 0xff || jpg[1] !== 0xd8) throw new Error('striped JPEG: a stripe is not a JPEG (no SOI)');
  let i = 2;
  let sofHeightAt = -1;
  while (i + 4 <= jpg.length) {
    if (jpg[i] !== 0xff) throw new Error(`striped JPEG: unexpected byte at ${i} in a stripe's header`);
    const marker = jpg[i + 1];
    const len = jpg.readUInt16BE(i + 2);
    if (marker === 0xc0) sofHeightAt = i + 5;
    else if (marker >= 0xc1 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) throw new Error('striped JPEG: a stripe is not baseline JPEG');
    if (marker === 0xdd) throw new Error('striped JPEG: a stripe already has a restart interval');
    if (marker === 0xda) {
      const end = i + 2 + len;
      if (sofHeightAt < 0) throw new Error('striped JPEG: no SOF0 before the scan');
      if (jpg[jpg.length - 2] !== 0xff || jpg[jpg.length - 1] !== 0xd9) throw new Error('striped JPEG: a stripe does not end with EOI');
      return { header: jpg.subarray(0, end), sofHeightAt, sosAt: i, scan: jpg.subarray(end, jpg.length - 2) };
    }
    i += 2 + len;
  }
  throw new Error('striped JPEG: no scan in a stripe');
}

export class StripedJpeg {
  private readonly stripes: Parsed[] = [];
  private readonly encodedPixels: Buffer;
  /** `encodedPixels` without alpha: what sharp encodes. */
  private readonly rgb: Buffer;
  private readonly count: number;
  /** Encodes run one after another: each compares against the stripes the previous one left. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly width: number, readonly height: number, readonly quality: number) {
    this.count = Math.ceil(height / STRIPE_ROWS);
    this.encodedPixels = Buffer.alloc(width * height * 4);
    this.rgb = Buffer.alloc(width * height * 3);
  }

  /** The JPEG of `rgba` (width × height × 4, alpha ignored); `rgba` must not change until it settles. */
  encode(rgba: Buffer): Promise<Buffer> {
    // Two encodes interleaved would each compare against the same old pixels and then overwrite
    // each other's stripes, so a stripe of one frame could be spliced into another's JPEG.
    const run = this.tail.then(() => this.encodeNow(rgba));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async encodeNow(rgba: Buffer): Promise<Buffer> {
    const rowBytes = this.width * 4;
    const changed: number[] = [];
    for (let k = 0; k < this.count; k++) {
      const start = k * STRIPE_ROWS * rowBytes;
      const end = Math.min(this.height, (k + 1) * STRIPE_ROWS) * rowBytes;
      if (!this.stripes[k] || rgba.compare(this.encodedPixels, start, end, start, end) !== 0) changed.push(k);
    }
    const refs = references.get(this.key) ?? [];
    const reused = new Map<number, Parsed>();
    for (const k of changed) {
      const start = k * STRIPE_ROWS * rowBytes;
      const end = Math.min(this.height, (k + 1) * STRIPE_ROWS) * rowBytes;
      const ref = refs.find((r) => rgba.compare(r.pixels, start, end, start, end) === 0);
      if (ref) reused.set(k, ref.stripes[k]);
    }
    const toEncode = changed.filter((k) => !reused.has(k));
    const rgbRow = this.width * 3;
    const encoded = await Promise.all(toEncode.map((k) => {
      const y = k * STRIPE_ROWS;
      const h = Math.min(STRIPE_ROWS, this.height - y);
      rgbaToRgb(rgba, y * rowBytes, this.rgb, y * rgbRow, h * this.width);
      return rgbJpeg(this.rgb.subarray(y * rgbRow, (y + h) * rgbRow), this.width, h, this.quality);
    }));
    toEncode.forEach((k, i) => reused.set(k, parse(encoded[i])));
    for (const k of changed) {
      this.stripes[k] = reused.get(k)!;
      const start = k * STRIPE_ROWS * rowBytes;
      rgba.copy(this.encodedPixels, start, start, Math.min(this.height, (k + 1) * STRIPE_ROWS) * rowBytes);
    }
    // A new whole screen (most stripes encoded afresh) is kept for the phones that will draw it again.
    if (referenceFrames > 0 && toEncode.length * 2 > this.count) {
      refs.unshift({ pixels: Buffer.from(this.encodedPixels), stripes: [...this.stripes] });
      references.set(this.key, refs.slice(0, referenceFrames));
    }
    return this.splice();
  }

  private get key(): string {
    return `${this.width}x${this.height}@${this.quality}`;
  }

  private splice(): Buffer {
    const first = this.stripes[0];
    // Every stripe must carry the same tables for one header to serve them all (same options:
    // always so; checked because a silently wrong image would be worse than an error).
    for (let k = 1; k < this.count; k++) {
      const s = this.stripes[k];
      if (s.header.length !== first.header.length || s.header.compare(first.header, first.sofHeightAt + 2, first.header.length, s.sofHeightAt + 2, s.header.length) !== 0
        || s.header.compare(first.header, 0, first.sofHeightAt, 0, s.sofHeightAt) !== 0) {
        throw new Error(`striped JPEG: stripe ${k} was encoded with different tables from stripe 0`);
      }
    }
    const mcusPerRow = Math.ceil(this.width / 16);
    const interval = mcusPerRow * (STRIPE_ROWS / 16);
    if (interval > 0xffff) throw new Error(`striped JPEG: ${this.width} px is too wide for one restart interval per stripe`);
    const header = Buffer.from(first.header);
    header.writeUInt16BE(this.height, first.sofHeightAt);
    const dri = Buffer.from([0xff, 0xdd, 0x00, 0x04, interval >> 8, interval & 0xff]);
    const pieces: Buffer[] = [header.subarray(0, first.sosAt), dri, header.subarray(first.sosAt)];
    for (let k = 0; k < this.count; k++) {
      pieces.push(this.stripes[k].scan);
      if (k < this.count - 1) pieces.push(Buffer.from([0xff, 0xd0 + (k % 8)]));
    }
    pieces.push(Buffer.from([0xff, 0xd9]));
    return Buffer.concat(pieces);
  }
}
