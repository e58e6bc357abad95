// The HTML page every studio webview gets: its static markup, one script and one stylesheet
// from its bundle, and a strict Content-Security-Policy with a fresh nonce per render. The
// policy starts from `default-src 'none'` and lets scripts run only by nonce; each webview
// opts into the little more it needs (image schemes, the nonce-tagged <style>, fonts), so no
// webview is looser than it asks to be. Pure strings in, string out: no vscode import, so the
// policies are pinned by a unit test (webview-html.test.ts).
import { randomBytes } from 'node:crypto';

export interface WebviewPage {
  /** The webview's own resource origin (`webview.cspSource`). */
  cspSource: string;
  /** The bundle's script and stylesheet, as webview URIs. */
  scriptUri: string;
  styleUri: string;
  title: string;
  /** Static markup for <body>, before the script. */
  body: string;
  /** Image sources beyond the resource origin, e.g. `data:` and `blob:` for frames. */
  imageSchemes?: readonly string[];
  /**
   * Allow the one <style> element that carries the nonce, which the page reads from
   * `<meta property="csp-nonce">` (the UI toolkit's :focus-visible probe). Its components
   * style themselves with constructable stylesheets, which style-src does not govern, so no
   * 'unsafe-inline' is ever needed.
   */
  styleNonce?: boolean;
  /** Fonts from the resource origin (the codicon font). */
  fonts?: boolean;
}

export function webviewCsp(page: WebviewPage, nonce: string): string {
  const source = page.cspSource;
  return [
    "default-src 'none'",
    ['img-src', source, ...(page.imageSchemes ?? [])].join(' '),
    page.styleNonce ? `style-src ${source} 'nonce-${nonce}'` : `style-src ${source}`,
    ...(page.fonts ? [`font-src ${source}`] : []),
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

export function webviewHtml(page: WebviewPage, nonce = randomBytes(18).toString('base64')): string {
  const nonceMeta = page.styleNonce ? `\n<meta property="csp-nonce" content="${nonce}">` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${webviewCsp(page, nonce)}">${nonceMeta}
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${page.styleUri}">
<title>${page.title}</title>
</head>
<body>
${page.body}
<script nonce="${nonce}" src="${page.scriptUri}"></script>
</body>
</html>`;
}
