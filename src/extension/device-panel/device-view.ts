// The device panel as a view in the PhoneBuddy activity-bar container: the same front end
// and the same session as the editor tab, hosted in a WebviewView.
import * as vscode from 'vscode';
import { panelWebviewOptions, renderPanelHtml } from './html';
import { followDevices } from '../../panel/follow-devices';
import type { PanelHub } from '../../panel/panel-hub';
import type { PanelSession } from '../../panel/panel-session';

export const DEVICE_VIEW_ID = 'phonebuddy.deviceView';

export class DeviceViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private session: PanelSession | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly hub: PanelHub, private readonly extensionUri: vscode.Uri) {}

  get current(): PanelSession | undefined {
    return this.session;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    view.webview.options = panelWebviewOptions(this.extensionUri);
    view.webview.html = renderPanelHtml(view.webview, this.extensionUri);
    const first = this.hub.registry.list().find((e) => e.online)?.id;
    const session = this.hub.createSession({
      post: (m) => view.webview.postMessage(m),
      onMessage: (l) => {
        const d = view.webview.onDidReceiveMessage(l);
        return () => d.dispose();
      },
    }, first);
    this.session = session;
    session.setVisible(view.visible);
    const unfollow = followDevices(session, this.hub.registry);
    this.disposables.push(
      new vscode.Disposable(unfollow),
      view.onDidChangeVisibility(() => session.setVisible(view.visible)),
      view.onDidDispose(() => {
        unfollow();
        this.hub.closeSession(session);
        if (this.session === session) this.session = undefined;
      }),
    );
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
