// The observation's screenshot on the wire: the loop's JPEG as it is, or re-encoded (PNG, or
// scaled down to `max_pixels` the way the model's processor sizes images: smartResize with
// Qwen2.5-VL's 28-pixel factor), so a trainer gets the image its model will see.
import type { Screenshot } from '../device/device';
import { smartResize } from '../model/preprocess';

export interface WireScreenshot {
  format: string;
  width: number;
  height: number;
  data: string;
}

const FACTOR = 28;

/**
 * What each screenshot became on the wire, by the phone's encoded bytes: the phone hands back
 * the same Buffer while its screen is unchanged (most steps of a task: a tap on nothing, a key
 * into a field off screen…), so its base64 (and any re-encode) is made once, not every step.
 */
const made = new WeakMap<Buffer, Map<string, WireScreenshot>>();

export async function wireScreenshot(shot: Screenshot, o: { image_format?: 'jpeg' | 'png'; max_pixels?: number }): Promise<WireScreenshot> {
  const format = o.image_format ?? 'jpeg';
  const [h, w] = o.max_pixels && shot.width * shot.height > o.max_pixels ? smartResize(shot.height, shot.width, FACTOR, FACTOR * FACTOR, o.max_pixels) : [shot.height, shot.width];
  const key = `${format}:${w}x${h}`;
  let byKey = made.get(shot.data);
  const hit = byKey?.get(key);
  if (hit) return { ...hit };
  const wire = await encode(shot, format, w, h);
  if (!byKey) made.set(shot.data, (byKey = new Map()));
  byKey.set(key, wire);
  return { ...wire };
}

async function encode(shot: Screenshot, format: 'jpeg' | 'png', w: number, h: number): Promise<WireScreenshot> {
  if (format === shot.format && w === shot.width && h === shot.height) {
    return { format, width: shot.width, height: shot.height, data: shot.data.toString('base64') };
  }
  const sharp = (await import('sharp')).default;
  let p = sharp(shot.data);
  if (w !== shot.width || h !== shot.height) p = p.resize(w, h, { fit: 'fill', kernel: 'cubic' });
  const data = await (format === 'png' ? p.png() : p.jpeg({ quality: 90 })).toBuffer();
  return { format, width: w, height: h, data: data.toString('base64') };
}
