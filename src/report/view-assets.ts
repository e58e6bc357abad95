// The files a report folder needs beside its data: the report's own script and stylesheet
// (webview/run-report, bundled by esbuild.mjs into dist/webview/run-report.{js,css}) and
// Chart.js's UMD build (copied into dist/webview by esbuild.mjs). From the bundled CLI and
// extension they sit beside this code; from TypeScript sources (tests, `npx tsx`) the view is
// compiled on demand with esbuild — the same development path as run-worker-dev.mjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

export interface ViewAssets {
  script: string;
  style: string;
  chart: string;
}

export const CHART_FILE = 'chart.umd.min.js';

/** The bundled view in `dir` (dist/webview), or undefined when it is not there. */
function bundled(dir: string): ViewAssets | undefined {
  const a = { script: path.join(dir, 'run-report.js'), style: path.join(dir, 'run-report.css'), chart: path.join(dir, CHART_FILE) };
  return Object.values(a).every((f) => fs.existsSync(f)) ? a : undefined;
}

let compiled: Promise<ViewAssets> | undefined;

async function compileFromSources(root: string): Promise<ViewAssets> {
  // createRequire keeps esbuild (a dev dependency with a native binary) out of the bundles.
  const esbuild = createRequire(__filename)('esbuild') as typeof import('esbuild');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-report-view-'));
  await esbuild.build({
    entryPoints: [path.join(root, 'webview', 'run-report', 'main.ts')], outfile: path.join(dir, 'run-report.js'),
    bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'error', legalComments: 'none',
  });
  return { script: path.join(dir, 'run-report.js'), style: path.join(dir, 'run-report.css'), chart: path.join(root, 'node_modules', 'chart.js', 'dist', CHART_FILE) };
}

export async function viewAssets(): Promise<ViewAssets> {
  if (__filename.endsWith('.ts')) {
    compiled ??= compileFromSources(path.resolve(__dirname, '..', '..'));
    return compiled;
  }
  const found = bundled(path.join(__dirname, 'webview'));
  if (!found) throw new Error(`the run report's view is missing from ${path.join(__dirname, 'webview')} (run-report.js, run-report.css, ${CHART_FILE}): rebuild with \`npm run build\``);
  return found;
}
