// Test helpers: a fixture model folder in a temp directory, and a screenshot to feed it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFixture, type FixtureOptions } from '../fixture/write';

/** The tool call scripted fixtures emit unless a test says otherwise. */
export const CLICK_SCRIPT = 'I should tap the button.</think>\n<tool_call>\n{"name": "click", "arguments": {"points": [[500, 300]]}}\n</tool_call>';

export function tempFixture(options: Omit<FixtureOptions, 'out'> = {}): { dir: string; cleanup: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-model-'));
  const { dir } = writeFixture({ ...options, out: path.join(root, 'tiny-qwen3_5') });
  return { dir, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A JPEG with structure (bands and noise), so resizing has something to interpolate. */
export async function testScreenshot(width = 1080, height = 2400, format: 'jpeg' | 'png' = 'jpeg'): Promise<Uint8Array> {
  const sharp = (await import('sharp')).default;
  const raw = Buffer.alloc(width * height * 3);
  let seed = width * 31 + height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = ((y >> 5) & 1) * 200 + (seed & 31);
      raw[i + 2] = (seed >> 8) & 255;
    }
  }
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  return new Uint8Array(format === 'jpeg' ? await img.jpeg({ quality: 90 }).toBuffer() : await img.png().toBuffer());
}
