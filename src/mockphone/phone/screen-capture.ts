// What leaves the phone as output: the uiautomator XML dump, raw RGBA pixels and encoded
// screenshots of the current frame, each cached per frame version.
import sharp from 'sharp';
import type { Screenshot, ScreenshotOptions } from '../../device/device';
import { DeviceError } from '../../device/errors';
import { FrameRaster, type PaintResult } from '../ui/frame-raster';
import type { Rect } from '../ui/layout';
import { dumpXml } from '../ui/uiautomator';
import { StripedJpeg } from './striped-jpeg';
import type { FrameBuilder } from './frame';
import type { PhoneCore } from './phone-core';

/** Striped JPEG encoders a phone keeps (see ScreenCapture.jpegs). */
const KEPT_JPEG_QUALITIES = 3;

export class ScreenCapture {
  /** The retained frame, repainted where it changed; `painted` is the phone version it shows. */
  private retained?: FrameRaster;
  /** Made on the first paint, with its pixel buffer: many phones are never looked at. */
  private get raster(): FrameRaster {
    return (this.retained ??= new FrameRaster(this.core.ctx2d, this.core.width, this.core.height, this.core.scale));
  }
  private painted?: { version: number; result: PaintResult };
  /**
   * Encoded screenshots by format and quality, reused while the pixels are the same; kept from
   * the moment the encode starts, so a burst of requests for one frame shares one encode.
   */
  private encoded = new Map<string, { generation: number; shot: Promise<Screenshot> }>();
  /**
   * Per JPEG quality: the stripes last encoded, so a step re-encodes only the rows it changed.
   * Each holds two copies of the frame (~18 MB at 1080×2400), so only the most recently used
   * few are kept: the loop's, the panel's and a thumbnail's. A watcher asking for every quality
   * from 1 to 100 (serve-env's /sessions/ID/screenshot?quality=Q) used to make a phone hold 1.8 GB.
   */
  private readonly jpegs = new Map<number, StripedJpeg>();

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

  /**
   * Raw RGBA pixels of the current frame (alpha is 255 everywhere: the screen is opaque). The
   * buffer is the retained frame: valid until the phone draws its next frame.
   */
  rawPixels(): Buffer {
    if (!this.core.closed) this.core.followWallClock();
    this.paint();
    return this.raster.data;
  }

  /** Brings the retained frame up to date; `full` repaints every pixel (tests compare both). */
  paint(full: boolean | Rect[] = false): PaintResult {
    const f = this.frames.frame();
    if (full === false && this.painted?.version === f.version) return this.painted.result;
    const env = { scale: this.core.scale, theme: this.core.theme, field: this.frames.fieldState };
    const result = this.raster.paint(f.layers.map((l) => l.box), env, this.core.theme, full);
    this.painted = { version: f.version, result };
    return result;
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    this.core.live();
    const format = options.format ?? 'png';
    if (format !== 'png' && format !== 'jpeg') throw new DeviceError('invalid-argument', `format must be 'png' or 'jpeg', got ${JSON.stringify(format)}`, this.core.id);
    const quality = options.quality ?? 90;
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new DeviceError('invalid-argument', `quality must be an integer 1–100, got ${JSON.stringify(quality)}`, this.core.id);
    const { generation } = this.paint();
    // PNG has no quality: one encode serves every quality asked.
    const cacheKey = format === 'png' ? 'png' : `jpeg:${quality}`;
    const hit = this.encoded.get(cacheKey);
    if (hit?.generation === generation) return hit.shot;
    const shot = this.encode(format, quality);
    this.encoded.set(cacheKey, { generation, shot });
    // A failed encode is not kept: the next request tries again.
    shot.catch(() => { if (this.encoded.get(cacheKey)?.shot === shot) this.encoded.delete(cacheKey); });
    return shot;
  }

  private async encode(format: 'png' | 'jpeg', quality: number): Promise<Screenshot> {
    // The retained buffer goes to libvips as it is (RGBA; alpha dropped inside the pipeline).
    const data = await this.raster.lend((raw) => {
      return format === 'png'
        ? sharp(raw, { raw: { width: this.core.width, height: this.core.height, channels: 4 } }).removeAlpha().png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer()
        : this.jpegAt(quality).encode(raw);
    });
    return { format, data, width: this.core.width, height: this.core.height };
  }

  /** The striped encoder for `quality`, made the most recently used; the least recently used beyond KEPT_JPEG_QUALITIES goes. */
  private jpegAt(quality: number): StripedJpeg {
    let j = this.jpegs.get(quality);
    if (j) this.jpegs.delete(quality);
    else j = new StripedJpeg(this.core.width, this.core.height, quality);
    this.jpegs.set(quality, j);
    for (const old of this.jpegs.keys()) {
      if (this.jpegs.size <= KEPT_JPEG_QUALITIES) break;
      this.jpegs.delete(old);
      this.encoded.delete(`jpeg:${old}`);
    }
    return j;
  }
}
