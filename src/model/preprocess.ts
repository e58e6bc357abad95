// Fast Qwen2-VL image preprocessing: one sharp pipeline (decode → RGB → the same bicubic
// affine resize transformers.js uses) and a single typed-array pass that rescales,
// normalises and writes each pixel straight into its patch row. The library's processor does
// the same maths through generic tensor view/permute calls over a 9-D array, which costs
// seconds for a phone screenshot; the result here equals it within float rounding
// (src/model/preprocess.test.ts compares both on several screen sizes).
import type sharpType from 'sharp';

export interface VisionPreprocessorConfig {
  patchSize: number;
  mergeSize: number;
  temporalPatchSize: number;
  minPixels: number;
  maxPixels: number;
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
  rescaleFactor: number;
}

export interface PreprocessedImage {
  /** [patches, 3·T·P·P] row-major, rows grouped per merge window like Qwen2VLImageProcessor. */
  pixelValues: Float32Array;
  patchDim: number;
  /** [t, h, w] in patches. */
  gridThw: [number, number, number];
  /** Visual tokens the prompt needs (= patches / merge²). */
  imageTokens: number;
  resized: { width: number; height: number };
  original: { width: number; height: number };
}

/** Reads the fields of preprocessor_config.json this path needs (Qwen2VLImageProcessor's names). */
export function visionConfigFrom(json: Record<string, unknown>, maxPixelsCap?: number): VisionPreprocessorConfig {
  const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const size = (json.size ?? {}) as Record<string, unknown>;
  const trio = (v: unknown, fallback: number): [number, number, number] =>
    Array.isArray(v) && v.length === 3 ? [Number(v[0]), Number(v[1]), Number(v[2])] : [num(v, fallback), num(v, fallback), num(v, fallback)];
  const folderMax = num(json.max_pixels, num(size.longest_edge, 16_777_216));
  return {
    patchSize: num(json.patch_size, 16),
    mergeSize: num(json.merge_size, 2),
    temporalPatchSize: num(json.temporal_patch_size, 2),
    minPixels: num(json.min_pixels, num(size.shortest_edge, 65_536)),
    maxPixels: maxPixelsCap ? Math.min(maxPixelsCap, folderMax) : folderMax,
    mean: trio(json.image_mean, 0.5),
    std: trio(json.image_std, 0.5),
    rescaleFactor: num(json.rescale_factor, 1 / 255),
  };
}

/** Qwen2-VL's smart_resize: both sides a multiple of patch·merge, area within [min, max] pixels. */
export function smartResize(height: number, width: number, factor: number, minPixels: number, maxPixels: number): [number, number] {
  if (height < factor || width < factor) {
    const scale = Math.max(factor / height, factor / width);
    height = Math.round(height * scale);
    width = Math.round(width * scale);
  }
  if (Math.max(height, width) / Math.min(height, width) > 200) {
    throw new Error(`the image's aspect ratio must be below 200 (got ${width}×${height})`);
  }
  let h = Math.round(height / factor) * factor;
  let w = Math.round(width / factor) * factor;
  if (h * w > maxPixels) {
    const beta = Math.sqrt((height * width) / maxPixels);
    h = Math.max(factor, Math.floor(height / beta / factor) * factor);
    w = Math.max(factor, Math.floor(width / beta / factor) * factor);
  } else if (h * w < minPixels) {
    const beta = Math.sqrt(minPixels / (height * width));
    h = Math.ceil((height * beta) / factor) * factor;
    w = Math.ceil((width * beta) / factor) * factor;
  }
  return [h, w];
}

let sharpModule: typeof sharpType | undefined;
async function loadSharp(): Promise<typeof sharpType> {
  sharpModule ??= (await import('sharp')).default;
  return sharpModule;
}

/** Decoding failed: the bytes are not an image sharp can read. */
export class ImageDecodeError extends Error {}

/** `scratch`: a buffer from an earlier call to write into when it has the right length (saves page faults on tens of MB per step). */
export async function preprocessImage(image: Uint8Array, cfg: VisionPreprocessorConfig, scratch?: Float32Array): Promise<PreprocessedImage> {
  const sharp = await loadSharp();
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(image).metadata();
  } catch (e) {
    throw new ImageDecodeError(`the screenshot (${image.byteLength} bytes) is not an image the processor can read (${(e as Error).message}); send a JPEG or PNG`);
  }
  if (!meta.width || !meta.height) throw new ImageDecodeError(`the screenshot (${image.byteLength} bytes) has no width/height`);
  const factor = cfg.patchSize * cfg.mergeSize;
  const [h, w] = smartResize(meta.height, meta.width, factor, cfg.minPixels, cfg.maxPixels);
  let pipeline = sharp(image).removeAlpha().toColourspace('srgb');
  // The library resizes with sharp's affine + bicubic interpolator (its Pillow-like path).
  if (w !== meta.width || h !== meta.height) pipeline = pipeline.affine([w / meta.width, 0, 0, h / meta.height], { interpolator: 'bicubic' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.width !== w || info.height !== h || info.channels !== 3) {
    throw new ImageDecodeError(`resizing the screenshot gave ${info.width}×${info.height}×${info.channels}, expected ${w}×${h}×3`);
  }
  return patchify(data, w, h, cfg, { width: meta.width, height: meta.height }, scratch);
}

/**
 * RGB bytes (h×w×3) → patch rows. Row order (t, bh, bw, mh, mw), column order
 * (channel, temporal, py, px), as the library's permute(0,3,6,4,7,2,1,5,8). A still image
 * repeats across the temporal patch, so each value is written T times.
 */
export function patchify(bytes: Uint8Array, width: number, height: number, cfg: VisionPreprocessorConfig, original = { width, height }, scratch?: Float32Array): PreprocessedImage {
  const rgb = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength); // a plain view: Buffer would make the loop polymorphic
  const P = cfg.patchSize;
  const M = cfg.mergeSize;
  const T = cfg.temporalPatchSize;
  const gh = height / P;
  const gw = width / P;
  const patchDim = 3 * T * P * P;
  const size = gh * gw * patchDim;
  const out = scratch?.length === size ? scratch : new Float32Array(size);
  // Same float32 steps as the library: x·rescale, then (x − mean) / std, tabled per channel.
  const lut = (c: number): Float32Array => Float32Array.from({ length: 256 }, (_, v) => (Math.fround(v * cfg.rescaleFactor) - cfg.mean[c]) / cfg.std[c]);
  const luts = [lut(0), lut(1), lut(2)];
  const plane = P * P;
  const rowStride = width * 3;
  let dst = 0;
  for (let bh = 0; bh < gh / M; bh++) {
    for (let bw = 0; bw < gw / M; bw++) {
      for (let mh = 0; mh < M; mh++) {
        for (let mw = 0; mw < M; mw++) {
          const y0 = (bh * M + mh) * P;
          const x0 = (bw * M + mw) * P;
          for (let c = 0; c < 3; c++) {
            const table = luts[c];
            const planeStart = dst;
            for (let py = 0; py < P; py++) {
              let src = (y0 + py) * rowStride + x0 * 3 + c;
              for (let px = 0; px < P; px++, src += 3) out[dst++] = table[rgb[src]];
            }
            // A still image repeats across the temporal patch: copy the plane T−1 times.
            for (let t = 1; t < T; t++, dst += plane) out.copyWithin(dst, planeStart, planeStart + plane);
          }
        }
      }
    }
  }
  return {
    pixelValues: out, patchDim, gridThw: [1, gh, gw], imageTokens: (gh * gw) / (M * M),
    resized: { width, height }, original,
  };
}
