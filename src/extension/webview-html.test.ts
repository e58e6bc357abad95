// The webview page's policy: the strict base, and exactly what each option adds (the device
// panel's and the trajectory viewer's pages are these two calls).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { webviewCsp, webviewHtml, type WebviewPage } from './webview-html';

const base: WebviewPage = { cspSource: 'https://res.test', scriptUri: 'https://res.test/v.js', styleUri: 'https://res.test/v.css', title: 'T', body: '<div id="app"></div>' };

test('the base policy allows only the resource origin for images and styles, and scripts by nonce', () => {
  assert.equal(webviewCsp(base, 'NONCE'), "default-src 'none'; img-src https://res.test; style-src https://res.test; script-src 'nonce-NONCE'");
});

test('the device panel options add frame image schemes, the nonce-tagged <style> and fonts, nothing else', () => {
  const page = { ...base, imageSchemes: ['data:', 'blob:'], styleNonce: true, fonts: true };
  assert.equal(
    webviewCsp(page, 'NONCE'),
    "default-src 'none'; img-src https://res.test data: blob:; style-src https://res.test 'nonce-NONCE'; font-src https://res.test; script-src 'nonce-NONCE'",
  );
  assert.match(webviewHtml(page, 'NONCE'), /<meta property="csp-nonce" content="NONCE">/);
});

test('the page carries the policy, the bundle, the body and a fresh nonce per render', () => {
  const html = webviewHtml(base);
  const nonce = /script-src 'nonce-([^']+)'/.exec(html)?.[1];
  assert.ok(nonce && Buffer.from(nonce, 'base64').length === 18, 'an 18-byte base64 nonce');
  assert.ok(html.includes(`<script nonce="${nonce}" src="https://res.test/v.js"></script>`));
  assert.ok(html.includes('<link rel="stylesheet" href="https://res.test/v.css">'));
  assert.ok(html.includes('<body>\n<div id="app"></div>\n'));
  assert.ok(!html.includes('csp-nonce'), 'no nonce meta unless the page asks for the nonce-tagged <style>');
  assert.ok(!/unsafe-(inline|eval)/.test(html));
  assert.notEqual(/nonce-([^']+)/.exec(webviewHtml(base))?.[1], nonce);
});
