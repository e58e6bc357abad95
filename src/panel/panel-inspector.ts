// The Inspect mode's side of a panel: the device's UI tree, loaded once per screen (a frame or
// an input makes it stale), posted as the panel's node outlines, and the selector of the node
// under a click, copied to the clipboard.
import type { Device } from '../device/device';
import { parseUiTree, type UiTree } from '../device/ui-tree';
import { toPanel, type HostMessage } from '../webview-protocol/device-panel';
import { inspectAt, panelNodes, selectorFor, selectorYaml } from './inspector';

export interface InspectorHost {
  device(): Device | undefined;
  screen(): { width: number; height: number } | undefined;
  post(message: HostMessage): void;
  copyText(text: string): Promise<void>;
  log(level: 'warn', message: string): void;
}

export type CopyOutcome = { ok: true } | { ok: false; reason: string };

export class PanelInspector {
  private mode: 'control' | 'inspect' = 'control';
  private tree: UiTree | undefined;
  private loading: Promise<UiTree | undefined> | undefined;

  constructor(private readonly host: InspectorHost) {}

  get inspecting(): boolean {
    return this.mode === 'inspect';
  }

  setMode(mode: 'control' | 'inspect'): void {
    this.mode = mode;
    if (mode === 'inspect') void this.post(true);
  }

  /** The screen changed (a frame, an input, another device): the tree is stale. */
  invalidate(): void {
    this.tree = undefined;
  }

  /** A new frame: in Inspect mode the outlines follow it. */
  onFrame(resized: boolean): void {
    if (this.mode === 'inspect') {
      this.tree = undefined;
      void this.post();
    } else if (resized) {
      this.tree = undefined;
    }
  }

  /** Posts the node outlines (in Inspect mode); `force` reloads the tree first. */
  async post(force = false): Promise<void> {
    if (this.mode !== 'inspect') return;
    if (force) this.tree = undefined;
    try {
      const tree = this.tree ?? await this.load();
      const screen = this.host.screen();
      if (!tree || !screen) return;
      this.host.post(toPanel('uiTree', { width: screen.width, height: screen.height, nodes: panelNodes(tree) }));
    } catch (err) {
      this.host.log('warn', `device panel: UI tree unavailable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The selector of the node at (x, y), copied and posted back. */
  async copySelector(x: number, y: number): Promise<CopyOutcome> {
    const tree = this.tree ?? await this.load();
    if (!tree) return { ok: false, reason: 'no UI tree is available for this device' };
    const screen = this.host.screen();
    if (screen && (x < 0 || y < 0 || x >= screen.width || y >= screen.height)) {
      return { ok: false, reason: `inspect point (${x}, ${y}) is outside the ${screen.width}×${screen.height} screen` };
    }
    const node = inspectAt(tree, x, y);
    if (!node) return { ok: false, reason: `no UI element at (${x}, ${y})` };
    const selector = selectorYaml(selectorFor(tree, node));
    await this.host.copyText(selector);
    this.host.post(toPanel('selectorCopied', { selector, attrs: node.attributes }));
    return { ok: true };
  }

  private load(): Promise<UiTree | undefined> {
    const device = this.host.device();
    if (!device) return Promise.resolve(undefined);
    this.loading ??= device.uiTree().then((xml) => parseUiTree(xml)).then((t) => {
      this.tree = t;
      return t;
    }).finally(() => { this.loading = undefined; });
    return this.loading;
  }
}
