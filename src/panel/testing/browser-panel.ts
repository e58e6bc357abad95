// The device panel's real webview bundle in Debian Chromium (Playwright), served by the browser
// bridge from a real PanelHub mirroring a real mock phone: the kit of the panel's browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { MockPhone } from '../../mockphone';
import { serveDevicePanel, type BrowserBridge } from '../browser-bridge';
import { DeviceRegistry } from '../devices/registry';
import { PanelHub } from '../panel-hub';

export const CHROMIUM = process.env.PHONEBUDDY_CHROMIUM ?? '/usr/bin/chromium';
const root = path.resolve(__dirname, '..', '..', '..');

export interface PanelProbe {
  stats: { frames: number };
  drawnRect(): { left: number; top: number; width: number; height: number };
  device(): { width: number; height: number } | undefined;
}

export const probe = <T>(page: Page, f: (p: PanelProbe) => T): Promise<T> =>
  page.evaluate(`(${f.toString()})(globalThis.__devicePanel)`) as Promise<T>;

/** Page position of a device pixel's centre, from the panel's own drawn rect. */
export async function pagePoint(page: Page, px: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const { r, d } = await probe(page, (p) => ({ r: p.drawnRect(), d: p.device()! }));
  return { x: r.left + ((px.x + 0.5) * r.width) / d.width, y: r.top + ((px.y + 0.5) * r.height) / d.height };
}

export interface BrowserPanel {
  phone: MockPhone;
  registry: DeviceRegistry;
  hub: PanelHub;
  page: Page;
  /** Errors of the webview's console and uncaught exceptions. */
  errors: string[];
  close(): Promise<void>;
}

/** A mock phone in a registry and hub, its panel open in Chromium with its first frame drawn. */
export async function openBrowserPanel(): Promise<BrowserPanel> {
  const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-panel-bundle-'));
  await esbuild.build({
    entryPoints: [path.join(root, 'webview', 'device-panel', 'main.ts')], outfile: path.join(bundleDir, 'device-panel.js'),
    bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'error',
  });
  const { createMockPhone } = await import('../../mockphone');
  const phone: MockPhone = await createMockPhone({ seed: 0 });
  const registry = new DeviceRegistry();
  registry.add(phone, 'Mock phone 1');
  const hub = new PanelHub(registry, { log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  let bridge: BrowserBridge | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await bridge?.close();
    hub.dispose();
    await phone.close();
  };
  try {
    bridge = await serveDevicePanel({ registry, hub, deviceId: phone.id, bundleDir });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    const page = await browser.newPage({ viewport: { width: 480, height: 900 } });
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(bridge.url);
    await page.waitForFunction(() => ((globalThis as unknown as { __devicePanel?: PanelProbe }).__devicePanel?.stats.frames ?? 0) > 0, null, { timeout: 60_000 });
    return { phone, registry, hub, page, errors, close };
  } catch (e) {
    await close();
    throw e;
  }
}
