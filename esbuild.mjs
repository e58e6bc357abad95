// Builds every bundle: the extension host entry, the CLI, and the browser bundles for the
// webviews. Adding a bundle (a worker, a standalone debug adapter) is one line in ENTRIES.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// Native (N-API) packages and vscode stay outside the bundles and load from node_modules.
const NODE_EXTERNALS = ['vscode', '@napi-rs/canvas', 'sharp', 'onnxruntime-node', '@huggingface/transformers', 'mocha'];

/** @type {{ name: string, entry: string, out: string, platform: 'node' | 'browser' }[]} */
const ENTRIES = [
  { name: 'extension', entry: 'src/extension/extension.ts', out: 'dist/extension.js', platform: 'node' },
  { name: 'cli', entry: 'src/cli/main.ts', out: 'dist/cli.js', platform: 'node' },
  { name: 'debug-adapter', entry: 'src/studio/debug-adapter.ts', out: 'dist/debug-adapter.js', platform: 'node' },
  { name: 'model-worker', entry: 'src/model/worker.ts', out: 'dist/model-worker.js', platform: 'node' },
  { name: 'run-worker', entry: 'src/studio/run-worker.ts', out: 'dist/run-worker.js', platform: 'node' },
  { name: 'env-session-worker', entry: 'src/env/session-worker.ts', out: 'dist/env-session-worker.js', platform: 'node' },
  { name: 'bounded-sql-worker', entry: 'src/device/bounded-sql/worker.ts', out: 'dist/bounded-sql-worker.js', platform: 'node' },
  { name: 'vscode-tests', entry: 'test/vscode/suite/index.ts', out: 'dist/test/vscode/index.js', platform: 'node' },
  { name: 'device-panel', entry: 'webview/device-panel/main.ts', out: 'dist/webview/device-panel.js', platform: 'browser' },
  { name: 'trajectory-sync-worker', entry: 'src/trajectory/write-thread/worker.mjs', out: 'dist/trajectory-sync-worker.js', platform: 'node' },
  { name: 'export-worker', entry: 'src/trajectory/export/worker.ts', out: 'dist/export-worker.js', platform: 'node' },
  { name: 'trajectory-viewer', entry: 'webview/trajectory-viewer/main.ts', out: 'dist/webview/trajectory-viewer.js', platform: 'browser' },
  { name: 'run-report', entry: 'webview/run-report/main.ts', out: 'dist/webview/run-report.js', platform: 'browser' },
];

function options({ entry, out, platform }) {
  const common = {
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    sourcemap: true,
    minify: production,
    logLevel: 'warning',
    legalComments: 'none',
  };
  if (platform === 'node') {
    // target node20: esbuild otherwise emits built-ins newer than Node 20 ships.
    return { ...common, platform: 'node', format: 'cjs', target: 'node20', external: NODE_EXTERNALS };
  }
  return { ...common, platform: 'browser', format: 'iife', target: 'es2022' };
}

/** Files that bundles load at run time and that must sit beside them. */
function copyRuntimeAssets() {
  fs.mkdirSync('dist', { recursive: true });
  fs.copyFileSync(path.join('node_modules', 'sql.js', 'dist', 'sql-wasm.wasm'), path.join('dist', 'sql-wasm.wasm'));
  // The run report's charts: Chart.js's UMD build, copied as is into every report folder.
  fs.mkdirSync(path.join('dist', 'webview'), { recursive: true });
  fs.copyFileSync(path.join('node_modules', 'chart.js', 'dist', 'chart.umd.min.js'), path.join('dist', 'webview', 'chart.umd.min.js'));
}

copyRuntimeAssets();
if (watch) {
  for (const e of ENTRIES) {
    const ctx = await esbuild.context(options(e));
    await ctx.watch();
  }
  console.log('[esbuild] watching', ENTRIES.map((e) => e.name).join(', '));
} else {
  const started = Date.now();
  await Promise.all(ENTRIES.map((e) => esbuild.build(options(e))));
  const sizes = ENTRIES.map((e) => `${e.name} ${(fs.statSync(e.out).size / 1024).toFixed(0)} KiB`).join(', ');
  console.log(`[esbuild] built in ${Date.now() - started} ms: ${sizes}`);
}
