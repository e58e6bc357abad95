// What leaves the phone as output: the uiautomator XML dump, raw RGBA pixels and encoded
// screenshots of the current frame, each cached per frame version.
import sharp from 'sharp';
import type { Screenshot, ScreenshotOptions } from '../../device/device';
import { DeviceError } from '../../device/errors';
import { drawBox } from '../ui/draw';
import { dumpXml } from '../ui/uiautomator';
import type { FrameBuilder } from './frame';
import type { PhoneCore } from './phone-core';

export class ScreenCapture {
  private pixels?: { version: number; data: Buffer };
  private encoded = new Map<string, { version: number; shot: Screenshot }>();

  constructor(private readonly core: PhoneCore, private readonly frames: FrameBuilder) {}

  private xmlCache?: { version: number; xml: string };

  async uiTree(): Promise<string> {
    this.core.live();
    const f = this.frames.frame();
    if (this.xmlCache?.version !== f.version) {
      this.xmlCache = { version: f.version, xml: dumpXml(f.layers.filter((l) => l.dump).map((l) => ({ box: l.box, pkg: l.pkg })), { field: this.frames.fieldState }) };
    }
    return this.xmlCache.xml;
  }

  /** Raw RGBA pixels of the current frame (alpha is 255 everywhere: the screen is opaque). */
  rawPixels(): Buffer {
    if (!this.core.closed) this.core.followWallClock();
    const f = this.frames.frame();
    if (this.pixels?.version === f.version) return this.pixels.data;
    const ctx = this.core.ctx2d;
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, this.core.width, this.core.height);
    const env = { scale: this.core.scale, theme: this.core.theme, field: this.frames.fieldState };
    for (const layer of f.layers) drawBox(ctx, layer.box, env);
    this.pixels = { version: f.version, data: this.core.canvas.data() };
    return this.pixels.data;
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    this.core.live();
    const format = options.format ?? 'png';
    if (format !== 'png' && format !== 'jpeg') throw new DeviceError('invalid-argument', `format must be 'png' or 'jpeg', got ${JSON.stringify(format)}`, this.core.id);
    const quality = options.quality ?? 90;
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new DeviceError('invalid-argument', `quality must be an integer 1–100, got ${JSON.stringify(quality)}`, this.core.id);
    const raw = this.rawPixels();
    const version = this.core.version;
    const cacheKey = `${format}:${quality}`;
    const hit = this.encoded.get(cacheKey);
    if (hit?.version === version) return hit.shot;
    const img = sharp(raw, { raw: { width: this.core.width, height: this.core.height, channels: 4 } }).removeAlpha();
    const data = format === 'png'
      ? await img.png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer()
      : await img.jpeg({ quality, chromaSubsampling: '4:2:0', mozjpeg: false, optimiseCoding: false }).toBuffer();
    const shot: Screenshot = { format, data, width: this.core.width, height: this.core.height };
    this.encoded.set(cacheKey, { version, shot });
    return shot;
  }
}
