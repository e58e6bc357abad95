// The retained frame: the screen's RGBA pixels kept between frames, repainted only where the
// new box tree differs from the one last painted (ui/damage.ts). Each damaged rectangle is
// cleared and every box that meets it is drawn again, then only those rectangles are read back from Skia into the retained buffer — in strips, because one large read allocates a
// fresh 10 MB buffer each frame, which costs more on a busy machine than the drawing itself.
//
// The buffer is handed to the encoder as it is (no copy). While an encode still reads it, a
// repaint writes into a copy instead, so an encode never sees a half-updated frame.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { damage, extents, intersects, merge, pixelAligned, union, type PaintedFrame } from './damage';
import { planScrollShift, shiftRows, type ScrollShift } from './scroll-shift';
import { drawBox, type DrawEnv } from './draw';
import type { Box, FieldState, Rect } from './layout';

/**
 * A scroll's damage is scattered (the exposed strip plus the rows' avatars and icons, which do
 * not move exactly): up to this many rectangles are repainted before they are joined into one.
 */
const SCROLL_MAX_RECTS = 48;

/** Rows read back from Skia at a time. */
const STRIP_ROWS = 96;

/**
 * Damage covering this share of the screen or more is repainted as a full frame. Repainting a
 * share s costs about s of a full repaint plus the culling (bench/mockphone.bench.ts measures
 * both side by side: "repaint N % of the screen"), so a full repaint only wins near the top (measured: 85 % costs 0.93× a full repaint, 95 % 1.0×).
 */
export const FULL_REPAINT_SHARE = 0.9;

export interface PaintResult {
  /** What was repainted (raster pixels: device pixels unless zoomed); empty when the frame paints the same pixels as before. */
  damage: Rect[];
  /** Bumped whenever the pixels changed: encoded output is reused while it stays the same. */
  generation: number;
  /** Set when a scroll moved the retained pixels (rows up by dy) instead of repainting them. */
  shifted?: { region: Rect; dy: number };
  /**
   * With `trackChanges`: the bounding box of the pixels that really differ, per repainted
   * rectangle (after any shift), none for a rectangle repainted to the same pixels. A repaint
   * rectangle covers whole boxes (a text field: its full width for one typed letter); these
   * cover the glyph and the cursor, so a viewer gets a tile of that size. Exact by
   * construction: every pixel outside them equals the frame before.
   */
  changed?: Rect[];
}

export interface FrameRasterOptions {
  /** Compare each repainted rectangle with the pixels it replaces (PaintResult.changed). */
  trackChanges?: boolean;
}

/**
 * Whole screens kept for reuse (keepPaintedFrames): a reset to a seed, an app's first screen,
 * a fork's screen come back again and again, on any phone of the thread. A frame whose box tree
 * has no damage against a kept one's has that one's pixels — the same rule an unchanged frame
 * already follows (no damage, no repaint) — so its pixels are copied (~1 ms for 10 MB) instead
 * of drawn and read back from Skia (most of a reset's ~10–30 ms).
 */
let keptFrames = 0;
const kept: { key: string; painted: PaintedFrame; pixels: Buffer }[] = [];

/** Keeps the `n` most recent whole-screen frames of this thread (unzoomed rasters; 0 turns it off and frees them). ~10 MB each at 1080×2400. */
export function keepPaintedFrames(n: number): void {
  keptFrames = Math.max(0, Math.floor(n));
  kept.splice(keptFrames);
}

export class FrameRaster {
  private painted?: PaintedFrame;
  private pixels: Buffer;
  private readers = 0;
  generation = 0;
  /** False: scrolls repaint like any other change (the benchmark's baseline for shifting). */
  shiftScrolls = true;

  /** Pixel size of the raster: the device's size times `zoom`. */
  readonly width: number;
  readonly height: number;
  /**
   * Vertical zoom: `zoom` rounded to 1/4096 when zoomed. A dyadic scale keeps every drawn
   * coordinate (device integer × zoomY + a snap of whole 1/4096ths) exact in Skia's float32, so
   * content moved by a whole number of rows paints exactly the same pixels (measured: with the
   * plain zoom ≈ 1 in 40 frames of moved rectangles differed in an edge pixel; with this, none).
   * At most 0.3 px of the frame's height off the plain zoom.
   */
  readonly zoomY: number;

  /**
   * `zoom` < 1 paints the same boxes straight at a smaller size (the device panel's pixels):
   * vectors and text drawn small, not a full-size frame scaled down. Zoomed, a scroll
   * container's content is drawn at its offset rounded to whole raster pixels (`snap`), so a
   * scroll moves it by whole rows and the retained pixels can be shifted, as at full size.
   */
  constructor(
    private readonly ctx: SKRSContext2D,
    private readonly deviceWidth: number,
    private readonly deviceHeight: number,
    private readonly scale: number,
    readonly zoom = 1,
    private readonly options: FrameRasterOptions = {},
  ) {
    this.width = Math.round(deviceWidth * zoom);
    this.height = Math.round(deviceHeight * zoom);
    this.zoomY = zoom === 1 ? 1 : Math.round(zoom * 4096) / 4096;
    this.pixels = Buffer.alloc(this.width * this.height * 4);
  }

  /**
   * Raster pixels a zoomed scroll container's content is moved by: its offset in raster pixels
   * rounded to a whole pixel, less the offset as the layout applied it. Content then sits at
   * (unscrolled position × zoomY − a whole number of rows), the same sub-pixel phase whatever the
   * offset. Exact in binary (zoomY is a multiple of 1/4096, offsets are whole device pixels).
   */
  private readonly snap = (box: Box): number => {
    const o = box.scroll?.offset ?? 0;
    return this.zoomY * o - Math.round(this.zoomY * o);
  };

  /** The current frame's RGBA pixels (alpha 255). Valid until the next paint: copy to keep. */
  get data(): Buffer {
    return this.pixels;
  }

  /** Forget what was painted: the next paint repaints everything. */
  invalidate(): void {
    this.painted = undefined;
  }

  /**
   * Paints `boxes` (layers, bottom first). `style` is whatever changes defaults for every box
   * (the theme); `full` repaints everything whatever changed (the reference the damage test
   * compares with), or exactly the given device rectangles (the benchmark's cost-by-area).
   */
  paint(boxes: Box[], env: DrawEnv, style: unknown, full: boolean | Rect[] = false): PaintResult {
    const screen = { x: 0, y: 0, w: this.deviceWidth, h: this.deviceHeight };
    const pixelScreen = { x: 0, y: 0, w: this.width, h: this.height };
    const fields = new Map<string, FieldState>();
    const collect = (b: Box) => {
      if (b.view.field && !fields.has(b.view.field.key)) fields.set(b.view.field.key, { ...env.field(b.view.field.key) });
      for (const c of b.children) collect(c);
    };
    boxes.forEach(collect);
    const next: PaintedFrame = { boxes, fields, style, extents: extents(boxes, screen, this.scale) };
    // A scroll moves the retained pixels: zoomed, by the whole rows its snapped content moved.
    let shift: ScrollShift | undefined = full === false && this.shiftScrolls ? planScrollShift(this.painted, next, screen, this.scale) : undefined;
    const moved = shift && (this.zoom === 1 ? { region: shift.region, dy: shift.dy, exposed: [] } : this.zoomedShift(shift));
    if (!moved) shift = undefined;
    let found: Rect[];
    if (full === true) found = [screen];
    else if (Array.isArray(full)) found = full;
    else if (shift) {
      const diff = damage(shift.shifted, next, screen, this.scale);
      found = merge([...shift.damage, ...diff].map((r) => pixelAligned(r)), screen, SCROLL_MAX_RECTS, 1, true);
      if (found.reduce((a, r) => a + r.w * r.h, 0) >= FULL_REPAINT_SHARE * screen.w * screen.h) shift = undefined;
    } else found = damage(this.painted, next, screen, this.scale);
    this.painted = next;
    if (found.length === 0 && !(shift && moved?.dy)) return { damage: [], generation: this.generation };
    // Past the crossover a full repaint is cheaper: no culling, one full-width read back.
    const large = !Array.isArray(full) && found.reduce((a, r) => a + r.w * r.h, 0) >= FULL_REPAINT_SHARE * screen.w * screen.h;
    // A whole new screen seen before (on any phone of this thread): its pixels, not a repaint.
    const reusable = large && full === false && keptFrames > 0 && this.zoom === 1 && this.options.trackChanges !== true;
    if (reusable) {
      const key = this.keptKey();
      const at = kept.findIndex((k) => k.key === key && damage(k.painted, next, screen, this.scale).length === 0);
      if (at >= 0) {
        const [hit] = kept.splice(at, 1);
        kept.unshift(hit);
        if (this.readers > 0) this.pixels = Buffer.from(hit.pixels);
        else hit.pixels.copy(this.pixels);
        this.generation++;
        return { damage: [screen], generation: this.generation };
      }
    }
    const shifting = shift && moved && !large ? moved : undefined;
    const deviceRects = large ? [screen] : found;
    // In raster pixels; when zoomed, a pixel more on each side for the antialiasing around
    // a scaled edge (and the snap's < ½ pixel), plus the rows a zoomed shift exposes exactly.
    // `rects` are the same rectangles back in device coordinates, for culling.
    const zx = this.zoom;
    const zy = this.zoomY;
    const pixelRects = this.zoom === 1 ? deviceRects
      : merge([...deviceRects.map((r) => clipTo(grown(pixelAligned({ x: r.x * zx, y: r.y * zy, w: r.w * zx, h: r.h * zy }), 1), pixelScreen)), ...(shifting?.exposed ?? [])],
        pixelScreen, shifting ? SCROLL_MAX_RECTS : 8, shifting ? 1 : 0.6, !!shifting).filter((r) => r.w > 0 && r.h > 0);
    const rects = this.zoom === 1 ? deviceRects : pixelRects.map((r) => ({ x: r.x / zx, y: r.y / zy, w: r.w / zx, h: r.h / zy }));
    // Each damaged rectangle is cleared, then every box whose paint can reach one is drawn in
    // tree order without a clip: a clip edge through an antialiased path (an icon, a rounded
    // card, text) changes its edge pixels, and the result must equal a full repaint byte for
    // byte. Only plain fills on whole pixels, where a cut changes nothing, are limited to the
    // rectangle (the big backgrounds: otherwise each repaint would fill the whole screen).
    // Pixels drawn outside the rectangles are never read back; a later repaint there clears them.
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#000000';
    for (const r of pixelRects) ctx.fillRect(r.x, r.y, r.w, r.h);
    // Zoomed, a cut fill's edge lands on a fraction of a pixel (and the snap moves it by < ½): keep it a pixel outside.
    const bounds = rects.length === 0 ? undefined : this.zoom === 1 ? rects.reduce(union) : grown(rects.reduce(union), 1 / Math.min(zx, zy));
    const within: DrawEnv = {
      ...env, limit: bounds, visible: (b) => { const e = next.extents.get(b) ?? b; return rects.some((r) => intersects(e, r)); },
      ...(this.zoom === 1 ? {} : { scrollSnap: this.snap }),
    };
    if (rects.length > 0) {
      ctx.setTransform(zx, 0, 0, zy, 0, 0);
      for (const b of boxes) drawBox(ctx, b, within);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    }
    // An encode still reading the old pixels keeps them; this frame goes into a copy.
    if (this.readers > 0) this.pixels = Buffer.from(this.pixels);
    if (shifting) shiftRows(this.pixels, this.width, shifting.region, shifting.dy);
    const track = this.options.trackChanges === true;
    const changed: Rect[] = [];
    for (const r of pixelRects) {
      const c = this.readBack(r, track);
      if (c) changed.push(c);
    }
    if (reusable) this.keep(next);
    this.generation++;
    return {
      damage: pixelRects, generation: this.generation,
      ...(shifting && shifting.dy !== 0 ? { shifted: { region: shifting.region, dy: shifting.dy } } : {}),
      ...(track ? { changed } : {}),
    };
  }

  /**
   * A device-pixel shift as the zoomed raster does it: the rows of the container lying wholly
   * inside it move by the change of its snapped offset; the partial rows and columns at its
   * edges and the rows the move exposes are repainted (`exposed`, raster pixels). Undefined for
   * a container inside another scroll container (its rows sit at that one's snap).
   */
  private zoomedShift(shift: ScrollShift): { region: Rect; dy: number; exposed: Rect[] } | undefined {
    if (shift.nested) return undefined;
    const zx = this.zoom;
    const zy = this.zoomY;
    const [from, to] = shift.offsets;
    const dy = Math.round(zy * to) - Math.round(zy * from);
    const r = shift.region;
    const outer = clipTo(pixelAligned({ x: r.x * zx, y: r.y * zy, w: r.w * zx, h: r.h * zy }), { x: 0, y: 0, w: this.width, h: this.height });
    const x0 = Math.ceil(r.x * zx);
    const y0 = Math.ceil(r.y * zy);
    const inner = clipTo({ x: x0, y: y0, w: Math.floor((r.x + r.w) * zx) - x0, h: Math.floor((r.y + r.h) * zy) - y0 }, outer);
    if (inner.w <= 0 || Math.abs(dy) >= inner.h) return undefined;
    const exposed = [
      dy > 0 ? { x: inner.x, y: inner.y + inner.h - dy, w: inner.w, h: dy } : { x: inner.x, y: inner.y, w: inner.w, h: -dy },
      { x: outer.x, y: outer.y, w: outer.w, h: inner.y - outer.y },
      { x: outer.x, y: inner.y + inner.h, w: outer.w, h: outer.y + outer.h - inner.y - inner.h },
      { x: outer.x, y: outer.y, w: inner.x - outer.x, h: outer.h },
      { x: inner.x + inner.w, y: outer.y, w: outer.x + outer.w - inner.x - inner.w, h: outer.h },
    ].filter((e) => e.w > 0 && e.h > 0);
    return { region: inner, dy, exposed };
  }

  private keptKey(): string {
    return `${this.width}x${this.height}@${this.scale}`;
  }

  /** Keeps this whole frame among the thread's recent ones (the oldest one's buffer reused). */
  private keep(painted: PaintedFrame): void {
    const evicted = kept.length >= keptFrames ? kept.pop() : undefined;
    const pixels = evicted && evicted.pixels.length === this.pixels.length ? evicted.pixels : Buffer.allocUnsafeSlow(this.pixels.length);
    this.pixels.copy(pixels);
    kept.unshift({ key: this.keptKey(), painted, pixels });
  }

  /** Runs `use` on the pixels, keeping them unchanged until it settles. */
  async lend<T>(use: (pixels: Buffer) => Promise<T>): Promise<T> {
    this.readers++;
    try {
      return await use(this.pixels);
    } finally {
      this.readers--;
    }
  }

  /** Copies `r` from Skia into the retained pixels; with `track`, returns where they differed. */
  private readBack(r: Rect, track: boolean): Rect | undefined {
    const rowBytes = this.width * 4;
    const tileRow = r.w * 4;
    // Changed pixels' extent within r: columns [lo, hi], rows [top, bottom].
    let lo = r.w;
    let hi = -1;
    let top = -1;
    let bottom = -1;
    for (let y = r.y; y < r.y + r.h; y += STRIP_ROWS) {
      const h = Math.min(STRIP_ROWS, r.y + r.h - y);
      const strip = this.ctx.getImageData(r.x, y, r.w, h).data;
      const src = Buffer.from(strip.buffer, strip.byteOffset, strip.byteLength);
      if (track) {
        const px = this.pixels;
        for (let row = 0; row < h; row++) {
          const s = row * tileRow;
          const d = (y + row) * rowBytes + r.x * 4;
          // Whole rows compare natively (memcmp); only a changed row is scanned, and only
          // from each end up to the columns already known to have changed.
          if (px.compare(src, s, s + tileRow, d, d + tileRow) === 0) continue;
          if (top < 0) top = y + row;
          bottom = y + row;
          for (let i = 0; i < lo; i++) {
            if (src.readUInt32LE(s + i * 4) !== px.readUInt32LE(d + i * 4)) { lo = i; break; }
          }
          for (let i = r.w - 1; i > hi; i--) {
            if (src.readUInt32LE(s + i * 4) !== px.readUInt32LE(d + i * 4)) { hi = i; break; }
          }
        }
      }
      if (r.x === 0 && r.w === this.width) {
        src.copy(this.pixels, y * rowBytes);
      } else {
        for (let row = 0; row < h; row++) src.copy(this.pixels, (y + row) * rowBytes + r.x * 4, row * tileRow, (row + 1) * tileRow);
      }
    }
    return track && top >= 0 ? { x: r.x + lo, y: top, w: hi - lo + 1, h: bottom - top + 1 } : undefined;
  }

}


function grown(r: Rect, d: number): Rect {
  return { x: r.x - d, y: r.y - d, w: r.w + 2 * d, h: r.h + 2 * d };
}

function clipTo(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x), h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y) };
}
