// Scrolling without redrawing what only moved. When one scroll container's offset changed, the
// retained pixels inside it are shifted by the offset (a memmove of rows), and only what the
// shift cannot get right is repainted:
// - the strip the scroll exposes (its pixels came from outside the container);
// - boxes whose paint is not exactly the same pixels one whole pixel lower or higher. Skia's
//   antialiasing of paths (circles, rounded rectangles, strokes, icons), shadows and gradient
//   dither depend on the absolute position (float rounding of the device coordinates): measured,
//   a rounded rectangle at a random sub-pixel position differs after a move in ≈ 8 % of moves,
//   a shadow in ≈ 30 %, a gradient in most. Plain rectangles on whole pixels and text (drawn at
//   a whole-pixel baseline from the glyph cache) move exactly; everything else is redrawn;
// - anything not in the container that paints into it (overlays, a toolbar's shadow, the
//   keyboard, a dialog): where it was (its pixels moved with the shift) and where it is;
// - whatever else changed, found by the ordinary box diff (ui/damage.ts) against the previous
//   frame with the container's content moved by the offset ("what the shifted pixels show").
// The shift is only planned when everything painted under the content inside the container
// (its ancestors' and its own backgrounds) is the same on every row there; otherwise the frame
// takes the ordinary path. src/mockphone/ui/scroll-shift.test.ts checks the result byte for byte
// against a full repaint after scrolls of many distances on every app.
import { emptyRect, extents, ownExtent, type PaintedFrame } from './damage';
import { intersect, type Box, type Rect } from './layout';

export interface ScrollShift {
  /** The container's visible rectangle: rows inside it move. Whole pixels. */
  region: Rect;
  /** Rows move up by `dy` (new row y shows old row y + dy); negative moves them down. */
  dy: number;
  /** The previous frame as the shifted pixels show it: the container's content moved by -dy. */
  shifted: PaintedFrame;
  /** Rectangles the shift cannot get right (exposed strip, moving boxes that do not move exactly, overlays). */
  damage: Rect[];
  /** The container's scroll offset before and after (device pixels). */
  offsets: [number, number];
  /** True when the container sits inside another scroll container (its position moves with that one's). */
  nested: boolean;
}

/** True when the box paints nothing by itself (a layout container): only its children can reach anything. */
function paintsNothing(b: Box): boolean {
  const v = b.view;
  return !v.bg && !v.gradient && v.image === undefined && !v.border && !v.icon && !v.field && !v.control && v.slider === undefined && !b.lines;
}

function translated(r: Rect, dy: number): Rect {
  return { x: r.x, y: r.y - dy, w: r.w, h: r.h };
}

/** True when the box's own paint is the same pixels after a move by a whole number of rows. */
function movesExactly(b: Box): boolean {
  const v = b.view;
  if (v.gradient || v.image !== undefined || v.circle || v.elevation || v.border || v.icon || v.field || v.control || v.slider !== undefined) return false;
  if (v.bg && (v.radius || !Number.isInteger(b.x) || !Number.isInteger(b.y) || !Number.isInteger(b.w) || !Number.isInteger(b.h))) return false;
  return true;
}

/**
 * Where the box's own paint may differ after a move: nowhere, only the corner bands of a plain
 * rounded rectangle, filled and/or outlined (its straight sides move exactly: measured, 0 of 600
 * random sub-pixel placements differed between the corners, fill and stroke), or its whole extent.
 */
function inexactParts(b: Box, scale: number): Rect[] {
  if (movesExactly(b)) return [];
  const v = b.view;
  // A plain circle (a letter avatar): only the disc's antialiased edge may differ; its letter
  // moves exactly, and is redrawn with the disc anyway (a repaint draws every box it meets).
  const plainCircle = v.circle && !v.gradient && v.image === undefined && !v.elevation && !v.border && !v.icon && !v.field && !v.control && v.slider === undefined;
  if (plainCircle) return [{ x: Math.floor(b.x) - 3, y: Math.floor(b.y) - 3, w: Math.ceil(b.w) + 6, h: Math.ceil(b.h) + 6 }];
  const plainRounded = (v.bg || v.border) && !v.gradient && v.image === undefined && !v.circle && !v.elevation && !v.icon && !v.field && !v.control && v.slider === undefined;
  if (!plainRounded) return [ownExtent(b, scale)];
  const r = Math.min((v.radius ?? 0) * scale, b.w / 2, b.h / 2);
  const m = 3; // antialiased edge pixels
  const band = Math.ceil(r) + 2 * m;
  if (2 * band >= b.h + 2 * m) return [ownExtent(b, scale)];
  const x = Math.floor(b.x) - m;
  const w = Math.ceil(b.x + b.w) + m - x;
  return [{ x, y: Math.floor(b.y) - m, w, h: band }, { x, y: Math.ceil(b.y + b.h) + m - band, w, h: band }];
}

/** True when the box's own paint inside `r` is the same on every row of `r` (a background). */
function uniformDown(b: Box, r: Rect, scale: number): boolean {
  const v = b.view;
  const reaches = !emptyRect(intersect(ownExtent(b, scale), r));
  if (!reaches) return true;
  if (v.gradient || v.image !== undefined || v.circle || v.elevation || v.border || v.icon || v.field || v.control || v.slider !== undefined || b.lines) return false;
  if (!v.bg) return true;
  const round = v.radius ? v.radius * scale : 0;
  return b.y + round <= r.y && b.y + b.h - round >= r.y + r.h;
}

/** The first scroll container (tree order) whose offset changed with everything else about it the same, with its ancestors. */
function findScrolled(as: Box[], bs: Box[], path: [Box, Box][]): [Box, Box][] | undefined {
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const a = as[i];
    const b = bs[i];
    if (a.view.scrollKey !== b.view.scrollKey || a.children.length !== b.children.length) continue;
    const here: [Box, Box][] = [...path, [a, b]];
    if (a.scroll && b.scroll && a.scroll.key === b.scroll.key && a.scroll.offset !== b.scroll.offset
      && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h
      && a.clip.x === b.clip.x && a.clip.y === b.clip.y && a.clip.w === b.clip.w && a.clip.h === b.clip.h) return here;
    const found = findScrolled(a.children, b.children, here);
    if (found) return found;
  }
  return undefined;
}

/** A copy of the subtree moved up by dy, clipped to what the shifted pixels hold. */
function moveSubtree(b: Box, dy: number, region: Rect): Box {
  return {
    ...b, y: b.y - dy, clip: intersect(translated(b.clip, dy), region),
    children: b.children.map((c) => moveSubtree(c, dy, region)),
  };
}

/** Plans a shift from `prev` to `next`, or undefined when this frame is not a scroll it can shift. */
export function planScrollShift(prev: PaintedFrame | undefined, next: PaintedFrame, screen: Rect, scale: number): ScrollShift | undefined {
  if (!prev || prev.style !== next.style) return undefined;
  const path = findScrolled(prev.boxes, next.boxes, []);
  if (!path) return undefined;
  const [a, b] = path[path.length - 1];
  const region = intersect(b.clip, screen);
  const dy = b.scroll!.offset - a.scroll!.offset;
  if (emptyRect(region) || Math.abs(dy) >= region.h || ![region.x, region.y, region.w, region.h, dy].every(Number.isInteger)) return undefined;
  // Everything under the content (ancestors' and the container's own paint) must be a background.
  for (const [pa, pb] of path) if (!uniformDown(pa, region, scale) || !uniformDown(pb, region, scale)) return undefined;

  const damage: Rect[] = [];
  const add = (r: Rect) => {
    const c = intersect(r, region);
    if (!emptyRect(c)) damage.push(c);
  };
  // The exposed strip.
  add(dy > 0 ? { x: region.x, y: region.y + region.h - dy, w: region.w, h: dy } : { x: region.x, y: region.y, w: region.w, h: -dy });
  // Moving boxes that do not move exactly: redrawn where they are now (their pixels arrived there).
  const inexact = (box: Box) => {
    for (const r of inexactParts(box, scale)) add(r);
    box.children.forEach(inexact);
  };
  b.children.forEach(inexact);
  // Boxes outside the container that paint into it, in both frames: every subtree hanging off
  // the ancestor path, and the other layers.
  const onPath = new Set(path.flatMap(([pa, pb]) => [pa, pb]));
  const others = (boxes: Box[], ext: Map<Box, Rect>, moved: boolean) => {
    const visit = (box: Box) => {
      if (box === a || box === b) return;
      const e = ext.get(box);
      const at = e && (moved ? translated(e, dy) : e);
      if (!onPath.has(box) && (!at || emptyRect(intersect(at, region)))) return; // cannot reach the container
      if (onPath.has(box) || paintsNothing(box)) box.children.forEach(visit);
      else add(at!);
    };
    boxes.forEach(visit);
  };
  others(prev.boxes, prev.extents, true);
  others(next.boxes, next.extents, false);

  // The previous frame with the container's content where the shift put it.
  const rebuild = (boxes: Box[]): Box[] => boxes.map((box) => {
    if (box === a) return { ...a, scroll: b.scroll, children: a.children.map((c) => moveSubtree(c, dy, region)) };
    if (!onPath.has(box)) return box;
    return { ...box, children: rebuild(box.children) };
  });
  const boxes = rebuild(prev.boxes);
  const shifted: PaintedFrame = { boxes, fields: prev.fields, style: prev.style, extents: extents(boxes, screen, scale) };
  const nested = path.slice(0, -1).some(([pa]) => !!pa.scroll);
  return { region, dy, shifted, damage, offsets: [a.scroll!.offset, b.scroll!.offset], nested };
}

/** Moves the rows of `region` in an RGBA buffer `width` pixels wide up by `dy` (down when negative). */
export function shiftRows(pixels: Buffer, width: number, region: Rect, dy: number): void {
  const rowBytes = width * 4;
  const rows = region.h - Math.abs(dy);
  if (region.x === 0 && region.w === width) {
    const to = (dy > 0 ? region.y : region.y - dy) * rowBytes;
    const from = (dy > 0 ? region.y + dy : region.y) * rowBytes;
    pixels.copyWithin(to, from, from + rows * rowBytes);
    return;
  }
  const x = region.x * 4;
  const n = region.w * 4;
  // Up: top row first, so a source row is read before it is overwritten; down: bottom first.
  for (let k = 0; k < rows; k++) {
    const y = dy > 0 ? region.y + k : region.y + region.h - 1 - k;
    const src = (y + dy) * rowBytes + x;
    pixels.copyWithin(y * rowBytes + x, src, src + n);
  }
}
