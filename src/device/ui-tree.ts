// A small reader for `uiautomator dump` XML: nodes with their attributes and parsed bounds,
// and UIAutomator-style selectors over them. Used by ui verifiers, by the solution policy to
// resolve `target:` selectors, and by the device panel's inspector.
import { XMLParser } from 'fast-xml-parser';

/** A UI selector, as written in task files and copied from the device panel's inspector. */
export interface Selector {
  text?: string;
  textContains?: string;
  resourceId?: string;
  contentDesc?: string;
  className?: string;
  /** Which match to take when several match (0-based, in document order). */
  instance?: number;
}

export interface Bounds {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface UiNode {
  /** Raw attributes as in the XML (text, resource-id, class, content-desc, checked, …). */
  attributes: Record<string, string>;
  text: string;
  resourceId: string;
  contentDesc: string;
  className: string;
  packageName: string;
  checkable: boolean;
  checked: boolean;
  selected: boolean;
  clickable: boolean;
  enabled: boolean;
  focused: boolean;
  bounds: Bounds;
  children: UiNode[];
  /** Position in document order (0 = root node). */
  order: number;
}

export interface UiTree {
  rotation: number;
  roots: UiNode[];
  /** Every node in document order. */
  nodes: UiNode[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
});

/** "[x1,y1][x2,y2]" → bounds; malformed bounds give an empty box at 0,0. */
export function parseBounds(text: string | undefined): Bounds {
  const m = /^\s*\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]\s*$/.exec(text ?? '');
  if (!m) return { x1: 0, y1: 0, x2: 0, y2: 0 };
  return { x1: Number(m[1]), y1: Number(m[2]), x2: Number(m[3]), y2: Number(m[4]) };
}

export function centerOf(b: Bounds): { x: number; y: number } {
  return { x: Math.round((b.x1 + b.x2) / 2), y: Math.round((b.y1 + b.y2) / 2) };
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

// The agent loop parses each observed dump several times (the policy resolves its target,
// the recorder finds the tapped node, verifiers read the final screen): the last few parses
// are kept, keyed by the exact XML. Trees are treated as read-only by every caller.
const RECENT_TREES = new Map<string, UiTree>();
const RECENT_LIMIT = 4;

export function parseUiTree(xml: string): UiTree {
  const hit = typeof xml === 'string' ? RECENT_TREES.get(xml) : undefined;
  if (hit) return hit;
  const tree = parseUiTreeUncached(xml);
  if (RECENT_TREES.size >= RECENT_LIMIT) RECENT_TREES.delete(RECENT_TREES.keys().next().value!);
  RECENT_TREES.set(xml, tree);
  return tree;
}

function parseUiTreeUncached(xml: string): UiTree {
  if (typeof xml !== 'string' || !xml.trim()) throw new Error('UI tree: empty XML');
  let doc: Ordered[];
  try {
    doc = parser.parse(xml) as Ordered[];
  } catch (e) {
    throw new Error(`UI tree: malformed XML: ${e instanceof Error ? e.message : String(e)}`);
  }
  const tree: UiTree = { rotation: 0, roots: [], nodes: [] };
  const hierarchy = doc.find((el) => 'hierarchy' in el);
  if (!hierarchy) throw new Error('UI tree: no <hierarchy> element (expected uiautomator dump XML)');
  tree.rotation = Number(hierarchy[':@']?.rotation ?? 0) || 0;
  const walk = (items: Ordered[]): UiNode[] => {
    const out: UiNode[] = [];
    for (const el of items) {
      if (!('node' in el)) continue;
      const a = el[':@'] ?? {};
      const node: UiNode = {
        attributes: { ...a },
        text: a.text ?? '',
        resourceId: a['resource-id'] ?? '',
        contentDesc: a['content-desc'] ?? '',
        className: a.class ?? '',
        packageName: a.package ?? '',
        checkable: a.checkable === 'true',
        checked: a.checked === 'true',
        selected: a.selected === 'true',
        clickable: a.clickable === 'true',
        enabled: a.enabled !== 'false',
        focused: a.focused === 'true',
        bounds: parseBounds(a.bounds),
        children: [],
        order: tree.nodes.length,
      };
      tree.nodes.push(node);
      node.children = walk((el.node as Ordered[]) ?? []);
      out.push(node);
    }
    return out;
  };
  tree.roots = walk((hierarchy.hierarchy as Ordered[]) ?? []);
  return tree;
}

export function matchesSelector(node: UiNode, s: Selector): boolean {
  if (s.text !== undefined && node.text !== s.text) return false;
  if (s.textContains !== undefined && !node.text.includes(s.textContains)) return false;
  if (s.resourceId !== undefined && node.resourceId !== s.resourceId && !node.resourceId.endsWith(`:id/${s.resourceId}`)) return false;
  if (s.contentDesc !== undefined && node.contentDesc !== s.contentDesc) return false;
  if (s.className !== undefined && node.className !== s.className && !node.className.endsWith(`.${s.className}`)) return false;
  return true;
}

export function isEmptySelector(s: Selector): boolean {
  return s.text === undefined && s.textContains === undefined && s.resourceId === undefined && s.contentDesc === undefined && s.className === undefined;
}

/** Nodes matching the selector in document order; with `instance`, at most that one. */
export function findNodes(xmlOrTree: string | UiTree, selector: Selector): UiNode[] {
  const tree = typeof xmlOrTree === 'string' ? parseUiTree(xmlOrTree) : xmlOrTree;
  if (isEmptySelector(selector)) return [];
  const all = tree.nodes.filter((n) => matchesSelector(n, selector));
  if (selector.instance === undefined) return all;
  const one = all[selector.instance];
  return one ? [one] : [];
}

/** The selector as it is written in task files (kebab-case keys). */
export function describeSelector(s: Selector): string {
  const parts: string[] = [];
  if (s.text !== undefined) parts.push(`text=${JSON.stringify(s.text)}`);
  if (s.textContains !== undefined) parts.push(`text-contains=${JSON.stringify(s.textContains)}`);
  if (s.resourceId !== undefined) parts.push(`resource-id=${JSON.stringify(s.resourceId)}`);
  if (s.contentDesc !== undefined) parts.push(`content-desc=${JSON.stringify(s.contentDesc)}`);
  if (s.className !== undefined) parts.push(`class=${JSON.stringify(s.className)}`);
  if (s.instance !== undefined) parts.push(`instance=${s.instance}`);
  return parts.join(' ');
}

/** The deepest node whose bounds contain the point (what a tap lands on). */
export function nodeAt(tree: UiTree, x: number, y: number): UiNode | undefined {
  let hit: UiNode | undefined;
  for (const n of tree.nodes) {
    const b = n.bounds;
    if (x >= b.x1 && x < b.x2 && y >= b.y1 && y < b.y2) hit = n; // later = deeper or on top
  }
  return hit;
}
