// The trajectory viewer's page: its static markup, the trajectory-viewer bundle, and the
// strict base CSP (../webview-html.ts) with nothing added. Images come only from the webview
// resource origin, i.e. the episode folder the editor was given as a resource root.
import * as vscode from 'vscode';
import { bundleSources, webviewRoot } from '../webview-bundle';
import { webviewHtml } from '../webview-html';

/** Scripts on; resources from the bundle folder and from this one episode folder, nothing else. */
export function viewerWebviewOptions(extensionUri: vscode.Uri, episodeFolder: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [webviewRoot(extensionUri), episodeFolder] };
}

const BODY = `<div id="app">
  <div id="header" aria-label="Episode"></div>
  <div id="message" role="status" hidden></div>
  <div id="body">
    <div id="timeline" role="listbox" tabindex="0" aria-label="Steps (↑/↓ to step)"></div>
    <div id="main">
      <div id="screen" aria-label="Screenshot with the step's action"></div>
      <div id="detail" aria-label="Step detail"></div>
    </div>
  </div>
</div>`;

export function renderViewerHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  return webviewHtml({ ...bundleSources(webview, extensionUri, 'trajectory-viewer'), title: 'Trajectory', body: BODY });
}
