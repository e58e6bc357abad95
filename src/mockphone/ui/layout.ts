// A small layout engine: columns, rows and stacks with padding, fixed / natural / flexible
// sizes, and vertical scroll containers. Produces absolute pixel boxes that are drawn,
// hit-tested and dumped from the same data.
import { TYPE } from './theme';
import type { Insets, View } from './view';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Box extends Rect {
  view: View;
  children: Box[];
  /** Visible part (ancestor scroll containers clip). */
  clip: Rect;
  /** Wrapped text lines, for text and field views. */
  lines?: string[];
  fontPx?: number;
  linePx?: number;
  weight?: number;
  scroll?: { key: string; offset: number; max: number };
}

export interface FieldState {
  value: string;
  focused: boolean;
  allSelected: boolean;
  /** Cursor index in value (value.length = at the end). */
  cursor: number;
}

export interface LayoutEnv {
  scale: number; // px per dp
  fontScale: number;
  measureText(text: string, fontPx: number, weight: number): number;
  scrollOffset(key: string): number;
  field(key: string): FieldState;
}

interface Size {
  w: number;
  h: number;
}

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

function insets(p: Insets | undefined): [number, number, number, number] {
  if (p === undefined) return [0, 0, 0, 0];
  if (typeof p === 'number') return [p, p, p, p];
  if (p.length === 2) return [p[0], p[1], p[0], p[1]];
  return p;
}

export function kids(v: View): View[] {
  return (v.children ?? []).filter((c): c is View => !!c);
}

export class Layout {
  private cache = new WeakMap<View, { maxW: number; size: Size }>();
  readonly scrollers: Box[] = [];

  constructor(private env: LayoutEnv) {}

  px(dp: number): number {
    return Math.round(dp * this.env.scale);
  }

  private pad(v: View): [number, number, number, number] {
    const [t, r, b, l] = insets(v.padding);
    return [this.px(t), this.px(r), this.px(b), this.px(l)];
  }

  textMetrics(v: View): { fontPx: number; linePx: number; weight: number } {
    const role = TYPE[v.type ?? (v.field ? 'bodyLarge' : 'bodyMedium')];
    const size = (v.textSize ?? role.size) * this.env.fontScale;
    const line = v.textSize ? v.textSize * 1.35 : role.line;
    return { fontPx: Math.round(size * this.env.scale), linePx: Math.round(line * this.env.fontScale * this.env.scale), weight: v.weight ?? role.weight };
  }

  /** Greedy word wrap (CJK wraps per character); the last allowed line ends with an ellipsis. */
  wrap(text: string, maxW: number, fontPx: number, weight: number, maxLines = Infinity): string[] {
    const out: string[] = [];
    const width = (s: string) => this.env.measureText(s, fontPx, weight);
    for (const para of text.split('\n')) {
      const tokens = para.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|\s+|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+/g) ?? [''];
      let line = '';
      for (const tok of tokens) {
        const candidate = line + tok;
        if (line === '' || width(candidate) <= maxW) {
          line = candidate;
          continue;
        }
        out.push(line.trimEnd());
        line = /^\s+$/.test(tok) ? '' : tok;
        // a single word wider than the line: break it by characters
        while (width(line) > maxW && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && width(line.slice(0, cut)) > maxW) cut--;
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      out.push(line);
    }
    if (out.length > maxLines) {
      const kept = out.slice(0, maxLines);
      let last = kept[maxLines - 1];
      while (last.length > 0 && width(last + '…') > maxW) last = last.slice(0, -1);
      kept[maxLines - 1] = last.trimEnd() + '…';
      return kept;
    }
    return out;
  }

  private fieldText(v: View): string {
    const f = this.env.field(v.field!.key);
    if (f.value === '') return v.field!.hint ?? '';
    return v.field!.password ? '•'.repeat([...f.value].length) : f.value;
  }

  /** Natural size of a view given the width available to it. */
  measure(v: View, maxW: number): Size {
    const hit = this.cache.get(v);
    if (hit && hit.maxW === maxW) return hit.size;
    const size = this.measureUncached(v, maxW);
    this.cache.set(v, { maxW, size });
    return size;
  }

  private measureUncached(v: View, maxW: number): Size {
    const [pt, pr, pb, pl] = this.pad(v);
    const outerW = typeof v.width === 'number' ? this.px(v.width) : maxW;
    const innerMax = Math.max(0, outerW - pl - pr);
    let cw = 0;
    let ch = 0;
    const children = kids(v);
    if (children.length > 0) {
      const gap = this.px(v.gap ?? 0);
      if (v.dir === 'row') {
        let used = 0;
        for (const c of children) {
          const s = this.measure(c, Math.max(0, innerMax - used));
          used += s.w + gap;
          ch = Math.max(ch, s.h);
        }
        cw = Math.max(0, used - gap);
      } else if (v.dir === 'stack') {
        for (const c of children) {
          const s = this.measure(c, innerMax);
          cw = Math.max(cw, s.w);
          if (!c.pos) ch = Math.max(ch, s.h);
        }
      } else {
        for (const c of children) {
          const s = this.measure(c, innerMax);
          cw = Math.max(cw, s.w);
          ch += s.h;
        }
        ch += gap * Math.max(0, children.length - 1);
      }
    } else if (v.field) {
      const m = this.textMetrics(v);
      const lines = v.field.multiline ? this.wrap(this.fieldText(v), innerMax, m.fontPx, m.weight) : [''];
      cw = innerMax;
      ch = lines.length * m.linePx;
    } else if (v.text !== undefined) {
      const m = this.textMetrics(v);
      const lines = this.wrap(v.text, innerMax, m.fontPx, m.weight, v.maxLines);
      cw = Math.min(innerMax, Math.max(0, ...lines.map((l) => this.env.measureText(l, m.fontPx, m.weight))));
      if (v.icon) cw += this.px((v.iconSize ?? 18) + 8);
      ch = lines.length * m.linePx;
    } else if (v.icon) {
      cw = ch = this.px(v.iconSize ?? 24);
    } else if (v.control === 'switch') {
      cw = this.px(52);
      ch = this.px(32);
    } else if (v.control) {
      cw = ch = this.px(20);
    } else if (v.slider !== undefined) {
      cw = innerMax;
      ch = this.px(44);
    }
    const w = v.width === 'fill' ? maxW : typeof v.width === 'number' ? this.px(v.width) : Math.min(maxW, cw + pl + pr);
    let h = typeof v.height === 'number' ? this.px(v.height) : ch + pt + pb;
    if (v.minHeight !== undefined) h = Math.max(h, this.px(v.minHeight));
    return { w: Math.max(0, Math.ceil(w)), h: Math.max(0, Math.ceil(h)) };
  }

  /** Lays `v` out in the rectangle and returns its box tree. */
  place(v: View, x: number, y: number, w: number, h: number, clip: Rect): Box {
    const box: Box = { view: v, x, y, w, h, clip: intersect(clip, { x, y, w, h }), children: [] };
    const [pt, pr, pb, pl] = this.pad(v);
    const cx = x + pl;
    const cy = y + pt;
    const cw = Math.max(0, w - pl - pr);
    const chh = Math.max(0, h - pt - pb);
    if (v.text !== undefined || v.field) {
      const m = this.textMetrics(v);
      box.fontPx = m.fontPx;
      box.linePx = m.linePx;
      box.weight = m.weight;
      const textW = v.icon && !v.field ? cw - this.px((v.iconSize ?? 18) + 8) : cw;
      box.lines = v.field
        ? (v.field.multiline ? this.wrap(this.fieldText(v), cw, m.fontPx, m.weight) : [this.fieldText(v)])
        : this.wrap(v.text!, textW, m.fontPx, m.weight, v.maxLines);
    }
    const children = kids(v);
    if (children.length === 0) return box;
    const gap = this.px(v.gap ?? 0);
    const childClip = v.scrollKey ? intersect(clip, { x, y, w, h }) : clip;

    if (v.dir === 'stack') {
      for (const c of children) {
        if (!c.pos) {
          box.children.push(this.place(c, cx, cy, cw, chh, childClip));
          continue;
        }
        const s = this.measure(c, cw);
        const cwid = c.width === 'fill' ? cw : s.w;
        const chei = c.height === 'fill' ? chh : s.h;
        const px = c.pos.left !== undefined ? cx + this.px(c.pos.left) : c.pos.right !== undefined ? cx + cw - cwid - this.px(c.pos.right) : cx + (cw - cwid) / 2;
        const py = c.pos.top !== undefined ? cy + this.px(c.pos.top) : c.pos.bottom !== undefined ? cy + chh - chei - this.px(c.pos.bottom) : cy + (chh - chei) / 2;
        box.children.push(this.place(c, Math.round(px), Math.round(py), cwid, chei, childClip));
      }
      return box;
    }

    if (v.dir === 'row') {
      const widths = children.map((c) => (typeof c.width === 'number' ? this.px(c.width) : c.flex || c.width === 'fill' ? -1 : 0));
      let used = gap * (children.length - 1);
      children.forEach((c, i) => {
        if (widths[i] === 0) widths[i] = this.measure(c, Math.max(0, cw - used)).w;
        if (widths[i] > 0) used += widths[i];
      });
      const flexTotal = children.reduce((s, c, i) => s + (widths[i] < 0 ? (c.flex ?? 1) : 0), 0);
      const free = Math.max(0, cw - used);
      children.forEach((c, i) => {
        if (widths[i] < 0) widths[i] = Math.floor((free * (c.flex ?? 1)) / flexTotal);
      });
      const total = widths.reduce((a, b) => a + b, 0) + gap * (children.length - 1);
      let px = cx + (v.justify === 'center' ? (cw - total) / 2 : v.justify === 'end' ? cw - total : 0);
      const between = v.justify === 'between' && children.length > 1 ? (cw - total) / (children.length - 1) : 0;
      children.forEach((c, i) => {
        const align = v.align ?? 'center';
        const chH = typeof c.height === 'number' ? this.px(c.height) : c.height === 'fill' || align === 'stretch' ? chh : Math.min(chh, this.measure(c, widths[i]).h);
        const py = align === 'start' || align === 'stretch' ? cy : align === 'end' ? cy + chh - chH : cy + (chh - chH) / 2;
        box.children.push(this.place(c, Math.round(px), Math.round(py), widths[i], chH, childClip));
        px += widths[i] + gap + between;
      });
      return box;
    }

    // column
    const align = v.align ?? 'stretch';
    const widthOf = (c: View) => (typeof c.width === 'number' ? Math.min(cw, this.px(c.width)) : c.width === 'fill' || align === 'stretch' ? cw : this.measure(c, cw).w);
    const heights = children.map((c) => (typeof c.height === 'number' ? this.px(c.height) : !v.scrollKey && (c.flex || c.height === 'fill') ? -1 : this.measure(c, widthOf(c)).h));
    const fixed = heights.reduce((s, hh) => s + Math.max(0, hh), 0) + gap * (children.length - 1);
    const flexTotal = children.reduce((s, c, i) => s + (heights[i] < 0 ? (c.flex ?? 1) : 0), 0);
    const free = Math.max(0, chh - fixed);
    children.forEach((c, i) => {
      if (heights[i] < 0) heights[i] = Math.floor((free * (c.flex ?? 1)) / flexTotal);
    });
    const total = heights.reduce((a, b) => a + b, 0) + gap * (children.length - 1);
    let offset = 0;
    if (v.scrollKey) {
      const max = Math.max(0, total - chh);
      offset = Math.min(max, Math.max(0, this.env.scrollOffset(v.scrollKey)));
      box.scroll = { key: v.scrollKey, offset, max };
      this.scrollers.push(box);
    }
    // justify 'end' on a scroll container keeps short content at the bottom (a chat's stackFromEnd)
    const slack = Math.max(0, chh - total);
    let py = cy - offset + (flexTotal === 0 ? (v.justify === 'center' && !v.scrollKey ? slack / 2 : v.justify === 'end' ? slack : 0) : 0);
    const between = v.justify === 'between' && flexTotal === 0 && children.length > 1 ? Math.max(0, chh - total) / (children.length - 1) : 0;
    children.forEach((c, i) => {
      const cwid = widthOf(c);
      const px = align === 'center' ? cx + (cw - cwid) / 2 : align === 'end' ? cx + cw - cwid : cx;
      box.children.push(this.place(c, Math.round(px), Math.round(py), cwid, heights[i], childClip));
      py += heights[i] + gap + between;
    });
    return box;
  }
}

export function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const r = Math.min(a.x + a.w, b.x + b.w);
  const btm = Math.min(a.y + a.h, b.y + b.h);
  return { x, y, w: Math.max(0, r - x), h: Math.max(0, btm - y) };
}

export function contains(r: Rect, x: number, y: number): boolean {
  return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

/** The boxes under a point, outermost first, topmost branch (later siblings draw on top). */
export function pathAt(root: Box, x: number, y: number): Box[] {
  if (!contains(root.clip, x, y)) return [];
  for (let i = root.children.length - 1; i >= 0; i--) {
    const sub = pathAt(root.children[i], x, y);
    if (sub.length > 0) return [root, ...sub];
  }
  return [root];
}

export { CJK };
