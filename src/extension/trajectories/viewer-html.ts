// The trajectory viewer's HTML: static markup, one script and one stylesheet from dist/webview,
// and a strict Content-Security-Policy with a fresh nonce per render. Images come only from
// the webview resource origin, i.e. the episode folder the editor was given as a resource root.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function viewerRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

/** Scripts on; resources from the bundle folder and from this one episode folder, nothing else. */
export function viewerWebviewOptions(extensionUri: vscode.Uri, episodeFolder: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [viewerRoot(extensionUri), episodeFolder] };
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
  const nonce = randomBytes(18).toString('base64');
  const root = viewerRoot(extensionUri);
  const script = webview.asWebviewUri(vscode.Uri.joinPath(root, 'trajectory-viewer.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(root, 'trajectory-viewer.css'));
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource}`,
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>Trajectory</title>
</head>
<body>
${BODY}
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
