// Inspector mode in the webview: hit-tests the pointer against the UI tree the host sent
// (deepest node containing the point, as a tap would land), outlines it and lists its
// attributes. Clicking asks the host for the selector — the host resolves the node on its
// own tree, so a forged click cannot make it copy anything but a real node's selector.
import type { PanelUiNode } from '../../src/webview-protocol/device-panel';
import type { DevicePoint } from './geometry';
import type { OverlayLayer, OverlayMapper } from './overlay';

export function nodeAtPoint(nodes: readonly PanelUiNode[], p: DevicePoint): PanelUiNode | undefined {
  let hit: PanelUiNode | undefined;
  for (const n of nodes) {
    const [l, t, r, b] = n.bounds;
    if (p.x >= l && p.x < r && p.y >= t && p.y < b) hit = n; // later in document order = deeper / on top
  }
  return hit;
}

export class InspectorLayer implements OverlayLayer {
  readonly id = 'inspector';
  readonly order = 20;
  private nodes: PanelUiNode[] = [];
  private hovered: PanelUiNode | undefined;
  active = false;

  constructor(private readonly details: HTMLElement, private readonly invalidate: () => void) {}

  setNodes(nodes: PanelUiNode[]): void {
    this.nodes = nodes;
    this.hovered = undefined;
    this.render();
  }

  hover(p: DevicePoint | undefined): void {
    const n = p && this.active ? nodeAtPoint(this.nodes, p) : undefined;
    if (n === this.hovered) return;
    this.hovered = n;
    this.render();
  }

  get treeNodes(): readonly PanelUiNode[] {
    return this.nodes;
  }

  get hasTree(): boolean {
    return this.nodes.length > 0;
  }

  private render(): void {
    this.details.hidden = !this.active;
    const n = this.hovered;
    if (!n) {
      this.details.replaceChildren(text('div', this.active ? (this.hasTree ? 'Hover over the screen to inspect; click to copy a selector.' : 'Loading the UI tree…') : ''));
    } else {
      const rows = Object.entries(n.attrs).map(([k, v]) => {
        const row = document.createElement('div');
        row.className = 'attr';
        row.append(text('span', k, 'attr-key'), text('span', v, 'attr-value'));
        return row;
      });
      this.details.replaceChildren(...rows);
    }
    this.invalidate();
  }

  draw(ctx: CanvasRenderingContext2D, map: OverlayMapper): boolean {
    if (!this.active || !this.hovered) return false;
    const [l, t, r, b] = this.hovered.bounds;
    const p = map.toCanvas({ x: l, y: t });
    const q = map.toCanvas({ x: r, y: b });
    ctx.fillStyle = 'rgba(55, 148, 255, 0.18)';
    ctx.strokeStyle = '#3794ff';
    ctx.lineWidth = 2 * map.dpr;
    ctx.fillRect(p.x, p.y, q.x - p.x, q.y - p.y);
    ctx.strokeRect(p.x, p.y, q.x - p.x, q.y - p.y);
    return false;
  }
}

function text(tagName: string, content: string, className?: string): HTMLElement {
  const el = document.createElement(tagName);
  el.textContent = content;
  if (className) el.className = className;
  return el;
}
