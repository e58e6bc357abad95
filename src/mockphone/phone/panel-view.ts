// The screen drawn for a viewer (the device panel) at the viewer's pixel size: the same boxes
// the phone lays out, painted straight onto a smaller retained raster with damaged-rectangle
// repaint, so a panel frame costs what its pixels cost, not a full 1080×2400 render, encode,
// decode and resize. Each repaint's rectangles are logged by generation, so a viewer that shows
// generation N gets exactly the tiles that turn N into the current frame, or one full frame
// when most of the screen changed or it has nothing to build on. Both are lossless PNG: at the
// panel's size zlib level 1 encodes in about half the time of JPEG q80 (6 vs 12 ms at 762 px)
// and Chromium decodes it as fast (bench/panel.bench.ts measures both), and a lossless full
// frame lets later tiles composite to exactly what a full repaint draws.
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PanelCapture, PanelFrameOptions, PanelShift, PanelTile } from '../../device/panel-frames';
import { DeviceError } from '../../device/errors';
import { emptyRect, merge, union } from '../ui/damage';
import { FrameRaster } from '../ui/frame-raster';
import { intersect, type Rect } from '../ui/layout';
import type { FrameBuilder } from './frame';
import type { PhoneCore } from './phone-core';
import { encodeRectPng } from './rect-png';

/** Repaints remembered: a viewer further behind gets a full frame. */
const LOG_LENGTH = 64;
/** Above this share of the frame, one whole frame beats many tiles. */
const FULL_FRAME_SHARE = 0.4;
/**
 * Tiles up to this many pixels are written by rect-png.ts on the main thread (a typed key's
 * 762×174 tile: ~2 ms, 0.3× sharp's wall time); larger ones go to sharp's thread pool, whose
 * fixed hop costs less than blocking the event loop for a large deflate.
 */
const INLINE_TILE_PIXELS = 256 * 1024;
/**
 * Tiles per update at most: a scroll's damage is scattered (the exposed strip, avatars and
 * icons that are redrawn, not moved); each tile costs an encode and a decode, so beyond this
 * near ones are joined.
 */
const MAX_TILES = 24;
/**
 * Two tiles are sent as one when that adds at most this share of the frame's pixels: a tile's
 * fixed cost (an encode call, a decode, a message entry) is worth about this much area, so a
 * column of letter avatars goes as one tile, not one per row (Contacts: 9 tiles → 4).
 */
const TILE_JOIN_SHARE = 0.02;

export class PanelView {
  private raster?: FrameRaster;
  private paintedVersion = -1;
  /** Generations are unique across rasters, so a stale `since` never matches a new raster. */
  private generation = 0;
  /** The generation the current raster started at (nothing older can be built on). */
  private firstGeneration = 0;
  /** Each repaint: the rows it shifted first (a scroll), then the rectangles it repainted. */
  private log: { generation: number; rects: Rect[]; shift?: PanelShift }[] = [];

  /** False: scrolls are repainted, not shifted (the benchmark's "shift disabled" baseline). */
  shiftScrolls = true;

  constructor(private readonly core: PhoneCore, private readonly frames: FrameBuilder) {}

  async capture(options: PanelFrameOptions): Promise<PanelCapture> {
    this.core.live();
    const { width } = options;
    if (!Number.isFinite(width) || width < 16) throw new DeviceError('invalid-argument', `width must be a number of pixels ≥ 16, got ${JSON.stringify(width)}`, this.core.id);
    this.paint(Math.min(Math.round(width), this.core.width));
    const raster = this.raster!;
    const since = options.since;
    if (since === this.generation) return { kind: 'same', generation: this.generation };
    const size = { pixelWidth: raster.width, pixelHeight: raster.height };
    const known = since !== undefined && since >= this.firstGeneration && since < this.generation && (this.log[0]?.generation ?? Infinity) <= since + 1;
    if (known) {
      const screen = { x: 0, y: 0, w: raster.width, h: raster.height };
      // The viewer applies every shift since `since` in order, then the tiles: what each
      // repaint damaged is carried through the shifts after it (its stale pixels moved too).
      const shifts: PanelShift[] = [];
      let damaged: Rect[] = [];
      for (const e of this.log) {
        if (e.generation <= since) continue;
        if (e.shift) {
          const s = e.shift;
          damaged = damaged.flatMap((r) => shiftedDamage(r, s));
          shifts.push(s);
        }
        damaged.push(...e.rects);
      }
      const rects = joinCheap(merge(damaged, screen, MAX_TILES, 1, true), TILE_JOIN_SHARE * raster.width * raster.height);
      const area = rects.reduce((s, r) => s + r.w * r.h, 0);
      if (area <= FULL_FRAME_SHARE * raster.width * raster.height) {
        const generation = this.generation;
        const tiles = await raster.lend((px) => Promise.all(rects.map((r) => encodeTile(px, raster.width, r))));
        return { kind: 'tiles', base: since, generation, ...size, tiles, ...(shifts.length ? { shifts } : {}) };
      }
    }
    const generation = this.generation;
    const data = await raster.lend((px) => encodePng(px, raster.width, raster.height));
    return { kind: 'full', generation, ...size, mime: 'image/png', data };
  }

  /** The retained panel frame's RGBA pixels (for tests: valid until the next paint). */
  pixels(): Buffer | undefined {
    return this.raster?.data;
  }

  /** Repaints the whole panel frame (the reference the tile test composes against). */
  repaintFully(): void {
    if (this.raster) this.paintWith(this.raster, true);
  }

  private paint(width: number): void {
    if (!this.raster || this.raster.width !== width) {
      const zoom = width / this.core.width;
      const h = Math.round(this.core.height * zoom);
      this.raster = new FrameRaster(createCanvas(width, h).getContext('2d'), this.core.width, this.core.height, this.core.scale, zoom, { trackChanges: true });
      this.paintWith(this.raster, true);
      this.generation++;
      this.firstGeneration = this.generation;
      this.log = [];
      return;
    }
    if (this.paintedVersion === this.frames.frame().version) return;
    this.paintWith(this.raster, false);
  }

  private paintWith(raster: FrameRaster, full: boolean): void {
    const f = this.frames.frame();
    const env = { scale: this.core.scale, theme: this.core.theme, field: this.frames.fieldState };
    raster.shiftScrolls = this.shiftScrolls;
    const result = raster.paint(f.layers.map((l) => l.box), env, this.core.theme, full);
    this.paintedVersion = f.version;
    // Tiles carry only the pixels that changed (a typed letter: the glyph and the cursor, not
    // the whole field the repaint covered).
    const rects = result.changed ?? result.damage;
    if ((rects.length === 0 && !result.shifted) || full) return;
    const s = result.shifted;
    this.log.push({ generation: ++this.generation, rects, ...(s ? { shift: { x: s.region.x, y: s.region.y, w: s.region.w, h: s.region.h, dy: s.dy } } : {}) });
    if (this.log.length > LOG_LENGTH) this.log.shift();
  }
}

/** Joins the pair whose bounding box adds the fewest pixels, while that is at most `slack`. */
function joinCheap(rects: Rect[], slack: number): Rect[] {
  const list = rects.slice();
  const area = (r: Rect) => r.w * r.h;
  for (;;) {
    let best: [number, number, Rect] | undefined;
    let bestWaste = slack;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const u = union(list[i], list[j]);
        // Overlapping rectangles count their shared pixels twice: the waste is then understated, harmlessly.
        const waste = area(u) - area(list[i]) - area(list[j]);
        if (waste <= bestWaste) {
          bestWaste = waste;
          best = [i, j, u];
        }
      }
    }
    if (!best) return list;
    list[best[0]] = best[2];
    list.splice(best[1], 1);
  }
}

/** Where the stale pixels of `r` are after `s` moved rows: moved with the rows inside it, left in place outside. */
function shiftedDamage(r: Rect, s: PanelShift): Rect[] {
  const inside = intersect(r, s);
  if (emptyRect(inside)) return [r];
  const moved = intersect({ ...inside, y: inside.y - s.dy }, s);
  const out = emptyRect(moved) ? [] : [moved];
  // Rows the shift vacates (no row moves into them) keep what they held, stale part included:
  // a repaint there that happens to draw the same pixels again is no longer a tile of its own.
  const vacated = s.dy > 0 ? { x: s.x, y: s.y + s.h - s.dy, w: s.w, h: s.dy } : { x: s.x, y: s.y, w: s.w, h: -s.dy };
  const left = intersect(inside, vacated);
  if (!emptyRect(left)) out.push(left);
  // Partly outside: that part stays (kept whole: a rectangle more is cheaper than cutting it).
  if (inside.w !== r.w || inside.h !== r.h) out.push(r);
  return out;
}

async function encodeTile(px: Buffer, width: number, r: Rect): Promise<PanelTile> {
  if (r.w * r.h <= INLINE_TILE_PIXELS) return { x: r.x, y: r.y, w: r.w, h: r.h, png: encodeRectPng(px, width, r) };
  const rows = Buffer.allocUnsafe(r.w * r.h * 4);
  for (let y = 0; y < r.h; y++) px.copy(rows, y * r.w * 4, ((r.y + y) * width + r.x) * 4, ((r.y + y) * width + r.x + r.w) * 4);
  return { x: r.x, y: r.y, w: r.w, h: r.h, png: await encodePng(rows, r.w, r.h) };
}

/** Opaque RGBA → RGB PNG at zlib level 1, no adaptive filtering: the fastest lossless encode sharp offers. */
function encodePng(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } }).removeAlpha().png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
}

