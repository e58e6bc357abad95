// The device panel's page: the panel markup (shared with the browser bridge), the
// device-panel bundle, and a CSP that adds frames as data:/blob: images, the UI toolkit's
// nonce-tagged <style> and the codicon font to the strict base (../webview-html.ts).
import * as vscode from 'vscode';
import { PANEL_BODY } from '../../panel/markup';
import { bundleSources, webviewRoot } from '../webview-bundle';
import { webviewHtml } from '../webview-html';

/** Options every device panel webview gets: scripts on, resources only from the bundle folder. */
export function panelWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [webviewRoot(extensionUri)] };
}

export function renderPanelHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  return webviewHtml({
    ...bundleSources(webview, extensionUri, 'device-panel'),
    title: 'Device Panel',
    body: PANEL_BODY,
    imageSchemes: ['data:', 'blob:'],
    styleNonce: true,
    fonts: true,
  });
}
