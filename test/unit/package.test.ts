// scripts/package.mjs decides what native code a .vsix carries: what the bundles require,
// the packages that pulls in for one platform, and which foreign binaries are cut.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pruneForeignBinaries, runtimeClosure, runtimeRequires } from '../../scripts/package.mjs';

const root = path.resolve(__dirname, '..', '..');
const rel = (dirs: string[]) => dirs.map((d) => path.relative(path.join(root, 'node_modules'), d));

test('runtimeRequires lists bare packages the bundles load, not builtins, relative files or tests', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  try {
    fs.writeFileSync(path.join(dist, 'a.js'), 'require("sharp"); require("node:fs"); require("path"); require("./x"); require("vscode");\nimport("onnxruntime-node");');
    fs.mkdirSync(path.join(dist, 'workers'));
    fs.writeFileSync(path.join(dist, 'workers', 'b.js'), 'require("@napi-rs/canvas/js-binding")');
    fs.mkdirSync(path.join(dist, 'test'));
    fs.writeFileSync(path.join(dist, 'test', 'c.js'), 'require("mocha")');
    assert.deepEqual(runtimeRequires(dist), ['@napi-rs/canvas', 'onnxruntime-node', 'sharp']);
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

test('runtimeClosure takes the target platform packages and skips the others', () => {
  const linux = runtimeClosure(['sharp'], 'linux-x64');
  assert.deepEqual(linux.missing, []);
  assert.ok(rel(linux.dirs).includes('sharp'));
  assert.ok(rel(linux.dirs).includes(path.join('@img', 'sharp-linux-x64')));
  assert.ok(!rel(linux.dirs).some((d) => d.includes('musl') || d.includes('win32') || d.includes('darwin')));
});

test('runtimeClosure names the platform binaries a foreign target would lack', () => {
  const win = runtimeClosure(['sharp'], 'win32-x64');
  assert.ok(win.missing.some((m) => m.startsWith('@img/sharp-win32-x64')), win.missing.join('\n'));
  assert.ok(!rel(win.dirs).some((d) => d.includes('linux')));
});

test('onnxruntime-node keeps only the target os/cpu binaries', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ort-'));
  try {
    for (const p of ['linux/x64', 'linux/arm64', 'darwin/arm64', 'win32/x64']) {
      fs.mkdirSync(path.join(dir, 'bin', 'napi-v6', p), { recursive: true });
      fs.writeFileSync(path.join(dir, 'bin', 'napi-v6', p, 'onnxruntime_binding.node'), 'x');
    }
    pruneForeignBinaries('onnxruntime-node', dir, 'linux-x64');
    assert.deepEqual(fs.readdirSync(path.join(dir, 'bin', 'napi-v6')), ['linux']);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'bin', 'napi-v6', 'linux')), ['x64']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the model runtime ships for Node only: onnxruntime-web is left out, transformers keeps its Node build', async () => {
  const { runtimeClosure, pruneForeignBinaries, NOT_SHIPPED } = await import('../../scripts/package.mjs');
  const { dirs } = runtimeClosure(['@huggingface/transformers'], 'linux-x64');
  assert.ok(dirs.some((d: string) => d.endsWith(path.join('node_modules', 'onnxruntime-node'))), 'onnxruntime-node is shipped');
  assert.ok(dirs.some((d: string) => d.endsWith(path.join('@huggingface', 'tokenizers'))));
  assert.ok(!dirs.some((d: string) => d.includes('onnxruntime-web')), 'the browser backend is not');
  assert.ok(Object.hasOwn(NOT_SHIPPED, 'onnxruntime-web'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-pkg-tf-'));
  try {
    fs.mkdirSync(path.join(tmp, 'dist'), { recursive: true });
    for (const f of ['transformers.node.cjs', 'transformers.web.js', 'transformers.min.js', 'ort-wasm-simd-threaded.jsep.mjs']) fs.writeFileSync(path.join(tmp, 'dist', f), 'x');
    pruneForeignBinaries('@huggingface/transformers', tmp, 'linux-x64');
    assert.deepEqual(fs.readdirSync(path.join(tmp, 'dist')), ['transformers.node.cjs']);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
