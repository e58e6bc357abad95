// Just enough of a `uiautomator dump` reader for the loop: the nodes in document order with
// their attributes and bounds, the node under a point (recorded as a tap's target), and
// selector matching (the solution policy's `target`). Kept minimal and local so the loop has
// no dependency on the task language's richer tree helpers.
import type { Selector } from '../task/runnable';

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface UiNode {
  attrs: Record<string, string>;
  bounds?: Bounds;
  depth: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    return ENTITIES[e];
  });
}

export function parseBounds(s: string | undefined): Bounds | undefined {
  const m = s ? /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(s.trim()) : null;
  return m ? { left: +m[1], top: +m[2], right: +m[3], bottom: +m[4] } : undefined;
}

/** The `<node>` elements of a uiautomator dump, in document order. Malformed input yields []. */
export function parseUiNodes(xml: string): UiNode[] {
  const out: UiNode[] = [];
  const tagRe = /<(\/?)node\b((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  const attrRe = /([\w:.-]+)\s*=\s*"([^"]*)"/g;
  let depth = 0;
  for (let m = tagRe.exec(xml); m; m = tagRe.exec(xml)) {
    if (m[1] === '/') { depth = Math.max(0, depth - 1); continue; }
    const attrs: Record<string, string> = {};
    for (let a = attrRe.exec(m[2]); a; a = attrRe.exec(m[2])) attrs[a[1]] = decode(a[2]);
    out.push({ attrs, bounds: parseBounds(attrs.bounds), depth });
    if (m[3] !== '/') depth++;
  }
  return out;
}

function contains(b: Bounds, x: number, y: number): boolean {
  return x >= b.left && x < b.right && y >= b.top && y < b.bottom;
}

/** The smallest node whose bounds contain the point (the deepest on ties). */
export function nodeAt(nodes: readonly UiNode[], x: number, y: number): UiNode | undefined {
  let best: UiNode | undefined;
  let bestArea = Infinity;
  for (const n of nodes) {
    if (!n.bounds || !contains(n.bounds, x, y)) continue;
    const area = (n.bounds.right - n.bounds.left) * (n.bounds.bottom - n.bounds.top);
    if (area < bestArea || (area === bestArea && best && n.depth >= best.depth)) {
      best = n;
      bestArea = area;
    }
  }
  return best;
}

function idMatches(actual: string | undefined, wanted: string): boolean {
  if (!actual) return false;
  // "send" matches "com.app:id/send"; a full id must match exactly.
  return actual === wanted || (!wanted.includes(':id/') && actual.endsWith(`:id/${wanted}`));
}

export function matchesSelector(n: UiNode, s: Selector): boolean {
  const a = n.attrs;
  if (s.text !== undefined && a.text !== s.text) return false;
  if (s.textContains !== undefined && !(a.text ?? '').includes(s.textContains)) return false;
  if (s.resourceId !== undefined && !idMatches(a['resource-id'], s.resourceId)) return false;
  if (s.contentDesc !== undefined && a['content-desc'] !== s.contentDesc) return false;
  if (s.className !== undefined && a.class !== s.className && !(a.class ?? '').endsWith(`.${s.className}`)) return false;
  return true;
}

export function findBySelector(nodes: readonly UiNode[], s: Selector): UiNode | undefined {
  const hits = nodes.filter((n) => matchesSelector(n, s));
  return hits[s.instance ?? 0];
}

export function centre(b: Bounds): { x: number; y: number } {
  return { x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) };
}

export function describeSelector(s: Selector): string {
  return Object.entries(s).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ');
}
