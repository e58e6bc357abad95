// The device panel as an editor tab (`PhoneBuddy: Open Device Panel`). One class owns the
// WebviewPanel, its HTML and its disposables (like webview-sample's panel); the panel
// session behind it does the translating. Revived after a window reload by a serializer.
import * as vscode from 'vscode';
import { panelWebviewOptions, renderPanelHtml } from './html';
import type { PanelHub } from '../../panel/panel-hub';
import type { PanelSession } from '../../panel/panel-session';

export const DEVICE_PANEL_VIEW_TYPE = 'phonebuddy.devicePanel';

export class DevicePanel {
  private static readonly open = new Set<DevicePanel>();
  private readonly disposables: vscode.Disposable[] = [];
  readonly session: PanelSession;

  static createOrShow(hub: PanelHub, extensionUri: vscode.Uri, deviceId?: string, preserveFocus = false): DevicePanel {
    // Reuse a panel already on this device, else one with nothing live to show (no device, or
    // one that has left the registry, like a finished debug session's phone): each debug
    // session would otherwise leave a dead panel behind.
    const panels = [...DevicePanel.open];
    const idle = (p: DevicePanel): boolean => p.session.currentDeviceId === undefined || !hub.registry.get(p.session.currentDeviceId);
    const existing = deviceId === undefined ? panels[0] : panels.find((p) => p.session.currentDeviceId === deviceId) ?? panels.find(idle);
    if (existing) {
      existing.panel.reveal(undefined, preserveFocus);
      if (deviceId) existing.session.showDevice(deviceId);
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(DEVICE_PANEL_VIEW_TYPE, 'Device Panel', { viewColumn: vscode.ViewColumn.Beside, preserveFocus }, {
      ...panelWebviewOptions(extensionUri),
      // Frames are cheap to resend; hidden panels stop streaming instead of keeping state.
      retainContextWhenHidden: false,
    });
    return new DevicePanel(panel, hub, extensionUri, deviceId);
  }

  static revive(panel: vscode.WebviewPanel, hub: PanelHub, extensionUri: vscode.Uri, state: unknown): DevicePanel {
    const deviceId = typeof (state as { deviceId?: unknown } | undefined)?.deviceId === 'string' ? (state as { deviceId: string }).deviceId : undefined;
    return new DevicePanel(panel, hub, extensionUri, deviceId && hub.registry.get(deviceId) ? deviceId : undefined);
  }

  static all(): DevicePanel[] {
    return [...DevicePanel.open];
  }

  private constructor(readonly panel: vscode.WebviewPanel, private readonly hub: PanelHub, extensionUri: vscode.Uri, deviceId?: string) {
    DevicePanel.open.add(this);
    panel.webview.options = panelWebviewOptions(extensionUri);
    panel.webview.html = renderPanelHtml(panel.webview, extensionUri);
    this.session = hub.createSession({
      post: (m) => panel.webview.postMessage(m),
      onMessage: (l) => {
        const d = panel.webview.onDidReceiveMessage(l);
        return () => d.dispose();
      },
    }, deviceId);
    this.session.setVisible(panel.visible);
    this.updateTitle();
    this.disposables.push(
      panel.onDidChangeViewState(() => {
        this.session.setVisible(panel.visible);
        this.updateTitle();
      }),
      panel.onDidDispose(() => this.dispose()),
      new vscode.Disposable(hub.registry.onDidChange(() => this.updateTitle())),
      new vscode.Disposable(this.session.onDidChangeDevice(() => this.updateTitle())),
    );
  }

  private updateTitle(): void {
    const id = this.session.currentDeviceId;
    const entry = id ? this.hub.registry.get(id) : undefined;
    // The id too: it is what the status line, the picker and the debug console name.
    this.panel.title = entry ? (entry.label.includes(entry.id) ? `Device: ${entry.label}` : `Device: ${entry.label} (${entry.id})`) : 'Device Panel';
  }

  dispose(): void {
    DevicePanel.open.delete(this);
    this.hub.closeSession(this.session);
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** Restores device panels after a reload; the webview's saved state names its device. */
export class DevicePanelSerializer implements vscode.WebviewPanelSerializer {
  constructor(private readonly hub: PanelHub, private readonly extensionUri: vscode.Uri) {}

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    DevicePanel.revive(panel, this.hub, this.extensionUri, state);
  }
}
