// The inspector's host half: flattens the UI tree into what the webview needs for hover
// (bounds + attributes), and turns a node into the shortest selector that finds exactly it,
// written the way task files write selectors (`{ resource-id: … }`, `{ text: … }`).
import { stringify } from 'yaml';
import type { Selector } from '../device/ui-tree';
import { findNodes, nodeAt, type UiNode, type UiTree } from '../device/ui-tree';
import type { PanelUiNode } from '../webview-protocol/device-panel';

const SHOWN_ATTRS = ['text', 'resource-id', 'content-desc', 'class', 'package', 'clickable', 'enabled', 'checked',
  'selected', 'focused', 'scrollable', 'bounds'];
const MAX_NODES = 5000;

export function panelNodes(tree: UiTree): PanelUiNode[] {
  const depth = new Map<UiNode, number>();
  const visit = (nodes: UiNode[], d: number) => nodes.forEach((n) => { depth.set(n, d); visit(n.children, d + 1); });
  visit(tree.roots, 0);
  return tree.nodes.slice(0, MAX_NODES).map((n) => {
    const attrs: Record<string, string> = {};
    for (const k of SHOWN_ATTRS) {
      const v = n.attributes[k];
      if (v !== undefined && v !== '') attrs[k] = v.slice(0, 2000);
    }
    return { bounds: [n.bounds.x1, n.bounds.y1, n.bounds.x2, n.bounds.y2], depth: depth.get(n) ?? 0, attrs };
  });
}

/** The node a click at (x, y) inspects: the deepest one under the point. */
export function inspectAt(tree: UiTree, x: number, y: number): UiNode | undefined {
  return nodeAt(tree, x, y);
}

/**
 * A selector that resolves to `node` on this tree: the most stable attribute that is unique
 * (resource-id, then content-desc, then text), else a combination, else class + instance.
 */
export function selectorFor(tree: UiTree, node: UiNode): Selector {
  const candidates: Selector[] = [];
  if (node.resourceId) candidates.push({ resourceId: node.resourceId });
  if (node.contentDesc) candidates.push({ contentDesc: node.contentDesc });
  if (node.text) candidates.push({ text: node.text });
  if (node.resourceId && node.text) candidates.push({ resourceId: node.resourceId, text: node.text });
  for (const c of candidates) {
    const hits = findNodes(tree, c);
    if (hits.length === 1 && hits[0] === node) return c;
  }
  const base: Selector = candidates[0] ?? { className: node.className || 'android.view.View' };
  const instance = findNodes(tree, base).indexOf(node);
  return { ...base, instance: Math.max(0, instance) };
}

/** The selector in task-file YAML (flow style, kebab-case keys as task files write them). */
export function selectorYaml(s: Selector): string {
  const def: Record<string, string | number> = {};
  if (s.resourceId !== undefined) def['resource-id'] = s.resourceId;
  if (s.contentDesc !== undefined) def['content-desc'] = s.contentDesc;
  if (s.text !== undefined) def.text = s.text;
  if (s.textContains !== undefined) def['text-contains'] = s.textContains;
  if (s.className !== undefined) def.class = s.className;
  if (s.instance !== undefined) def.instance = s.instance;
  return stringify(def, { collectionStyle: 'flow', lineWidth: 0 }).trim();
}
