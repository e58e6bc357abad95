// Activation must stay cheap: the extension entry may reach heavy packages (native binaries,
// WASM, the ADB client) only through `await import()`, which esbuild keeps lazy. This walks
// the entry's static import graph (esbuild metafile) and fails when a heavy package is on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '..', '..');

export const HEAVY_PACKAGES = ['@napi-rs/canvas', 'sharp', 'onnxruntime-node', 'sql.js', '@devicefarmer/adbkit', '@huggingface/transformers'];

const STATIC_KINDS = new Set(['import-statement', 'require-call', 'require-resolve']);

function isHeavy(spec: string): string | undefined {
  return HEAVY_PACKAGES.find((p) => spec === p || spec.startsWith(`${p}/`));
}

/** Heavy packages reachable from `entry` without a dynamic import, each with the chain that reaches it. */
export async function eagerHeavyImports(entry: string, cwd = root): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [entry], absWorkingDir: cwd, bundle: true, write: false, metafile: true,
    platform: 'node', format: 'cjs', packages: 'external', external: ['vscode'], logLevel: 'silent',
  });
  const inputs = result.metafile.inputs;
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of inputs[file]?.imports ?? []) {
      if (!STATIC_KINDS.has(imp.kind)) continue;
      const heavy = imp.external ? isHeavy(imp.path) : undefined;
      if (heavy) found.push(`${[...chain, file].join(' → ')} → ${imp.path}`);
      else if (!imp.external) walk(imp.path, [...chain, file]);
    }
  };
  walk(path.relative(cwd, path.resolve(cwd, entry)).split(path.sep).join('/'), []);
  return found;
}

test('the extension entry loads no heavy package at activation', async () => {
  assert.deepEqual(await eagerHeavyImports('src/extension/extension.ts'), []);
});

test('the check catches a static heavy import and allows a dynamic one', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-'));
  fs.writeFileSync(path.join(tmp, 'entry.ts'), "import { feature } from './feature';\nexport const x = feature;\nexport const later = () => import('onnxruntime-node');\n");
  fs.writeFileSync(path.join(tmp, 'feature.ts'), "import sharp from 'sharp';\nexport const feature = sharp;\n");
  try {
    assert.deepEqual(await eagerHeavyImports('entry.ts', tmp), ['entry.ts → feature.ts → sharp']);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
