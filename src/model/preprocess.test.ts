import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { preprocessImage, smartResize, visionConfigFrom } from './preprocess';
import { tempFixture, testScreenshot } from './testing/fixture';

// The library's Qwen2VLImageProcessor, as transformers.js runs it, is the reference.
async function libraryPreprocess(dir: string, image: Uint8Array, maxPixels: number): Promise<{ data: Float32Array; dims: number[]; grid: number[] }> {
  const tf = await import('@huggingface/transformers');
  tf.env.allowRemoteModels = false;
  const proc = (await tf.AutoProcessor.from_pretrained(dir)) as unknown as { image_processor: { max_pixels: number; (img: unknown): Promise<{ pixel_values: { data: Float32Array; dims: number[] }; image_grid_thw: { tolist(): bigint[][] } }> } };
  proc.image_processor.max_pixels = maxPixels;
  const out = await proc.image_processor(await tf.RawImage.fromBlob(new Blob([new Uint8Array(image)])));
  return { data: out.pixel_values.data, dims: out.pixel_values.dims, grid: out.image_grid_thw.tolist()[0].map(Number) };
}

test('fast preprocessing equals the library processor (pixel_values and image_grid_thw) on several screen sizes and caps', async () => {
  const fx = tempFixture();
  try {
    const folderCfg = JSON.parse(fs.readFileSync(path.join(fx.dir, 'preprocessor_config.json'), 'utf8')) as Record<string, unknown>;
    const cases: [number, number, number, 'jpeg' | 'png'][] = [
      [1080, 2400, 1_003_520, 'jpeg'], // a PhoneBuddy screenshot, capped
      [720, 1600, 16_777_216, 'jpeg'], // uncapped: only rounded to multiples of 32
      [333, 500, 16_777_216, 'png'], // below min_pixels: scaled up
      [1440, 3200, 401_408, 'png'], // a tall QHD screen, strongly capped
    ];
    for (const [w, h, cap, format] of cases) {
      const img = await testScreenshot(w, h, format);
      const cfg = visionConfigFrom(folderCfg, cap);
      const fast = await preprocessImage(img, cfg);
      const lib = await libraryPreprocess(fx.dir, img, cfg.maxPixels);
      const label = `${w}×${h} ${format} cap ${cap}`;
      assert.deepEqual(fast.gridThw, lib.grid, `${label}: image_grid_thw`);
      assert.deepEqual([fast.pixelValues.length / fast.patchDim, fast.patchDim], lib.dims, `${label}: pixel_values shape`);
      let maxDiff = 0;
      for (let i = 0; i < lib.data.length; i++) maxDiff = Math.max(maxDiff, Math.abs(lib.data[i] - fast.pixelValues[i]));
      assert.ok(maxDiff <= 1e-6, `${label}: max |Δ| = ${maxDiff}`);
      assert.equal(fast.imageTokens, (lib.grid[1] * lib.grid[2]) / 4);
    }
  } finally {
    fx.cleanup();
  }
});

test('smart_resize keeps multiples of 32 within the pixel budget', () => {
  assert.deepEqual(smartResize(2400, 1080, 32, 65_536, 16_777_216), [2400, 1088]);
  const [h, w] = smartResize(2400, 1080, 32, 65_536, 200_704);
  assert.ok(h % 32 === 0 && w % 32 === 0 && h * w <= 200_704, `${w}×${h}`);
  assert.throws(() => smartResize(10, 5000, 32, 65_536, 16_777_216), /aspect ratio/);
});
