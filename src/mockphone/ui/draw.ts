// Paints a laid-out box tree onto a canvas. Pure function of the boxes, the theme and field
// state, so equal state gives byte-identical pixels.
import { Path2D, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ICON_PATHS, type IconName } from './icons';
import { cutsCleanly } from './damage';
import { intersect, type Box, type FieldState, type Rect } from './layout';
import type { Theme } from './theme';
import { font } from './fonts';
import { cursorPoint, horizontalShift, type FieldGeometry } from './text-cursor';

export interface DrawEnv {
  scale: number;
  theme: Theme;
  field(key: string): FieldState;
  /** When set, boxes it rejects are skipped with their subtree (repainting a damaged rectangle). */
  visible?(box: Box): boolean;
  /** When set, plain fills (see cutsCleanly) paint only their part inside this rectangle. */
  limit?: Rect;
  /**
   * Raster pixels added to the vertical translation of a scroll container's content (the
   * panel-size raster snaps scrolled content to whole pixels: ui/frame-raster.ts). Unset: none.
   */
  scrollSnap?(box: Box): number;
}

const iconCache = new Map<IconName, Path2D>();

export function iconPath(name: IconName): Path2D {
  let p = iconCache.get(name);
  if (!p) {
    p = new Path2D(ICON_PATHS[name]);
    iconCache.set(name, p);
  }
  return p;
}

export function drawIcon(ctx: SKRSContext2D, name: IconName, x: number, y: number, size: number, color: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 24, size / 24);
  ctx.fillStyle = color;
  ctx.fill(iconPath(name));
  ctx.restore();
}

/** The cursor geometry of a field box (shared with hit-testing in the phone). */
export function fieldGeometry(box: Box, ctx: SKRSContext2D, scale: number, shown: string, cx: number, cy: number, cw: number, ch: number): FieldGeometry {
  return {
    lines: box.lines ?? [''], value: shown, x: cx, y: cy, w: cw, h: ch, linePx: box.linePx!, multiline: !!box.view.field?.multiline,
    measure: (text) => measure(ctx, text, box.fontPx!, box.weight!), edge: 4 * scale,
  };
}

/** Content rectangle of a box (inside its padding). */
export function contentRect(box: Box, scale: number): { x: number; y: number; w: number; h: number } {
  const [pt, pr, pb, pl] = padOf(box, scale);
  return { x: box.x + pl, y: box.y + pt, w: box.w - pl - pr, h: box.h - pt - pb };
}

function padOf(box: Box, scale: number): [number, number, number, number] {
  const p = box.view.padding;
  const a = p === undefined ? [0, 0, 0, 0] : typeof p === 'number' ? [p, p, p, p] : p.length === 2 ? [p[0], p[1], p[0], p[1]] : p;
  return a.map((d) => Math.round(d * scale)) as [number, number, number, number];
}

export function drawBox(ctx: SKRSContext2D, box: Box, env: DrawEnv): void {
  if (box.clip.w <= 0 || box.clip.h <= 0) return;
  if (env.visible && !env.visible(box)) return;
  const v = box.view;
  const s = env.scale;
  const t = env.theme;
  const radius = v.radius !== undefined ? Math.min(v.radius * s, box.w / 2, box.h / 2) : 0;

  // A plain fill cut to the repainted rectangle paints the same pixels there, and no others.
  const area = env.limit && cutsCleanly(box) ? intersect(box, env.limit) : box;
  if (v.gradient) {
    const g = ctx.createLinearGradient(0, box.y, 0, box.y + box.h);
    g.addColorStop(0, v.gradient[0]);
    g.addColorStop(1, v.gradient[1]);
    ctx.fillStyle = g;
    ctx.fillRect(area.x, area.y, area.w, area.h);
  }
  if (v.bg) {
    ctx.save();
    if (v.elevation) {
      ctx.shadowColor = t.dark ? 'rgba(0,0,0,0.6)' : 'rgba(0,0,0,0.22)';
      ctx.shadowBlur = v.elevation * s * 2;
      ctx.shadowOffsetY = v.elevation * s * 0.6;
    }
    ctx.fillStyle = v.bg;
    ctx.beginPath();
    if (v.circle) ctx.arc(box.x + box.w / 2, box.y + box.h / 2, Math.min(box.w, box.h) / 2, 0, Math.PI * 2);
    else if (radius > 0) ctx.roundRect(box.x, box.y, box.w, box.h, radius);
    else ctx.rect(area.x, area.y, area.w, area.h);
    ctx.fill();
    ctx.restore();
  }
  if (v.border) {
    ctx.strokeStyle = v.border;
    const bw = (v.borderWidth ?? 1) * s;
    ctx.lineWidth = bw;
    ctx.beginPath();
    ctx.roundRect(box.x + bw / 2, box.y + bw / 2, box.w - bw, box.h - bw, Math.max(0, radius - bw / 2));
    ctx.stroke();
  }

  if (v.image) {
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.w, box.h, radius);
    ctx.clip();
    ctx.drawImage(v.image as Canvas, box.x, box.y, box.w, box.h);
    ctx.restore();
  }

  const [pt, pr, pb, pl] = padOf(box, s);
  const cx = box.x + pl;
  const cy = box.y + pt;
  const cw = box.w - pl - pr;
  const ch = box.h - pt - pb;

  if (v.control) drawControl(ctx, box, env, cx, cy, cw, ch);
  else if (v.slider !== undefined) drawSlider(ctx, v.slider, env, cx, cy, cw, ch);
  else if (v.field) drawField(ctx, box, env, cx, cy, cw, ch);
  else if (box.lines) {
    let tx = cx;
    let tw = cw;
    if (v.icon) {
      const isz = (v.iconSize ?? 18) * s;
      const lineW = Math.max(...box.lines.map((l) => measure(ctx, l, box.fontPx!, box.weight!)));
      const total = isz + 8 * s + lineW;
      const ix = v.textAlign === 'center' ? cx + (cw - total) / 2 : cx;
      drawIcon(ctx, v.icon, ix, cy + (ch - isz) / 2, isz, v.color ?? t.onSurfaceVariant);
      tx = ix + isz + 8 * s;
      tw = lineW;
    }
    drawLines(ctx, box.lines, box.fontPx!, box.linePx!, box.weight!, v.color ?? t.onSurface, tx, cy, tw, ch, v.icon ? 'left' : v.textAlign ?? 'left');
  } else if (v.icon) {
    const isz = (v.iconSize ?? 24) * s;
    drawIcon(ctx, v.icon, cx + (cw - isz) / 2, cy + (ch - isz) / 2, isz, v.color ?? t.onSurfaceVariant);
  }

  if (box.children.length > 0) {
    if (box.scroll) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(box.x, box.y, box.w, box.h);
      ctx.clip();
      const snap = env.scrollSnap?.(box);
      if (snap) {
        const m = ctx.getTransform();
        ctx.setTransform(m.a, m.b, m.c, m.d, m.e, m.f + snap);
      }
    }
    for (const c of box.children) drawBox(ctx, c, env);
    if (box.scroll) ctx.restore();
  }
}

const widthCache = new Map<string, number>();

export function measure(ctx: SKRSContext2D, text: string, px: number, weight: number): number {
  const key = `${weight}|${px}|${text}`;
  let w = widthCache.get(key);
  if (w === undefined) {
    ctx.font = font(px, weight);
    w = ctx.measureText(text).width;
    if (widthCache.size > 50_000) widthCache.clear();
    widthCache.set(key, w);
  }
  return w;
}

function drawLines(ctx: SKRSContext2D, lines: string[], px: number, linePx: number, weight: number, color: string,
  x: number, y: number, w: number, h: number, align: 'left' | 'center' | 'right'): void {
  ctx.font = font(px, weight);
  ctx.fillStyle = color;
  ctx.textBaseline = 'middle';
  ctx.textAlign = align;
  const top = y + Math.max(0, (h - lines.length * linePx) / 2);
  const ax = align === 'center' ? x + w / 2 : align === 'right' ? x + w : x;
  lines.forEach((line, i) => ctx.fillText(line, ax, Math.round(top + i * linePx + linePx / 2)));
  ctx.textAlign = 'left';
}

function drawField(ctx: SKRSContext2D, box: Box, env: DrawEnv, cx: number, cy: number, cw: number, ch: number): void {
  const v = box.view;
  const spec = v.field!;
  const s = env.scale;
  const t = env.theme;
  const st = env.field(spec.key);
  const style = spec.style ?? 'outlined';
  if (style === 'outlined') {
    ctx.strokeStyle = st.focused ? t.primary : t.outline;
    ctx.lineWidth = (st.focused ? 2 : 1) * s;
    ctx.beginPath();
    ctx.roundRect(box.x + ctx.lineWidth / 2, box.y + ctx.lineWidth / 2, box.w - ctx.lineWidth, box.h - ctx.lineWidth, 4 * s);
    ctx.stroke();
  } else if (style === 'filled') {
    ctx.fillStyle = t.surfaceContainerHighest;
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.w, box.h, [4 * s, 4 * s, 0, 0]);
    ctx.fill();
    ctx.fillStyle = st.focused ? t.primary : t.onSurfaceVariant;
    const lh = (st.focused ? 2 : 1) * s;
    ctx.fillRect(box.x, box.y + box.h - lh, box.w, lh);
  }
  const lines = box.lines ?? [''];
  const empty = st.value === '';
  const color = empty ? t.onSurfaceVariant : v.color ?? t.onSurface;
  const px = box.fontPx!;
  const linePx = box.linePx!;
  const multiline = !!spec.multiline;
  const top = multiline ? cy : cy + (ch - linePx) / 2;
  ctx.save();
  ctx.beginPath();
  ctx.rect(cx, box.y, cw, box.h);
  ctx.clip();
  // The value as drawn (password dots) and its geometry; single-line fields scroll sideways so
  // the cursor stays visible.
  const shown = empty ? '' : spec.password ? '•'.repeat([...st.value].length) : st.value;
  const cursor = spec.password ? shown.length : Math.min(st.cursor, shown.length);
  const geo = fieldGeometry(box, ctx, s, shown, cx, cy, cw, ch);
  const shift = empty ? 0 : horizontalShift(geo, cursor);
  if (st.allSelected && !empty) {
    ctx.fillStyle = t.dark ? 'rgba(208,188,255,0.35)' : 'rgba(103,80,164,0.25)';
    lines.forEach((l, i) => ctx.fillRect(cx - shift, top + i * linePx, measure(ctx, l, px, box.weight!), linePx));
  }
  drawLines(ctx, lines, px, linePx, box.weight!, color, cx - shift, top, cw + shift, lines.length * linePx, 'left');
  if (st.focused && !st.allSelected) {
    const at = empty ? { x: cx, y: top } : cursorPoint(geo, cursor);
    ctx.fillStyle = t.primary;
    ctx.fillRect(Math.round(at.x), Math.round(at.y + linePx * 0.15), Math.max(2, Math.round(2 * s * 0.75)), Math.round(linePx * 0.7));
  }
  ctx.restore();
}

function drawControl(ctx: SKRSContext2D, box: Box, env: DrawEnv, cx: number, cy: number, cw: number, ch: number): void {
  const v = box.view;
  const s = env.scale;
  const t = env.theme;
  const on = !!v.checked;
  if (v.control === 'switch') {
    const w = 52 * s;
    const h = 32 * s;
    const x = cx + cw - w;
    const y = cy + (ch - h) / 2;
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, h / 2);
    ctx.fillStyle = on ? t.primary : t.surfaceContainerHighest;
    ctx.fill();
    if (!on) {
      ctx.strokeStyle = t.outline;
      ctx.lineWidth = 2 * s;
      ctx.beginPath();
      ctx.roundRect(x + s, y + s, w - 2 * s, h - 2 * s, h / 2 - s);
      ctx.stroke();
    }
    const r = (on ? 12 : 8) * s;
    const kx = on ? x + w - h / 2 : x + h / 2;
    ctx.beginPath();
    ctx.arc(kx, y + h / 2, r, 0, Math.PI * 2);
    ctx.fillStyle = on ? t.onPrimary : t.outline;
    ctx.fill();
    if (on) drawIcon(ctx, 'check', kx - 8 * s, y + h / 2 - 8 * s, 16 * s, t.primary);
    return;
  }
  const size = 18 * s;
  const x = cx + (cw - size) / 2;
  const y = cy + (ch - size) / 2;
  if (v.control === 'checkbox') {
    ctx.beginPath();
    ctx.roundRect(x, y, size, size, 2 * s);
    if (on) {
      ctx.fillStyle = t.primary;
      ctx.fill();
      drawIcon(ctx, 'check', x + 1 * s, y + 1 * s, 16 * s, t.onPrimary);
    } else {
      ctx.strokeStyle = t.onSurfaceVariant;
      ctx.lineWidth = 2 * s;
      ctx.beginPath();
      ctx.roundRect(x + s, y + s, size - 2 * s, size - 2 * s, 2 * s);
      ctx.stroke();
    }
    return;
  }
  // radio
  ctx.strokeStyle = on ? t.primary : t.onSurfaceVariant;
  ctx.lineWidth = 2 * s;
  ctx.beginPath();
  ctx.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2);
  ctx.stroke();
  if (on) {
    ctx.fillStyle = t.primary;
    ctx.beginPath();
    ctx.arc(x + size / 2, y + size / 2, size / 4, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawSlider(ctx: SKRSContext2D, fraction: number, env: DrawEnv, cx: number, cy: number, cw: number, ch: number): void {
  const s = env.scale;
  const t = env.theme;
  const f = Math.min(1, Math.max(0, fraction));
  const h = 16 * s;
  const y = cy + (ch - h) / 2;
  const hx = cx + f * cw;
  ctx.fillStyle = t.primary;
  ctx.beginPath();
  ctx.roundRect(cx, y, Math.max(h, hx - cx - 6 * s), h, h / 2);
  ctx.fill();
  ctx.fillStyle = t.secondaryContainer;
  ctx.beginPath();
  ctx.roundRect(Math.min(cx + cw - h, hx + 6 * s), y, Math.max(h, cx + cw - hx - 6 * s), h, h / 2);
  ctx.fill();
  ctx.fillStyle = t.primary;
  ctx.beginPath();
  ctx.roundRect(hx - 2 * s, cy + (ch - 44 * s) / 2, 4 * s, 44 * s, 2 * s);
  ctx.fill();
}
