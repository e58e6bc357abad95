// Helpers for tests that drive the mock phone like an agent would: read the uiautomator XML,
// find nodes, tap their centres.
import type { Device } from '../device/device';

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

function unescape(s: string): string {
  return s.replace(/&#10;/g, '\n').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Every <node> of a uiautomator dump, in document order. */
export function parseUiTree(xml: string): UiNode[] {
  const out: UiNode[] = [];
  for (const m of xml.matchAll(/<node ([^>]*?)\/?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(/([\w-]+)="([^"]*)"/g)) attrs[a[1]] = unescape(a[2]);
    const b = /\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]/.exec(attrs.bounds ?? '');
    out.push({
      text: attrs.text ?? '', resourceId: attrs['resource-id'] ?? '', className: attrs.class ?? '', pkg: attrs.package ?? '',
      desc: attrs['content-desc'] ?? '', checked: attrs.checked === 'true', clickable: attrs.clickable === 'true',
      focused: attrs.focused === 'true', scrollable: attrs.scrollable === 'true', selected: attrs.selected === 'true',
      enabled: attrs.enabled === 'true', bounds: b ? [Number(b[1]), Number(b[2]), Number(b[3]), Number(b[4])] : [0, 0, 0, 0],
    });
  }
  return out;
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
