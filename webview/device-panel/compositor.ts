// The panel's retained picture of the screen: a canvas whose pixels are the last full frame
// with every later tile set drawn over it, 1:1, at the tiles' positions. Tiles say which frame
// (generation) they build on; tiles for any other frame are refused, and the host is asked for
// a whole frame. Pure canvas calls, so it runs in the webview and, in tests, on Node's canvas.

/** What a decoded image needs to be drawn (ImageBitmap in the browser). */
export interface Drawable {
  width: number;
  height: number;
}

/** The part of CanvasRenderingContext2D the compositor uses. */
export interface CompositeTarget<I extends Drawable, C extends Drawable = Drawable> {
  readonly canvas: C;
  drawImage(image: I, dx: number, dy: number): void;
  /** Copies a part of the canvas onto itself (a scroll's shift): the 9-argument drawImage. */
  drawImage(image: C, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}

/** Rows of a rectangle moved up by `dy` (down when negative) within it (a scroll). */
export interface Shift {
  x: number;
  y: number;
  w: number;
  h: number;
  dy: number;
}

export interface PlacedTile<I extends Drawable> {
  x: number;
  y: number;
  w: number;
  h: number;
  image: I;
}

export class TileMismatch extends Error {}

export class FrameCompositor<I extends Drawable, C extends Drawable = Drawable> {
  /** Generation shown; undefined for frames that cannot be built on (screenshots). */
  generation: number | undefined;

  /**
   * `scratch`: a second canvas's context that shifted rows pass through. Chromium draws a canvas
   * onto itself through a snapshot of the whole canvas: measured 40–80 ms for a 762×1358 move
   * (as slow as getImageData + putImageData), against under 1 ms through another canvas.
   * Without one, rows are drawn straight onto the canvas itself.
   */
  constructor(private readonly target: CompositeTarget<I, C>, private readonly scratch?: CompositeTarget<I, C>) {}

  /** A whole frame: the canvas takes its size and pixels. */
  full(image: I, generation: number | undefined): void {
    const c = this.target.canvas;
    if (c.width !== image.width || c.height !== image.height) {
      c.width = image.width;
      c.height = image.height;
    }
    this.target.drawImage(image, 0, 0);
    this.generation = generation;
  }

  /**
   * Moves rows for each shift, in order, then draws tiles: together they turn frame `base`
   * into frame `generation`. Throws TileMismatch otherwise, or when one does not fit the canvas.
   */
  tiles(base: number, generation: number, tiles: PlacedTile<I>[], shifts: Shift[] = []): void {
    if (this.generation === undefined || this.generation !== base) {
      throw new TileMismatch(`tiles build on frame ${base}, but the panel shows ${this.generation ?? 'a frame they cannot build on'}`);
    }
    const c = this.target.canvas;
    for (const t of tiles) {
      if (t.image.width !== t.w || t.image.height !== t.h || t.x + t.w > c.width || t.y + t.h > c.height) {
        this.generation = undefined;
        throw new TileMismatch(`tile ${t.w}×${t.h} at ${t.x},${t.y} does not fit the ${c.width}×${c.height} frame`);
      }
    }
    for (const s of shifts) {
      if (s.x < 0 || s.y < 0 || s.w < 1 || s.x + s.w > c.width || s.y + s.h > c.height || s.dy === 0 || Math.abs(s.dy) >= s.h || !Number.isInteger(s.dy)) {
        this.generation = undefined;
        throw new TileMismatch(`shift of ${s.w}×${s.h} at ${s.x},${s.y} by ${s.dy} rows does not fit the ${c.width}×${c.height} frame`);
      }
    }
    // Whole pixels, no scaling, opaque pixels over opaque: the copy is exact. The rows whose
    // source lies outside the rectangle keep what they had (the tiles repaint them).
    for (const s of shifts) {
      const rows = s.h - Math.abs(s.dy);
      const from = s.dy > 0 ? s.y + s.dy : s.y;
      const to = s.dy > 0 ? s.y : s.y - s.dy;
      const via = this.scratch;
      if (via) {
        const sc = via.canvas;
        if (sc.width < s.w || sc.height < rows) {
          sc.width = Math.max(sc.width, s.w);
          sc.height = Math.max(sc.height, rows);
        }
        via.drawImage(c, s.x, from, s.w, rows, 0, 0, s.w, rows);
        this.target.drawImage(sc, 0, 0, s.w, rows, s.x, to, s.w, rows);
      } else {
        this.target.drawImage(c, s.x, from, s.w, rows, s.x, to, s.w, rows);
      }
    }
    for (const t of tiles) this.target.drawImage(t.image, t.x, t.y);
    this.generation = generation;
  }
}
