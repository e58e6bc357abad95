// Where the webview bundles live (dist/webview, built by esbuild.mjs) and the webview URIs of
// one bundle's script and stylesheet, ready for webviewHtml.
import * as vscode from 'vscode';

export function webviewRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

/** `name` is the bundle's name in esbuild.mjs: `<name>.js` and `<name>.css` in dist/webview. */
export function bundleSources(webview: vscode.Webview, extensionUri: vscode.Uri, name: string): { cspSource: string; scriptUri: string; styleUri: string } {
  const root = webviewRoot(extensionUri);
  return {
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, `${name}.js`)).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, `${name}.css`)).toString(),
  };
}
