// Which pixels a new frame changes: the previous frame's box tree is compared with the new one
// (views are rebuilt every frame, so by what they paint, not by identity), and every box whose
// own paint differs — text, colours, position (a scroll offset moves every row), field value,
// cursor or focus, pressed or checked state — damages both where it was and where it is now.
// Added or removed subtrees (a dialog, the keyboard, a toast) damage their whole extent.
//
// A box's paint can reach outside its rectangle (shadows, icons larger than the box, glyph
// overhang), so extents are the rectangle grown by what drawBox may paint around it, cut to
// the scroll containers above it — exactly the clip drawBox applies.
import type { Box, FieldState, Rect } from './layout';
import type { View } from './view';

/** What a box paints by itself (children excluded); two boxes with equal keys paint equal pixels. */
const PAINT_PROPS = ['bg', 'radius', 'border', 'borderWidth', 'elevation', 'color', 'textAlign', 'icon', 'iconSize', 'circle', 'slider', 'control', 'checked'] as const satisfies readonly (keyof View)[];

export interface PaintedFrame {
  /** Layers in drawing order (bottom first). */
  boxes: Box[];
  /** Field state by key as drawn (fields read it at paint time, not from the box). */
  fields: Map<string, FieldState>;
  /** Anything that changes every box's defaults (theme, scale): different → full damage. */
  style: unknown;
  /** Paint extent of every box's subtree (see extents()). */
  extents: Map<Box, Rect>;
}

export function emptyRect(r: Rect): boolean {
  return r.w <= 0 || r.h <= 0;
}

export function union(a: Rect, b: Rect): Rect {
  if (emptyRect(a)) return b;
  if (emptyRect(b)) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function cut(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x), h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y) };
}

/** The rectangle grown to whole pixels outwards. */
export function pixelAligned(r: Rect): Rect {
  const x = Math.floor(r.x);
  const y = Math.floor(r.y);
  return { x, y, w: Math.ceil(r.x + r.w) - x, h: Math.ceil(r.y + r.h) - y };
}

function grow(r: Rect, dx: number, dy = dx): Rect {
  return { x: r.x - dx, y: r.y - dy, w: r.w + 2 * dx, h: r.h + 2 * dy };
}

/** Where a box's own paint can land (before clipping), generously. */
export function ownExtent(box: Box, scale: number): Rect {
  const v = box.view;
  let margin = 2; // antialiased edges
  if (v.elevation) margin = Math.max(margin, v.elevation * scale * 3.5 + 2); // blur ≈ 3σ plus the offset
  if (v.icon) margin = Math.max(margin, (v.iconSize ?? 24) * scale);
  if (v.slider !== undefined) margin = Math.max(margin, 24 * scale);
  if (v.control) margin = Math.max(margin, 8 * scale);
  let r = grow(box, margin);
  if (box.lines && box.fontPx) {
    // Lines are wrapped to the box, but a squeezed box or a centred line can still overhang.
    const text = box.lines.reduce((m, l) => Math.max(m, l.length), 0) * box.fontPx;
    const tall = box.lines.length * (box.linePx ?? box.fontPx);
    r = union(r, grow(box, Math.max(0, text - box.w / 2) + box.fontPx, Math.max(0, tall - box.h / 2) + box.fontPx));
  }
  return r;
}

/**
 * True when the box paints at most an axis-aligned fill on whole pixels: a clip edge through it
 * changes no pixel. Anything else (antialiased paths, text, shadows) must not be cut by a clip,
 * or its edge pixels differ from a full repaint.
 */
export function cutsCleanly(box: Box): boolean {
  const v = box.view;
  if (v.radius || v.circle || v.border || v.elevation || v.image !== undefined || v.icon || v.field || v.control || v.slider !== undefined || box.lines) return false;
  return Number.isInteger(box.x) && Number.isInteger(box.y) && Number.isInteger(box.w) && Number.isInteger(box.h);
}

/** Paint extent of every box's whole subtree, clipped as drawBox clips (scroll containers). */
export function extents(boxes: Box[], screen: Rect, scale: number): Map<Box, Rect> {
  const out = new Map<Box, Rect>();
  const walk = (b: Box, clip: Rect): Rect => {
    let r = cut(ownExtent(b, scale), clip);
    const childClip = b.scroll ? cut(clip, b) : clip;
    for (const c of b.children) r = union(r, walk(c, childClip));
    out.set(b, r);
    return r;
  };
  for (const b of boxes) walk(b, screen);
  return out;
}

function sameLines(a: string[] | undefined, b: string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameInsets(a: View['padding'], b: View['padding']): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || typeof a === 'number' || typeof b === 'number') return false;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameField(a: FieldState | undefined, b: FieldState | undefined): boolean {
  if (a === b) return true;
  return !!a && !!b && a.value === b.value && a.focused === b.focused && a.allSelected === b.allSelected && a.cursor === b.cursor;
}

/** True when the two boxes paint the same pixels by themselves (children aside). */
function samePaint(a: Box, b: Box, fa: Map<string, FieldState>, fb: Map<string, FieldState>): boolean {
  if (a.x !== b.x || a.y !== b.y || a.w !== b.w || a.h !== b.h) return false;
  if (a.clip.x !== b.clip.x || a.clip.y !== b.clip.y || a.clip.w !== b.clip.w || a.clip.h !== b.clip.h) return false;
  if (a.fontPx !== b.fontPx || a.linePx !== b.linePx || a.weight !== b.weight || !sameLines(a.lines, b.lines)) return false;
  if (!!a.scroll !== !!b.scroll) return false;
  const va = a.view;
  const vb = b.view;
  for (const k of PAINT_PROPS) if (va[k] !== vb[k]) return false;
  if (va.gradient?.[0] !== vb.gradient?.[0] || va.gradient?.[1] !== vb.gradient?.[1]) return false;
  if (!sameInsets(va.padding, vb.padding)) return false;
  // A bitmap (a recents thumbnail) is redrawn in place: never assume it is unchanged.
  if (va.image !== undefined || vb.image !== undefined) return false;
  const ka = va.field;
  const kb = vb.field;
  if (!!ka !== !!kb) return false;
  if (ka && kb) {
    if (ka.key !== kb.key || ka.style !== kb.style || !!ka.password !== !!kb.password || !!ka.multiline !== !!kb.multiline) return false;
    if (!sameField(fa.get(ka.key), fb.get(kb.key))) return false;
  }
  return true;
}

/**
 * Rectangles (device pixels, whole, inside `screen`) that differ between two painted frames,
 * or the whole screen when there is no previous frame or its style changed.
 */
export function damage(prev: PaintedFrame | undefined, next: PaintedFrame, screen: Rect, scale: number): Rect[] {
  if (!prev || prev.style !== next.style) return [screen];
  const ea = prev.extents;
  const eb = next.extents;
  const out: Rect[] = [];
  const add = (r: Rect | undefined) => {
    if (r && !emptyRect(r)) out.push(r);
  };
  const diffLists = (as: Box[], bs: Box[]) => {
    const n = Math.max(as.length, bs.length);
    for (let i = 0; i < n; i++) {
      const a = as[i];
      const b = bs[i];
      if (!a || !b) {
        add(a && ea.get(a));
        add(b && eb.get(b));
      } else if (a.children.length !== b.children.length && !samePaint(a, b, prev.fields, next.fields)) {
        add(ea.get(a));
        add(eb.get(b));
      } else {
        if (!samePaint(a, b, prev.fields, next.fields)) {
          // Its own paint changed: everything drawn over it there is redrawn too (repaint
          // covers all boxes that meet the rectangle), so its children need not be listed.
          add(cut(ownExtent(a, scale), ea.get(a)!));
          add(cut(ownExtent(b, scale), eb.get(b)!));
        }
        diffLists(a.children, b.children);
      }
    }
  };
  diffLists(prev.boxes, next.boxes);
  return merge(out.map((r) => cut(pixelAligned(r), screen)).filter((r) => !emptyRect(r)), screen);
}

/**
 * Fewer, larger rectangles: overlapping or near ones are joined (each rectangle costs a pass over
 * the tree), and when they cover most of the screen it is one full repaint. `tight` joins two
 * only when their union wastes little (a scroll's scattered damage: a column of avatars beside
 * a full-width strip must not become one full-width block).
 */
export function merge(rects: Rect[], screen: Rect, maxRects = 8, unionShare = 0.6, tight = false): Rect[] {
  const near = 32;
  const area = (r: Rect) => r.w * r.h;
  let list = rects.slice();
  let joined = true;
  while (joined) {
    joined = false;
    outer: for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (!intersects(grow(list[i], near), list[j])) continue;
        const u = union(list[i], list[j]);
        if (tight && area(u) > 1.15 * (area(list[i]) + area(list[j])) && area(u) > area(list[i]) + area(list[j]) + 64 * 64) continue;
        list[i] = u;
        list.splice(j, 1);
        joined = true;
        break outer;
      }
    }
  }
  const total = list.reduce((s, r) => s + area(r), 0);
  if (total > unionShare * screen.w * screen.h || list.length > maxRects) list = [list.reduce(union, { x: 0, y: 0, w: 0, h: 0 })];
  return list;
}
