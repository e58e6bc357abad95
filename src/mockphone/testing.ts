// Helpers for tests that drive the mock phone like an agent would: read the uiautomator XML,
// find nodes, tap their centres.
import type { Device } from '../device/device';
import { parseUiTree as parseDeviceTree } from '../device/ui-tree';

export interface UiNode {
  text: string;
  resourceId: string;
  className: string;
  pkg: string;
  desc: string;
  checked: boolean;
  clickable: boolean;
  focused: boolean;
  scrollable: boolean;
  selected: boolean;
  enabled: boolean;
  bounds: [number, number, number, number];
}

/**
 * Every <node> of a uiautomator dump, in document order, in the flat shape these tests use.
 * Parsed by the device layer's reader (src/device/ui-tree.ts), the one uiautomator parser.
 */
export function parseUiTree(xml: string): UiNode[] {
  return parseDeviceTree(xml).nodes.map(({ attributes: a, bounds: b }) => ({
    text: a.text ?? '', resourceId: a['resource-id'] ?? '', className: a.class ?? '', pkg: a.package ?? '',
    desc: a['content-desc'] ?? '', checked: a.checked === 'true', clickable: a.clickable === 'true',
    focused: a.focused === 'true', scrollable: a.scrollable === 'true', selected: a.selected === 'true',
    enabled: a.enabled === 'true', bounds: [b.x1, b.y1, b.x2, b.y2],
  }));
}

export type NodeQuery = { id?: string; text?: string | RegExp; desc?: string; cls?: string };

export function matches(n: UiNode, q: NodeQuery): boolean {
  if (q.id !== undefined && !(n.resourceId === q.id || n.resourceId.endsWith(`:id/${q.id}`))) return false;
  if (q.text !== undefined && !(typeof q.text === 'string' ? n.text === q.text : q.text.test(n.text))) return false;
  if (q.desc !== undefined && n.desc !== q.desc) return false;
  if (q.cls !== undefined && n.className !== q.cls) return false;
  return true;
}

export async function findAll(device: Device, q: NodeQuery): Promise<UiNode[]> {
  return parseUiTree(await device.uiTree()).filter((n) => matches(n, q));
}

export async function find(device: Device, q: NodeQuery): Promise<UiNode> {
  const all = await findAll(device, q);
  if (all.length === 0) throw new Error(`no UI node matches ${JSON.stringify(q, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))}`);
  return all[0];
}

export function center(n: UiNode): { x: number; y: number } {
  return { x: Math.round((n.bounds[0] + n.bounds[2]) / 2), y: Math.round((n.bounds[1] + n.bounds[3]) / 2) };
}

export async function tapNode(device: Device, q: NodeQuery): Promise<UiNode> {
  const n = await find(device, q);
  await device.tap(center(n));
  return n;
}
