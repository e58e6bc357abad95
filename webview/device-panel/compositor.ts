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
export interface CompositeTarget<I extends Drawable> {
  readonly canvas: { width: number; height: number };
  drawImage(image: I, dx: number, dy: number): void;
}

export interface PlacedTile<I extends Drawable> {
  x: number;
  y: number;
  w: number;
  h: number;
  image: I;
}

export class TileMismatch extends Error {}

export class FrameCompositor<I extends Drawable> {
  /** Generation shown; undefined for frames that cannot be built on (screenshots). */
  generation: number | undefined;

  constructor(private readonly target: CompositeTarget<I>) {}

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

  /** Draws tiles that turn frame `base` into frame `generation`. Throws TileMismatch otherwise. */
  tiles(base: number, generation: number, tiles: PlacedTile<I>[]): void {
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
    for (const t of tiles) this.target.drawImage(t.image, t.x, t.y);
    this.generation = generation;
  }
}
