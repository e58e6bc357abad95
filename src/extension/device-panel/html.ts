// The panel's HTML: static markup, one script and one stylesheet from dist/webview, and a
// strict Content-Security-Policy with a fresh nonce per render. No inline styles or event
// handlers: the webview sets styles through the CSSOM, which the CSP allows.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { PANEL_BODY } from '../../panel/markup';

export function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

/** Options every device panel webview gets: scripts on, resources only from the bundle folder. */
export function panelWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [webviewRoot(extensionUri)] };
}

export function renderPanelHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(18).toString('base64');
  const root = webviewRoot(extensionUri);
  const script = webview.asWebviewUri(vscode.Uri.joinPath(root, 'device-panel.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(root, 'device-panel.css'));
  // The toolkit's components style themselves with constructable stylesheets, which
  // style-src does not govern; its one <style> element (a :focus-visible probe) carries the
  // nonce it reads from <meta property="csp-nonce">. So no 'unsafe-inline' is needed.
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data: blob:`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>Device Panel</title>
</head>
<body>
${PANEL_BODY}
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
